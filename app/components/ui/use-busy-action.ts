import { useState } from 'react'

type Run = <T>(action: () => Promise<T>) => Promise<T | undefined>

/**
 * The guard behind `useBusyAction`, apart from React: `setBusy(true)` while an action runs, and a
 * second start meanwhile does nothing. A flag of its own, not the state: two clicks in one frame
 * both see the state before the first re-render.
 */
export function busyRunner(setBusy: (busy: boolean) => void): Run {
  let running = false
  return async (action) => {
    if (running) return undefined
    running = true
    setBusy(true)
    try {
      return await action()
    } finally {
      running = false
      setBusy(false)
    }
  }
}

/**
 * An action that says it is running: `busy` while the promise runs (the button shows it and is
 * disabled), and a second start meanwhile (a double click, Enter pressed twice) does nothing
 * rather than sending the request again. The action's own errors are its to handle.
 */
export function useBusyAction(): [busy: boolean, run: Run] {
  const [busy, setBusy] = useState(false)
  // One runner for the component's life: React keeps `setBusy` the same function.
  const [run] = useState(() => busyRunner(setBusy))
  return [busy, run]
}
