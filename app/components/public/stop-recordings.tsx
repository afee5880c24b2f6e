import { useTranslation } from 'react-i18next'
import type { TrailStopData } from '#app/visitor/trail-data.ts'
import { StopPlayer } from './stop-player.tsx'

/** A stop with a recording, as the landing page lists it (ADR 123). */
export interface LandingStopRecording {
  id: number
  number: number
  name: string
  recording: NonNullable<TrailStopData['recording']>
  /** The stop's stories in the recording's language (ADR 044), what it says: shown as its transcript. */
  transcript: { title: string; text: string }[]
  /** The recording's language and its direction, on the transcript. */
  language: { locale: string; dir: 'ltr' | 'rtl' }
}

/**
 * The landing page's stops with a recording, each with the map page's player and its text as the
 * transcript; app/visitor/landing-audio.client.ts (`script`) adds the speed and counts the plays.
 */
export function StopRecordings({ stops, locale, routeUuid, script }: { stops: LandingStopRecording[]; locale: string; routeUuid: string | undefined; script: string }) {
  const { t } = useTranslation()
  if (stops.length === 0) return null
  return (
    <section data-stop-recordings data-route-uuid={routeUuid} aria-labelledby="stop-recordings-title" className="space-y-4 border-t border-gray-100 pt-6">
      <h2 id="stop-recordings-title" className="text-xl font-semibold text-gray-900">
        {t('publicLanding.recordings')}
      </h2>
      <ol className="space-y-4">
        {stops.map((stop) => (
          <li key={stop.id} data-stop-recording={stop.id} data-testid={`stop-recording-${stop.id}`} className="space-y-2">
            <h3 className="font-semibold text-gray-900">
              <span className="text-sm font-normal text-gray-700">{t('publicMap.stop', { number: stop.number })} · </span>
              {stop.name}
            </h3>
            <StopPlayer locale={locale} recording={stop.recording} titleId={`stop-player-title-${stop.id}`} scriptMarked={false} />
            {stop.transcript.length > 0 ? (
              <details className="rounded-xl bg-gray-100 p-3 text-sm">
                <summary className="min-h-6 cursor-pointer font-semibold">{t('publicMap.transcript')}</summary>
                <div data-transcript-text lang={stop.language.locale} dir={stop.language.dir} className="mt-2 space-y-2">
                  {stop.transcript.map((part, i) => (
                    <p key={i} className="whitespace-pre-line break-words">
                      {part.title ? <strong>{part.title}. </strong> : null}
                      {part.text}
                    </p>
                  ))}
                </div>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
      <script async src={script} />
    </section>
  )
}
