import { bindSpeed, playCounter } from './stop-player.client.ts'

// The landing page's stop players (ADR 123): the same player as the map page's, one per stop
// with a recording. One plays at a time; each stop's first play is counted in the statistics.
// Loaded only when the page has a recording; the rest of the page is public/landing.js.

function start() {
  const root = document.querySelector('[data-stop-recordings]')
  if (!root) return
  const uuid = root.getAttribute('data-route-uuid')
  const countPlay = uuid ? playCounter(uuid) : null
  const audios: HTMLAudioElement[] = []
  for (const stop of root.querySelectorAll<HTMLElement>('[data-stop-recording]')) {
    const { audio } = bindSpeed(stop.querySelector('[data-player]')!)
    audios.push(audio)
    audio.addEventListener('play', () => {
      for (const other of audios) if (other !== audio) other.pause()
      countPlay?.(Number(stop.dataset.stopRecording))
    })
  }
  root.setAttribute('data-players-ready', 'true')
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
else start()
