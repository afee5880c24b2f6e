import { countPlay } from './audio-plays.client.ts'

// The behaviour of a stop's player (app/components/public/stop-player.tsx), shared by the map
// page and the landing page (ADR 123): the speed choice, and each stop's first play counted.

/** The speed chosen applies now and to the next file the player loads. */
export function applySpeed(audio: HTMLAudioElement, speed: HTMLSelectElement): void {
  audio.defaultPlaybackRate = audio.playbackRate = Number(speed.value)
}

/** Wires a player's speed choice to its audio element, and shows the choice. */
export function bindSpeed(player: Element): { audio: HTMLAudioElement; speed: HTMLSelectElement } {
  const audio = player.querySelector<HTMLAudioElement>('[data-audio]')!
  const speed = player.querySelector<HTMLSelectElement>('[data-speed]')!
  speed.addEventListener('change', () => applySpeed(audio, speed))
  speed.closest<HTMLElement>('[data-speed-row]')!.hidden = false
  return { audio, speed }
}

/** Counts a stop's play once per page: pausing and resuming is the same listening. */
export function playCounter(routeUuid: string): (placeId: number) => void {
  const played = new Set<number>()
  return (placeId) => {
    if (played.has(placeId)) return
    played.add(placeId)
    countPlay(routeUuid, placeId)
  }
}
