import { useTranslation } from 'react-i18next'
import type { TrailStopData } from '#app/visitor/trail-data.ts'

/**
 * A stop's recording (ADR 122): the browser's own player (pause, seek through range requests)
 * and a speed choice that app/visitor/stop-player.client.ts applies. The map page shows one for
 * the open stop, the landing page one per stop with a recording (ADR 123): `titleId` names each.
 * `scriptMarked`: the page marks <html class="trail-js"> before it is painted (the map page).
 */
export function StopPlayer({ locale, recording, titleId, scriptMarked }: { locale: string; recording: TrailStopData['recording']; titleId: string; scriptMarked: boolean }) {
  const { t } = useTranslation()
  const rate = new Intl.NumberFormat(locale)
  return (
    <div data-player hidden={!recording} className="space-y-2 rounded-xl border border-gray-200 p-3">
      <p id={titleId} className="text-sm font-semibold">
        {t('recordings.player.title')}
      </p>
      <audio data-audio data-testid="stop-audio" controls preload="none" src={recording?.url} aria-labelledby={titleId} className="w-full" />
      {/* The speed needs the script: a page that marks itself scripted first (the map page) shows
          it from the start, another once bindSpeed has run. */}
      <label data-speed-row hidden={!scriptMarked} className={`${scriptMarked ? 'tg-script-only ' : ''}flex items-center gap-2 text-sm`}>
        {t('recordings.player.speed')}
        <select data-speed defaultValue="1" className="min-h-11 rounded-lg border border-gray-300 bg-white px-2">
          {[0.75, 1, 1.25, 1.5, 2].map((value) => (
            <option key={value} value={value}>{`${rate.format(value)}×`}</option>
          ))}
        </select>
      </label>
    </div>
  )
}
