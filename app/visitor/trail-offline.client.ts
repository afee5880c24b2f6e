import { estimatePack, offlineSupported, refreshSavedWalks, removeWalk, savePack, savedWalks, type PackEstimate } from './offline-packs.client.ts'
import type { TrailData } from './trail-data.ts'

// "Save this walk for offline" on the map page: the estimate first (size against the budget),
// then the download with a progress bar; and the list of walks saved on this device.

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''))

/** A size in the language's own unit ("0,2 Mo" in French); at least 0.1, so a small pack never reads "0". */
function megabytes(bytes: number, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', minimumFractionDigits: 1, maximumFractionDigits: 1 })
  return format.format(Math.max(0.1, bytes / (1024 * 1024)))
}

export function setUpOffline(root: Element, trail: TrailData) {
  const m = trail.messages.offline
  const $ = <T extends Element>(selector: string) => root.querySelector<T>(selector)
  const saveButton = $<HTMLButtonElement>('[data-offline-save]')
  const panel = $<HTMLElement>('[data-offline-panel]')
  const status = $<HTMLElement>('[data-offline-status]')
  const progress = $<HTMLProgressElement>('[data-offline-progress]')
  const download = $<HTMLButtonElement>('[data-offline-download]')
  const cancel = $<HTMLButtonElement>('[data-offline-cancel]')
  const list = $<HTMLElement>('[data-saved-walks]')
  const items = $<HTMLElement>('[data-saved-walks-list]')
  if (!saveButton || !panel || !status || !progress || !download || !cancel || !list || !items || trail.embed) return
  // No Cache Storage or service workers here (an old browser, some private windows): no saving.
  if (!offlineSupported()) {
    saveButton.hidden = true
    return
  }

  const say = (text: string) => {
    panel.hidden = false
    status.textContent = text
  }
  const renderList = () => {
    const walks = savedWalks()
    list.hidden = walks.length === 0
    items.replaceChildren(
      ...walks.map((walk) => {
        const li = document.createElement('li')
        li.className = 'flex items-center justify-between gap-2'
        li.dataset.savedWalk = walk.uuid
        const link = document.createElement('a')
        link.href = walk.mapPath
        link.className = 'min-w-0 break-words font-medium text-primary-800 underline'
        link.textContent = walk.name
        const size = document.createElement('span')
        size.className = 'shrink-0 text-gray-700'
        size.textContent = fill(m.size, { size: megabytes(walk.bytes, trail.locale) })
        const remove = document.createElement('button')
        remove.type = 'button'
        remove.className = 'inline-flex min-h-11 shrink-0 items-center rounded-lg border border-gray-300 px-3 font-medium hover:bg-gray-50'
        remove.textContent = m.remove
        remove.setAttribute('aria-label', `${m.remove}: ${walk.name}`)
        remove.addEventListener('click', () => void removeWalk(walk.uuid).then(renderList))
        li.append(link, size, remove)
        return li
      }),
    )
  }

  let estimate: PackEstimate | null = null
  let controller: AbortController | null = null
  saveButton.addEventListener('click', async () => {
    saveButton.disabled = true
    download.hidden = cancel.hidden = progress.hidden = true
    say(m.estimating)
    try {
      estimate = await estimatePack(trail)
      const values = { size: megabytes(estimate.bytes, trail.locale), files: estimate.files.length, tiles: estimate.tiles.length, zooms: estimate.zooms.length ? `${estimate.zooms[0]}–${estimate.zooms.at(-1)}` : '' }
      const lines = [estimate.tiles.length > 0 ? fill(m.estimate, values) : fill(m.estimateNoTiles, values)]
      if (estimate.tilesRefused) lines.push(m.tilesRefused)
      if (estimate.bytes > trail.offline.budgetBytes) lines.push(fill(m.overBudget, { budget: megabytes(trail.offline.budgetBytes, trail.locale) }))
      say(lines.join(' '))
      download.hidden = cancel.hidden = false
      download.focus()
    } catch {
      say(m.failed)
      saveButton.disabled = false
    }
  })
  cancel.addEventListener('click', () => {
    controller?.abort()
    panel.hidden = true
    saveButton.disabled = false
    // The few tiles the estimate fetched go too, unless the walk was saved before.
    if (!savedWalks().some((w) => w.uuid === trail.uuid)) void removeWalk(trail.uuid)
  })
  download.addEventListener('click', async () => {
    if (!estimate) return
    download.hidden = true
    progress.hidden = false
    progress.value = 0
    controller = new AbortController()
    try {
      const saved = await savePack(
        trail,
        estimate,
        (done, total) => {
          progress.value = done / total
          status.textContent = fill(m.progress, { done, total })
        },
        controller.signal,
      )
      say(`${m.saved} ${fill(m.size, { size: megabytes(saved.bytes, trail.locale) })}`)
      root.setAttribute('data-offline-saved', 'true')
      renderList()
    } catch (error) {
      if ((error as Error).name !== 'AbortError') say(m.failed)
    } finally {
      cancel.hidden = true
      progress.hidden = true
      saveButton.disabled = false
    }
  })

  renderList()
  // Online again: newer versions of saved walks replace the old ones.
  const refresh = () =>
    void refreshSavedWalks()
      .then((replaced) => {
        if (replaced.includes(trail.uuid)) say(m.updated)
        renderList()
      })
      .catch(() => undefined)
  refresh()
  window.addEventListener('online', refresh)
}
