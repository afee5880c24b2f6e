import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { initClientI18n } from '#app/i18n/i18n.client.ts'

// The root layout marks the pages that show manager screens (their messages come in a second part).
const i18n = await initClientI18n(document.documentElement.lang, { manager: document.documentElement.dataset.messages === 'all' })

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18n}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  )
})
