import type { CategoryHomeData } from '#app/components/category-home/category-home-view.ts'
import { createCategoryMap } from '#app/map/category-map.ts'
import { matchesFilters, parseFilters } from './category-filters.ts'
import { registerVisitorWorker } from './register-worker.client.ts'

// The category home's script: the map of where the routes start, and the filters
// applied as the visitor types or chooses (the form still works without it, by the server).

function start() {
  const found = document.querySelector<HTMLElement>('[data-category-home]')
  if (!found) return
  const root = found
  const home = JSON.parse(root.dataset.categoryHome!) as CategoryHomeData
  const form = root.querySelector<HTMLFormElement>('[data-filters]')!
  const count = root.querySelector('[data-route-count]')!
  const plural = new Intl.PluralRules(home.locale)

  for (const href of home.styles) {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    document.head.append(link)
  }
  const map = createCategoryMap(document.getElementById('category-map')!, {
    tileUrl: home.tiles.url,
    attribution: home.tiles.attribution,
    zoomInTitle: home.messages.zoomIn,
    zoomOutTitle: home.messages.zoomOut,
    starts: home.routes.flatMap((r, i) => (r.start ? [{ uuid: r.uuid, number: i + 1, name: r.name, color: r.color, href: r.landingPath, ...r.start }] : [])),
  })

  function apply() {
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value.trim()) params.set(name, value.trim())
    const filters = parseFilters(params)
    const shown = new Set(home.routes.filter((r) => matchesFilters(r, filters)).map((r) => r.uuid))
    for (const card of root.querySelectorAll<HTMLElement>('[data-route-card]')) card.hidden = !shown.has(card.dataset.routeCard!)
    count.textContent = shown.size === 0 ? home.messages.none : (plural.select(shown.size) === 'one' ? home.messages.countOne : home.messages.count).replace('{{count}}', String(shown.size))
    map.show(shown)
    const query = params.toString()
    history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}`)
  }
  form.addEventListener('input', apply)
  form.addEventListener('change', apply)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    apply()
  })

  void registerVisitorWorker()
  document.documentElement.dataset.enhanced = 'true'
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
else start()
