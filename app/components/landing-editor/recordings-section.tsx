import { Mic, Upload } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, apiRequest } from '#app/client/api-client.ts'
import { languageName } from '#app/i18n/content-locales.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import type { RecordingView } from '#app/modules/recordings/recordings.schema.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { Button } from '#app/components/ui/button.tsx'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'

// The landing editor's "Recordings" section (ADR 122): each stop's recording in the language of
// the texts' tab, uploaded (or removed) at once, not with the save bar: a file is not a draft.

interface Props {
  route: RouteView
  language: string
}

/** PUT of the file as multipart/form-data (apiRequest speaks JSON only); the place's recordings back. */
async function uploadRecording(placeId: number, language: string, file: File): Promise<RecordingView[]> {
  const form = new FormData()
  form.append('file', file)
  const response = await fetch(`/api/places/${placeId}/recordings/${language}`, { method: 'PUT', credentials: 'same-origin', headers: { Accept: 'application/json' }, body: form })
  const payload = (await response.json().catch(() => ({}))) as { data?: RecordingView[]; message?: string; errors?: Record<string, string[]> }
  if (response.ok) return payload.data ?? []
  throw new ApiError(response.status, payload.message ?? response.statusText, payload.errors, payload.message !== undefined)
}

export function RecordingsSection({ route, language }: Props) {
  const { t } = useTranslation()
  const ui = useLocale()
  const [recordings, setRecordings] = useState<Record<number, RecordingView[]>>({})
  const [busy, setBusy] = useState<number | null>(null)
  const [problem, setProblem] = useState<{ place: number; text: string } | null>(null)
  const placeIds = route.places.map((p) => p.id).join(',')

  useEffect(() => {
    let live = true
    const ids = placeIds ? placeIds.split(',').map(Number) : []
    Promise.all(ids.map(async (id) => [id, await apiRequest(`/places/${id}/recordings`)] as const))
      .then((entries) => live && setRecordings(Object.fromEntries(entries)))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [placeIds])

  async function run(placeId: number, work: () => Promise<RecordingView[]>) {
    setBusy(placeId)
    setProblem(null)
    try {
      const list = await work()
      setRecordings((r) => ({ ...r, [placeId]: list }))
    } catch (error) {
      setProblem({ place: placeId, text: error instanceof ApiError ? error.message : String(error) })
    } finally {
      setBusy(null)
    }
  }

  if (route.places.length === 0) return null
  return (
    <section aria-labelledby="recordings-title" data-testid="recordings-editor" className="flex flex-col gap-3">
      <SectionHeading id="recordings-title" icon={Mic} title={t('recordings.editor.title')} hint={t('recordings.editor.hint')} />
      <ul className="flex flex-col gap-3">
        {[...route.places]
          .sort((a, b) => a.placeSortId - b.placeSortId)
          .map((place) => {
            const recording = recordings[place.id]?.find((r) => r.locale === language) ?? null
            const inputId = `recording-${place.id}-${language}`
            return (
              <li key={place.id} data-testid={`recording-${place.id}`} className="flex flex-col gap-2 rounded-lg border border-gray-200 p-3 dark:border-gray-700">
                <p className="text-sm font-medium">
                  {place.placeSortId}. {place.name} <span className="text-gray-500 dark:text-gray-400">({languageName(language, ui)})</span>
                </p>
                {recording ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <audio controls preload="none" src={recording.url} aria-label={t('recordings.editor.of', { name: place.name })} className="max-w-full" />
                    <Button
                      type="button"
                      variant="secondary"
                      className="min-h-11"
                      disabled={busy === place.id}
                      onClick={() => void run(place.id, () => apiRequest(`/places/${place.id}/recordings/${language}`, { method: 'DELETE' }))}
                    >
                      {t('recordings.editor.remove')}
                    </Button>
                  </div>
                ) : null}
                {/* A labelled button over a hidden input: the browser's own "Choose file" is in the browser's language, not the app's. */}
                <div>
                  <input
                    id={inputId}
                    type="file"
                    accept="audio/mpeg,audio/mp4,audio/aac,audio/ogg,.mp3,.m4a,.aac,.ogg,.opus"
                    disabled={busy === place.id}
                    aria-describedby={problem?.place === place.id ? `${inputId}-error` : undefined}
                    onChange={(e) => {
                      const file = e.target.files?.[0]
                      e.target.value = ''
                      if (file) void run(place.id, () => uploadRecording(place.id, language, file))
                    }}
                    className="peer sr-only"
                  />
                  <label
                    htmlFor={inputId}
                    className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:hover:bg-gray-800"
                  >
                    <Upload className="size-4" aria-hidden />
                    {recording ? t('recordings.editor.replace') : t('recordings.editor.upload')}
                  </label>
                </div>
                {busy === place.id ? <p className="text-sm text-gray-600 dark:text-gray-300">{t('recordings.editor.working')}</p> : null}
                {problem?.place === place.id ? (
                  <p id={`${inputId}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
                    {problem.text}
                  </p>
                ) : null}
              </li>
            )
          })}
      </ul>
    </section>
  )
}
