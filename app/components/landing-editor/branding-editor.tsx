import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { brandingState, brandingUpdate, HEX_COLOR, type BrandingState } from './branding-changes.ts'
import { BrandingPreview } from './branding-preview.tsx'
import { editorTexts } from './landing-changes.ts'
import { ImageField } from './image-field.tsx'
import { PartnerLogos } from './partner-logos.tsx'
import { RouteColorSwatches } from '#app/components/route-color-swatches.tsx'
import { TranslationTabs } from './translation-tabs.tsx'
import { useRouteEditor } from './use-route-editor.ts'
import { useUnsavedChangesGuard } from '#app/components/unsaved-changes/use-unsaved-changes-guard.tsx'
import { locales, type Locale } from '#app/i18n/config.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { EditorForm } from './editor-form.tsx'

const LOGO_TITLE = ['logo_title'] as const

export function BrandingEditor({ initial, fallbackLocale }: { initial: RouteView; fallbackLocale: Locale }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const colorId = useId()
  const hexId = useId()
  const { route, setRoute, saved, edited, setEdited, changes, saving, save, discard, errors } = useRouteEditor<BrandingState>(initial, {
    toState: brandingState,
    toUpdate: brandingUpdate,
    fieldOf: (key) => key.replace(/^translations\./, ''),
    labelOf: () => t('landingEditor.fields.logo_title'),
  })
  const [hexDraft, setHexDraft] = useState(saved.bgColor)
  const guard = useUnsavedChangesGuard<BrandingState>({
    dirty: Boolean(changes),
    name: route.name ?? route.slug,
    saving,
    save,
    discard: () => {
      discard()
      setHexDraft(saved.bgColor)
    },
    keep: {
      screen: 'branding',
      routeUuid: route.uuid,
      state: edited,
      restore: (kept) => {
        setEdited(kept)
        setHexDraft(kept.bgColor)
      },
    },
  })
  const texts = editorTexts({}, locales)
  for (const l of Object.keys(edited.logoTitles) as (keyof typeof edited.logoTitles)[]) texts[l].logo_title = edited.logoTitles[l]

  const setBg = (hex: string) => {
    setHexDraft(hex.toUpperCase())
    if (HEX_COLOR.test(hex)) setEdited((e) => ({ ...e, bgColor: hex.toUpperCase() }))
  }

  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_24rem]">
      <EditorForm save={save} kept={guard.kept} dirty={Boolean(changes)} saving={saving} invalid={Object.keys(errors).length > 0} saveTestId="branding-save">
        <section aria-labelledby="background-title" className="flex flex-col gap-3">
          <h2 id="background-title" className="text-lg font-semibold">
            {t('branding.background')}
          </h2>
          <div className="flex flex-wrap items-end gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor={colorId} className="text-sm font-medium">
                {t('branding.bgColor')}
              </label>
              <input id={colorId} type="color" value={edited.bgColor.toLowerCase()} onChange={(e) => setBg(e.target.value)} data-testid="bg-color" className="h-10 w-16 cursor-pointer rounded border border-gray-300 bg-white dark:border-gray-700" />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={hexId} className="text-sm font-medium">
                {t('branding.hex')}
              </label>
              <input
                id={hexId}
                type="text"
                value={hexDraft}
                maxLength={7}
                onChange={(e) => setBg(e.target.value)}
                aria-invalid={!HEX_COLOR.test(hexDraft)}
                data-testid="bg-hex"
                className="w-28 rounded-lg border border-gray-300 bg-white px-3 py-2 font-mono text-sm uppercase aria-[invalid=true]:border-red-500 dark:border-gray-700 dark:bg-gray-900"
              />
            </div>
            <label className="inline-flex items-center gap-2 pb-2 text-sm">
              <input type="checkbox" checked={edited.transparent} onChange={(e) => setEdited((s) => ({ ...s, transparent: e.target.checked }))} data-testid="bg-transparent" className="size-4 accent-primary-600" />
              {t('branding.transparent')}
            </label>
          </div>
          {!HEX_COLOR.test(hexDraft) ? <p className="text-sm text-red-700 dark:text-red-400">{t('branding.hexHint')}</p> : null}
        </section>

        <RouteColorSwatches value={edited.color} onChange={(color) => setEdited((s) => ({ ...s, color }))} />

        <ImageField
          label={t('branding.logoPro')}
          url={route.branding.logo_pro_url}
          uploadPath={`/routes/${route.uuid}/logo-pro`}
          removePath={`/routes/${route.uuid}/remove-logo-pro`}
          onChange={setRoute}
          testId="logo-pro"
          contain
        />

        <PartnerLogos route={route} onChange={setRoute} />

        <section aria-labelledby="logo-title-title">
          <h2 id="logo-title-title" className="mb-3 text-lg font-semibold">
            {t('branding.logoTitle')}
          </h2>
          <TranslationTabs texts={texts} fields={LOGO_TITLE} initial={fallbackLocale} errors={errors} onChange={(l, _field, value) => setEdited((s) => ({ ...s, logoTitles: { ...s.logoTitles, [l]: value } }))} />
        </section>

      </EditorForm>
      <div className="min-w-0 xl:sticky xl:top-4 xl:self-start">
        <BrandingPreview
          bgColor={edited.bgColor}
          transparent={edited.transparent}
          color={edited.color}
          name={route.name ?? route.slug}
          logoProUrl={route.branding.logo_pro_url}
          logos={route.logos}
          logoTitle={edited.logoTitles[locale] || Object.values(edited.logoTitles).find(Boolean) || ''}
        />
      </div>
      {guard.modal}
    </div>
  )
}
