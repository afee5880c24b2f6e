import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AccessibilitySection } from './accessibility-section.tsx'
import { RecordingsSection } from './recordings-section.tsx'
import { StoriesSection } from './stories-section.tsx'
import { ImageField } from './image-field.tsx'
import { landingErrors, landingFieldOf, landingState, landingUpdate, namedLocales, type LandingState, type LandingUpdate } from './landing-changes.ts'
import { NearbyRoutes } from './nearby-routes.tsx'
import { NoticeEditor } from './notice-editor.tsx'
import { noticeDraft, previewNotice } from './notice-changes.ts'
import { PublicPreview } from './public-preview.tsx'
import { TranslationTabs } from './translation-tabs.tsx'
import { TranslationDraft } from './translation-draft.tsx'
import { useRouteEditor } from './use-route-editor.ts'
import { useUnsavedChangesGuard } from '#app/components/unsaved-changes/use-unsaved-changes-guard.tsx'
import { messageKey } from '#app/i18n/keys.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import type { Addressing } from '#app/modules/addresses/route-address.ts'
import type { RouteSummaryView, RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import type { Locale } from '#app/i18n/config.ts'
import { walkTextFields } from '#app/modules/walks/walks.schema.ts'
import { EditorForm } from './editor-form.tsx'
import { HistoryPanel } from '#app/components/revisions/history-panel.tsx'
import { apiRequest } from '#app/client/api-client.ts'

export interface LandingEditorProps {
  initial: RouteView
  routes: RouteSummaryView[]
  addressing: Addressing
  category: string
  /** The category's first language: the editor opens on it unless the route speaks the user's. */
  fallbackLocale: Locale
  /** The category's content languages, the fallback first (ADR 043): the language tabs. */
  contentLocales: string[]
  /** REVISIONS_DAYS: how long the History keeps a save (ADR 111). */
  revisionsDays: number
  /** An AI provider is configured: a tab other than the fallback's offers a translation draft (ADR 043). */
  aiTexts?: boolean
}

export function LandingEditor({ initial, routes, addressing, category, fallbackLocale, contentLocales, revisionsDays, aiTexts = false }: LandingEditorProps) {
  const { t } = useTranslation()
  const interfaceLocale = useLocale()
  const [language, setLanguage] = useState<string>(() => (namedLocales(initial.translations, contentLocales).includes(interfaceLocale) ? interfaceLocale : fallbackLocale))
  const { route, setRoute, replace, edited, setEdited, changes, saving, save, discard, errors } = useRouteEditor<LandingState>(initial, {
    toState: (r) => landingState(r, contentLocales),
    toUpdate: landingUpdate,
    validate: (update) => landingErrors(update as LandingUpdate),
    fieldOf: landingFieldOf,
    labelOf: (key) =>
      key.startsWith('notice.')
        ? t(messageKey(`notices.fields.${key.split('.')[1]}`))
        : t(messageKey(key.startsWith('accessibility.') ? `accessibility.labels.${key.split('.').pop()}` : `landingEditor.fields.${key.split('.').pop()}`)),
  })
  const guard = useUnsavedChangesGuard<LandingState>({
    dirty: Boolean(changes),
    name: route.name ?? route.slug,
    saving,
    save,
    discard,
    keep: { screen: 'landing', routeUuid: route.uuid, state: edited, restore: setEdited },
  })
  // An error in another language's tab: show that tab (the user sees what to fix).
  const firstError = Object.keys(errors)[0]
  const [shownError, setShownError] = useState<string | undefined>(undefined)
  if (firstError !== shownError) {
    setShownError(firstError)
    const locale = firstError?.split('.')[0]
    if (locale && locale !== language && contentLocales.includes(locale)) setLanguage(locale)
  }

  // Uploads and nearby changes are saved at once by their endpoints: take the route, keep edits.
  const applied = setRoute
  // Work kept from before notices existed has none: the route's own.
  const notice = edited.notice ?? noticeDraft(route.notice, contentLocales)

  return (
    <div className="grid gap-8 xl:grid-cols-2">
      <EditorForm save={save} kept={guard.kept} dirty={Boolean(changes)} saving={saving} invalid={Object.keys(errors).length > 0} saveTestId="landing-save">
        <section aria-labelledby="texts-title">
          <h2 id="texts-title" className="mb-3 text-lg font-semibold">
            {t('landingEditor.texts')}
          </h2>
          <TranslationTabs
            texts={edited.texts}
            fields={walkTextFields}
            languages={contentLocales}
            active={language}
            onActiveChange={setLanguage}
            errors={errors}
            onChange={(locale, field, value) => setEdited((e) => ({ ...e, texts: { ...e.texts, [locale]: { ...e.texts[locale], [field]: value } } }))}
          />
          {aiTexts && language !== fallbackLocale ? (
            <TranslationDraft
              key={language}
              routeUuid={route.uuid}
              from={fallbackLocale}
              locale={language}
              onDrafted={(texts) => setEdited((e) => ({ ...e, texts: { ...e.texts, [language]: { ...e.texts[language], ...texts } } }))}
            />
          ) : null}
        </section>

        <NoticeEditor languages={contentLocales} draft={notice} saved={route.notice} onChange={(next) => setEdited((s) => ({ ...s, notice: next }))} language={language} onLanguageChange={setLanguage} errors={errors} />

        <section aria-labelledby="images-title" className="flex flex-col gap-4">
          <h2 id="images-title" className="text-lg font-semibold">
            {t('landingEditor.images')}
          </h2>
          <div className="grid gap-6 sm:grid-cols-2">
            <ImageField
              label={t('landingEditor.photo')}
              url={route.photo}
              uploadPath={`/routes/${route.uuid}/photo`}
              removePath={`/routes/${route.uuid}/remove-photo`}
              onChange={applied}
              testId="photo"
            />
            <ImageField
              label={t('landingEditor.contentImage')}
              url={route.content_image}
              uploadPath={`/routes/${route.uuid}/content-image`}
              removePath={`/routes/${route.uuid}/remove-content-image`}
              onChange={applied}
              testId="content-image"
            />
          </div>
        </section>

        <AccessibilitySection route={route} value={edited.accessibility} language={language} errors={errors} onChange={(accessibility) => setEdited((e) => ({ ...e, accessibility }))} />

        <RecordingsSection route={route} language={language} />

        <StoriesSection route={route} languages={contentLocales} fallback={fallbackLocale} />

        <NearbyRoutes route={route} candidates={routes} onChange={applied} />

        <section aria-labelledby="publishing-title" className="flex flex-col gap-3">
          <h2 id="publishing-title" className="text-lg font-semibold">
            {t('landingEditor.publishing')}
          </h2>
          <label className="inline-flex items-center gap-2 text-sm">
            <span className="font-medium">{t('landingEditor.statusLabel')}</span>
            <select
              data-testid="route-status"
              value={edited.status}
              onChange={(e) => setEdited((s) => ({ ...s, status: e.target.value === 'published' ? 'published' : 'draft' }))}
              className="rounded-lg border border-gray-300 bg-white px-2 py-1.5 dark:border-gray-700 dark:bg-gray-900"
            >
              <option value="draft">{t('landingEditor.status.draft')}</option>
              <option value="published">{t('landingEditor.status.published')}</option>
            </select>
          </label>
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              data-testid="route-indexed"
              checked={edited.isIndexed}
              onChange={(e) => setEdited((s) => ({ ...s, isIndexed: e.target.checked }))}
              className="size-4 rounded border-gray-300 accent-primary-600"
            />
            {t('landingEditor.isIndexed')}
          </label>
        </section>

        <section aria-labelledby="history-title" className="flex flex-col items-start gap-2">
          <h2 id="history-title" className="text-lg font-semibold">
            {t('revisions.title')}
          </h2>
          <HistoryPanel target={{ kind: 'route', uuid: route.uuid }} days={revisionsDays} onRestored={async () => replace(await apiRequest(`/routes/${route.uuid}/get-route`))} />
        </section>

      </EditorForm>
      {guard.modal}
      {/* The preview follows the notice and the accessibility facts as edited, as it follows the texts. */}
      <PublicPreview
        route={{ ...route, accessibility: { ...route.accessibility, ...edited.accessibility?.facts } }}
        texts={edited.texts}
        notice={previewNotice(notice, language)}
        locale={language}
        addressing={addressing}
        category={category}
        className="min-w-0 xl:sticky xl:top-4 xl:self-start"
      />
    </div>
  )
}
