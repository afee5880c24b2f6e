// "Report a problem here" with script: the same form the page renders
// (app/components/reports/visitor-report-form.tsx), sent to POST /api/public/reports instead of
// the report page, and thanked in place. Without script the form posts to /report itself.

export interface ReportFormMessages {
  sending: string
  failed: string
  offline: string
  fixErrors: string
}

interface ApiAnswer {
  message?: string
  errors?: Record<string, string[]>
  data?: { message?: string }
}

/** Takes over the submit of the report form under `root` (once). */
export function enhanceReportForm(root: Element): void {
  const form = root.querySelector<HTMLFormElement>('form[data-report-form]')
  const done = root.querySelector<HTMLElement>('[data-report-done]')
  if (!form || !done || form.dataset.enhanced) return
  form.dataset.enhanced = '1'
  const messages = JSON.parse(form.dataset.reportMessages ?? '{}') as ReportFormMessages
  const status = form.querySelector<HTMLElement>('[data-report-status]')!
  const send = form.querySelector<HTMLButtonElement>('[data-report-send]')!

  const clearErrors = () => {
    for (const el of form.querySelectorAll<HTMLElement>('[data-report-error]')) {
      el.hidden = true
      el.textContent = ''
    }
    for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid')
    status.textContent = ''
  }

  const submit = async () => {
    clearErrors()
    const body = new FormData(form)
    const photo = body.get('photo')
    // No photo chosen: no empty file part.
    if (photo instanceof File && photo.size === 0) body.delete('photo')
    send.disabled = true
    status.textContent = messages.sending
    let response: Response
    try {
      // No cookie: a report belongs to nobody.
      response = await fetch(form.dataset.reportApi!, { method: 'POST', body, credentials: 'omit', headers: { Accept: 'application/json' } })
    } catch {
      status.textContent = navigator.onLine === false ? messages.offline : messages.failed
      send.disabled = false
      return
    }
    const answer = (await response.json().catch(() => ({}))) as ApiAnswer
    send.disabled = false
    if (response.status === 202) {
      status.textContent = ''
      form.reset()
      form.hidden = true
      done.hidden = false
      const thanks = done.querySelector('[data-report-thanks]')
      if (thanks && answer.data?.message) thanks.textContent = answer.data.message
      done.focus()
      return
    }
    let shown = false
    for (const [name, list] of Object.entries(answer.errors ?? {})) {
      const slot = form.querySelector<HTMLElement>(`[data-report-error="${CSS.escape(name)}"]`)
      if (!slot) continue
      slot.textContent = list.join(' ')
      slot.hidden = false
      shown = true
      const input = form.querySelector(`[name="${CSS.escape(name)}"]:not([type="hidden"])`)
      ;(input?.closest('fieldset') ?? input)?.setAttribute('aria-invalid', 'true')
    }
    status.textContent = answer.message ?? (shown ? messages.fixErrors : messages.failed)
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void submit()
  })

  root.querySelector('[data-report-again]')?.addEventListener('click', () => {
    done.hidden = true
    form.hidden = false
    form.querySelector<HTMLInputElement>('input[name="kind"]')?.focus()
  })
}

/**
 * The map page: which place the report is about follows the stop that is open (empty for the
 * route as a whole), and the "About" line says so.
 */
export function setReportPlace(root: Element, place: { id: number; name: string } | null, routeName: string): void {
  const form = root.querySelector<HTMLFormElement>('form[data-report-form]')
  if (!form) return
  const templates = JSON.parse(form.dataset.aboutTemplates ?? '{"place":"{{name}}","route":"{{name}}"}') as { place: string; route: string }
  const input = form.querySelector<HTMLInputElement>('[data-report-place]')
  if (input) input.value = place ? String(place.id) : ''
  const about = form.querySelector<HTMLElement>('[data-report-about]')
  if (about) {
    about.textContent = (place ? templates.place : templates.route).replace('{{name}}', place ? place.name : routeName)
    about.hidden = false
  }
}
