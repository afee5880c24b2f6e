import { BookOpen, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiErrorMessage, apiRequest, ApiError } from '#app/client/api-client.ts'
import { languageName, textDirection } from '#app/i18n/content-locales.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import type { SecretView } from '#app/modules/places/places.schema.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'

// The landing editor's "Stories" section (ADR 044): each stop's stories with their language, and
// one form to add a story to a stop in one of the category's content languages (the fallback
// chosen first). Added and deleted at once, as recordings are: a story is not a draft of the route.

interface Props {
  route: RouteView
  /** The category's content languages, the fallback first (ADR 043). */
  languages: string[]
  fallback: string
}

const TITLE_MAX = 160
const TEXT_MAX = 5000
const inputClass = 'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm aria-invalid:border-red-500 dark:border-gray-700 dark:bg-gray-900'

export function StoriesSection({ route, languages, fallback }: Props) {
  const { t } = useTranslation()
  const ui = useLocale()
  const stops = [...route.places].sort((a, b) => a.placeSortId - b.placeSortId)
  const [stories, setStories] = useState<Record<number, SecretView[]>>({})
  const [stop, setStop] = useState<number | null>(stops[0]?.id ?? null)
  const [language, setLanguage] = useState(fallback)
  const [title, setTitle] = useState('')
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string[]> } | null>(null)
  const [said, setSaid] = useState('')
  const placeIds = stops.map((p) => p.id).join(',')

  useEffect(() => {
    let live = true
    const ids = placeIds ? placeIds.split(',').map(Number) : []
    Promise.all(ids.map(async (id) => [id, await apiRequest(`/places/${id}/secrets`)] as const))
      .then((entries) => live && setStories(Object.fromEntries(entries)))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [placeIds])

  async function run(work: () => Promise<void>, done: string) {
    setBusy(true)
    setProblem(null)
    setSaid('')
    try {
      await work()
      setSaid(done)
    } catch (error) {
      setProblem({ message: apiErrorMessage(error, t('stories.editor.failed')), fields: error instanceof ApiError && error.status === 422 ? (error.errors ?? {}) : {} })
    } finally {
      setBusy(false)
    }
  }

  const add = (placeId: number) =>
    run(async () => {
      const created = await apiRequest(`/places/${placeId}/secrets`, { method: 'POST', body: { title, text, locale: language } })
      setStories((s) => ({ ...s, [placeId]: [created, ...(s[placeId] ?? [])] }))
      setTitle('')
      setText('')
    }, t('stories.editor.added'))

  const remove = (placeId: number, id: number) =>
    run(async () => {
      await apiRequest(`/secrets/${id}`, { method: 'DELETE' })
      setStories((s) => ({ ...s, [placeId]: (s[placeId] ?? []).filter((story) => story.id !== id) }))
    }, t('stories.editor.deleted'))

  if (stops.length === 0 || stop === null) return null
  const dir = textDirection(language)
  const fieldError = (field: string) => problem?.fields[field]?.join(' ')
  return (
    <section aria-labelledby="stories-title" data-testid="stories-editor" className="flex flex-col gap-3">
      <SectionHeading id="stories-title" icon={BookOpen} title={t('stories.editor.title')} hint={t('stories.editor.hint')} />
      <ul className="flex flex-col gap-2">
        {stops.map((place) => (
          <li key={place.id} data-testid={`stories-${place.id}`} className="rounded-lg border border-gray-200 p-3 dark:border-gray-700">
            <p className="text-sm font-medium">
              {place.placeSortId}. {place.name}
            </p>
            {(stories[place.id] ?? []).length === 0 ? (
              <p className="text-sm text-gray-600 dark:text-gray-300">{t('stories.editor.none')}</p>
            ) : (
              <ul className="mt-2 flex flex-col gap-2">
                {(stories[place.id] ?? []).map((story) => {
                  const locale = story.locale ?? fallback
                  return (
                    <li key={story.id} data-testid="story-item" className="flex items-start gap-2 rounded-md bg-amber-50 p-2 dark:bg-amber-950/40">
                      <div className="min-w-0 flex-1">
                        <p className="text-xs text-gray-700 dark:text-gray-300" data-testid="story-language">
                          {languageName(locale, ui)}
                        </p>
                        <p lang={locale} dir={textDirection(locale)} className="font-semibold break-words">
                          {story.title}
                        </p>
                        <p lang={locale} dir={textDirection(locale)} className="text-sm whitespace-pre-line break-words">
                          {story.text}
                        </p>
                      </div>
                      <Button type="button" variant="ghostDanger" className="min-h-10" disabled={busy} aria-label={t('stories.editor.delete', { title: story.title })} onClick={() => void remove(place.id, story.id)}>
                        <Trash2 className="size-4" aria-hidden />
                      </Button>
                    </li>
                  )
                })}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3 dark:border-gray-700" data-testid="story-form">
        <h3 className="text-sm font-semibold">{t('stories.editor.new')}</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('stories.editor.stop')}>
            {(id) => (
              <select id={id} className={inputClass} value={stop} data-testid="story-stop" onChange={(e) => setStop(Number(e.target.value))}>
                {stops.map((place) => (
                  <option key={place.id} value={place.id}>
                    {place.placeSortId}. {place.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('stories.editor.language')}>
            {(id) => (
              <select id={id} className={inputClass} value={language} data-testid="story-language-choice" aria-invalid={fieldError('locale') ? true : undefined} onChange={(e) => setLanguage(e.target.value)}>
                {languages.map((locale) => (
                  <option key={locale} value={locale}>
                    {languageName(locale, ui)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field label={`${t('stories.editor.storyTitle')} (${languageName(language, ui)})`}>
          {(id) => (
            <input id={id} lang={language} dir={dir} className={inputClass} maxLength={TITLE_MAX} value={title} data-testid="story-title" aria-invalid={fieldError('title') ? true : undefined} onChange={(e) => setTitle(e.target.value)} />
          )}
        </Field>
        <Field label={`${t('stories.editor.storyText')} (${languageName(language, ui)})`}>
          {(id) => (
            <textarea id={id} lang={language} dir={dir} rows={4} className={inputClass} maxLength={TEXT_MAX} value={text} data-testid="story-text" aria-invalid={fieldError('text') ? true : undefined} onChange={(e) => setText(e.target.value)} />
          )}
        </Field>
        <div>
          <Button type="button" className="min-h-11" disabled={busy || title.trim() === '' || text.trim() === ''} data-testid="story-add" onClick={() => void add(stop)}>
            {busy ? t('stories.editor.working') : t('stories.editor.add')}
          </Button>
        </div>
        <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
          {said}
        </p>
        {problem ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {problem.message}
          </p>
        ) : null}
      </div>
    </section>
  )
}
