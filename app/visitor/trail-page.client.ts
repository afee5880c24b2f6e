import { createTrailMap, type TrailMap } from '#app/map/trail-map.ts'
import type { LatLng } from '#app/modules/geo/geo.ts'
import { arrivals, closestPlace, distanceLabel, distancesFrom } from './distances.ts'
import { registerVisitorWorker } from './register-worker.client.ts'
import { enhanceReportForm, setReportPlace } from './report-form.client.ts'
import { applySpeed, bindSpeed, playCounter } from './stop-player.client.ts'
import { createListener, speechAvailable, transcriptOf, type SpokenPart } from './speech.client.ts'
import type { TrailData } from './trail-data.ts'
import { setUpOffline } from './trail-offline.client.ts'

// The route map page's script: it enhances the server's HTML (app/components/trail/
// trail-page.tsx) without a framework: the Leaflet map, the place sheet, "show my position" with
// the distances (pure JS, so it works offline), the card of a stop opened once when the visitor
// comes within 20 m, "Listen", and saving the walk for offline. Elements are found by data-*.

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''))

function start() {
  const found = document.querySelector('[data-trail]')
  if (!found) return
  const root: Element = found
  const trail = JSON.parse(root.getAttribute('data-trail')!) as TrailData
  // A plaque's scan (/q/{code}) is answered with this page itself (ADR 071): the address kept in
  // the history, bookmarked and shared is the map page's, on the scanned stop.
  if (/\/q\/[^/]+$/.test(location.pathname)) {
    // The page's address may carry ?lang= (ADR 043): the stop is added to its query.
    const address = new URL(trail.pages[0], location.href)
    if (trail.focus) address.searchParams.set('place', String(trail.focus))
    history.replaceState(null, '', address.pathname + address.search)
  }
  const m = trail.messages
  const $ = <T extends Element = HTMLElement>(selector: string) => root.querySelector<T>(selector)
  const $$ = <T extends Element = HTMLElement>(selector: string) => [...root.querySelectorAll<T>(selector)]
  const summary = $('[data-summary]')!
  const detail = $('[data-place-detail]')!
  const list = $<HTMLFormElement>('[data-place-list]')!
  const toggle = $<HTMLButtonElement>('[data-toggle-places]')!
  const locate = $<HTMLButtonElement>('[data-locate]')!
  const problem = $('[data-position-problem]')!
  const listenRow = $('[data-listen-row]')!
  const listenButton = $<HTMLButtonElement>('[data-listen]')!
  const transcript = $('[data-transcript]')!
  const player = $('[data-player]')!
  const { audio, speed } = bindSpeed(player)
  const centre = $<HTMLButtonElement>('[data-centre]')!

  // "Report a problem here": sent to the API; the place sheet's link opens it about that stop.
  const report = root.querySelector<HTMLDetailsElement>('details[data-report]')
  if (report) {
    enhanceReportForm(report)
    for (const link of $$('[data-report-open]')) {
      link.addEventListener('click', (event) => {
        // A new tab or window opens the report page itself (the link names the route and the stop).
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
        event.preventDefault()
        report.hidden = false
        report.open = true
        report.scrollIntoView({ block: 'start', behavior: 'smooth' })
        report.querySelector<HTMLInputElement>('input[name="kind"]')?.focus({ preventScroll: true })
      })
    }
  }

  let distances = new Map<number, number>()
  let selected: number | null = null
  let expanded = false
  const announced = new Set<number>()
  const place = (id: number) => trail.places.find((p) => p.id === id)

  // The map: its styles first (not render-blocking in the HTML), then Leaflet.
  for (const href of trail.styles) {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    document.head.append(link)
  }
  // ?place=: a scanned plaque's stop (also when this page came from the offline copy without it).
  const asked = place(Number(new URLSearchParams(location.search).get('place')))
  const mapElement = document.getElementById('trail-map')!
  // The placeholder stays under the map, which covers it; screen readers no longer read it.
  $('[data-map-placeholder]')?.setAttribute('aria-hidden', 'true')
  const map: TrailMap = createTrailMap(mapElement, {
    tileUrl: trail.tiles.url,
    attribution: trail.tiles.attribution,
    color: trail.color,
    paths: trail.paths,
    stops: trail.places,
    zoomInTitle: m.zoomIn,
    zoomOutTitle: m.zoomOut,
    focus: asked,
    onSelect: (id) => open(id, { centre: false }),
  })

  // The script-only controls, the folded list and the hidden texts of the list are painted so
  // from the start (html.trail-js, app/styles/app.css): nothing here moves the page.
  const setExpanded = (value: boolean) => {
    expanded = value
    toggle.setAttribute('aria-expanded', String(value))
    toggle.textContent = value ? m.hidePlaces : m.showPlaces
    list.classList.toggle('tg-expanded', value)
  }
  toggle.addEventListener('click', () => setExpanded(!expanded))

  /** "Listen" pressed or not, and the text heard shown as its transcript. */
  const showListening = (speaking: boolean, text?: string) => {
    listenButton.setAttribute('aria-pressed', String(speaking))
    listenButton.querySelector('[data-listen-label]')!.textContent = speaking ? m.stopListening : m.listen
    if (text) {
      transcript.hidden = false
      transcript.querySelector('[data-transcript-text]')!.textContent = text
    }
  }
  const listener = speechAvailable() ? createListener(showListening) : null
  listenRow.hidden = listener === null

  // The stop's recording (ADR 122): the browser's player; "Listen" plays it where there is one.
  const recordingOf = (id: number | null) => (id === null ? null : (place(id)?.recording ?? null))
  // Plays counted per stop in the statistics (ADR 123).
  const countPlay = playCounter(trail.uuid)
  audio.addEventListener('play', () => {
    listener?.stop()
    showListening(true)
    if (selected !== null) countPlay(selected)
  })
  audio.addEventListener('pause', () => showListening(false))
  function showRecording(id: number) {
    const recording = recordingOf(id)
    audio.pause()
    player.hidden = recording === null
    if (recording && audio.getAttribute('src') !== recording.url) audio.src = recording.url
    if (!recording) audio.removeAttribute('src')
    applySpeed(audio, speed)
    listenRow.hidden = recording === null && listener === null
  }

  function showDistances() {
    for (const el of $$('[data-place-distance]')) el.textContent = distanceLabel(distances.get(Number(el.dataset.placeDistance)), trail.locale, m.notAvailable)
    const closest = closestPlace(distances)
    $('[data-testid="closest-distance"]')!.textContent = distanceLabel(closest?.distance, trail.locale, m.notAvailable)
    $('[data-testid="closest-name"]')!.textContent = closest ? place(closest.id)?.name ?? '' : ''
    if (selected !== null) $('[data-detail-distance]')!.textContent = distanceLabel(distances.get(selected), trail.locale, m.notAvailable)
  }

  /** What "Listen" reads of a stop: its number and name, then each part of its texts in its own language (no placeholder). */
  function spokenParts(id: number): SpokenPart[] {
    const stop = place(id)!
    const body = $(`[data-place-body="${id}"]`)
    const parts: SpokenPart[] = [{ text: `${fill(m.stop, { number: stop.number })}. ${stop.name}.`, lang: trail.locale }]
    for (const element of body?.querySelectorAll<HTMLElement>('[data-speak]') ?? []) {
      const text = element.textContent?.trim()
      if (text) parts.push({ text, lang: element.closest('[lang]')?.getAttribute('lang') ?? trail.locale })
    }
    return parts
  }

  /** `scroll: false` on the page's first open: the sheet is at its top, and a forced layout there cost a throttled phone ~80 ms before the map was drawn. */
  function open(id: number, options: { centre: boolean; scroll?: boolean }) {
    const stop = place(id)
    if (!stop) return
    listener?.stop()
    transcript.hidden = true
    $('[data-arrival]')!.textContent = ''
    selected = id
    showRecording(id)
    $('[data-detail-stop]')!.textContent = fill(m.stop, { number: stop.number })
    $('[data-detail-name]')!.textContent = stop.name
    const body = $(`[data-place-body="${id}"]`)
    const copy = body?.cloneNode(true) as HTMLElement | undefined
    if (copy) {
      copy.hidden = false
      copy.removeAttribute('data-place-body')
      copy.className = ''
    }
    $('[data-detail-body]')!.replaceChildren(...(copy ? [copy] : []))
    summary.hidden = true
    list.hidden = true
    detail.hidden = false
    root.setAttribute('data-stop-open', '')
    if (options.scroll !== false) detail.scrollIntoView({ block: 'start' })
    showDistances()
    map.select(id)
    if (report) {
      setReportPlace(report, stop, trail.name)
      // The stop's own link is the one "Report a problem here" on screen until it is used.
      if (!report.open) report.hidden = true
    }
    for (const link of $$<HTMLAnchorElement>('a[data-report-open]')) {
      const href = new URL(link.href)
      href.searchParams.set('place', String(id))
      link.href = `${href.pathname}${href.search}`
    }
    if (options.centre) map.focus(stop)
    const url = new URL(location.href)
    url.searchParams.set('place', String(id))
    history.replaceState(null, '', url)
    $('[data-detail-name]')!.focus({ preventScroll: true })
  }

  function close() {
    listener?.stop()
    audio.pause()
    selected = null
    detail.hidden = true
    summary.hidden = false
    list.hidden = false
    root.removeAttribute('data-stop-open')
    map.select(null)
    if (report) {
      setReportPlace(report, null, trail.name)
      report.hidden = false
    }
    const url = new URL(location.href)
    url.searchParams.delete('place')
    history.replaceState(null, '', url)
  }

  $('[data-detail-name]')!.tabIndex = -1
  list.addEventListener('submit', (event) => {
    event.preventDefault()
    const id = Number((event.submitter as HTMLButtonElement | null)?.value)
    if (id) open(id, { centre: true })
  })
  detail.querySelector('form')!.addEventListener('submit', (event) => {
    event.preventDefault()
    close()
  })
  centre.addEventListener('click', () => selected !== null && map.focus(place(selected)!))
  listenButton.addEventListener('click', () => {
    if (selected === null) return
    if (!recordingOf(selected)) return listener?.toggle(spokenParts(selected))
    if (!audio.paused) return audio.pause()
    showListening(true, transcriptOf(spokenParts(selected)))
    void audio.play()
  })

  // The map opened on the asked stop already.
  if (asked) open(asked.id, { centre: false, scroll: false })

  // The position: followed once asked for; distances, the nearest stop, and arrivals under 20 m.
  let watching = false
  function onPosition(position: LatLng) {
    distances = distancesFrom(position, trail.places)
    map.showPosition(position)
    showDistances()
    locate.hidden = true
    problem.hidden = true
    const arrived = arrivals(distances, announced)
    if (arrived.length === 0) return
    for (const id of arrived) announced.add(id)
    open(arrived[0], { centre: true })
    $('[data-arrival]')!.textContent = fill(m.arrived, { number: place(arrived[0])!.number, name: place(arrived[0])!.name })
    if ('vibrate' in navigator) navigator.vibrate(200)
  }
  locate.addEventListener('click', () => {
    if (watching) return
    if (!('geolocation' in navigator)) {
      problem.textContent = m.positionUnavailable
      problem.hidden = false
      return
    }
    watching = true
    locate.setAttribute('aria-busy', 'true')
    locate.querySelector('[data-locate-label]')!.textContent = m.positionWaiting
    navigator.geolocation.watchPosition(
      (p) => onPosition({ lat: p.coords.latitude, lng: p.coords.longitude }),
      (error) => {
        watching = false
        locate.removeAttribute('aria-busy')
        locate.querySelector('[data-locate-label]')!.textContent = m.positionShow
        problem.textContent = error.code === error.PERMISSION_DENIED ? m.positionDenied : m.positionUnavailable
        problem.hidden = false
      },
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 },
    )
  })

  setUpOffline(root, trail)
  if (!trail.embed) void registerVisitorWorker()
  document.documentElement.dataset.enhanced = 'true'
}

// React hoists the page's async script into the head, where it may run before the page below is
// parsed: it then starts at DOMContentLoaded (the page ends with [data-trail], so no later).
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
else start()
