import { useTranslation } from 'react-i18next'
import { SaveBar } from '#app/components/ui/save-bar.tsx'
import { KeptWorkOffer } from '#app/components/unsaved-changes/unsaved-changes-modal.tsx'

/** The route editors' form (landing page, branding): kept work offered first, the sticky save bar last; submitting saves. */
export function EditorForm({
  save,
  kept,
  dirty,
  saving,
  invalid,
  saveTestId,
  children,
}: {
  save: () => Promise<unknown>
  kept: React.ComponentProps<typeof KeptWorkOffer>['kept']
  dirty: boolean
  saving: boolean
  invalid: boolean
  saveTestId: string
  children: React.ReactNode
}) {
  const { t } = useTranslation()
  return (
    <form
      className="flex min-w-0 flex-col gap-8"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <KeptWorkOffer kept={kept} />
      {children}
      <SaveBar
        dirty={dirty}
        saving={saving}
        invalid={invalid}
        labels={{ save: t('landingEditor.save'), unsaved: t('landingEditor.unsaved'), invalid: t('editorSafety.fixErrors') }}
        testId={saveTestId}
        statusTestId="save-bar-status"
      />
    </form>
  )
}
