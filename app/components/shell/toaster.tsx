import { X } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type AnimationEvent, type CSSProperties, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import {
  dismissArrived,
  getServerToasts,
  getToasts,
  removeToast,
  subscribe,
  type Toast,
} from './toast-store.ts'
import { Button, IconButton } from '#app/components/ui/button.tsx'

const PROGRESS_ANIMATION = 'tg-toast-progress'

// The countdown is a CSS animation, so hover pauses it exactly (no timers to re-arm) and
// removal hangs on its animationend. Focus inside also pauses, for keyboard users.
const TOASTER_CSS = `
@keyframes ${PROGRESS_ANIMATION} { from { transform: scaleX(1) } to { transform: scaleX(0) } }
.tg-toast-progress { transform-origin: left; animation-name: ${PROGRESS_ANIMATION}; animation-timing-function: linear; animation-fill-mode: forwards; }
.tg-toast:hover .tg-toast-progress, .tg-toast:focus-within .tg-toast-progress { animation-play-state: paused; }
`

/** What toasts never cover: what a screen marks (the map editor's distance and save status), and a map's credits. */
const AVOID_SELECTOR = '[data-toast-avoid], .leaflet-control-attribution'

type Placement = { side: 'left' | 'right'; bottom: number } | { side: 'top' }

const meet = (a: { left: number; right: number; top: number; bottom: number }, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/**
 * Where the toasts go: bottom-left (docs/spec.md §9) unless that covers a marked element; else the
 * bottom corner where they rise least to cover nothing, and at the top as a last resort.
 * Measured again when the toasts, the window size or a scroll position change.
 */
function useToastPlacement(region: RefObject<HTMLDivElement | null>, count: number): Placement {
  const [placement, setPlacement] = useState<Placement>({ side: 'left', bottom: 0 })
  useLayoutEffect(() => {
    if (count === 0) return
    let frame = 0
    const measure = () => {
      frame = 0
      const node = region.current
      if (!node) return
      const width = node.offsetWidth
      const height = node.scrollHeight
      const vw = document.documentElement.clientWidth
      const vh = window.innerHeight
      const avoid = [...document.querySelectorAll(AVOID_SELECTOR)]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < vh)
      const area = (side: 'left' | 'right', bottom: number) => {
        const left = side === 'left' ? 0 : vw - width
        return { left, right: left + width, top: vh - bottom - height, bottom: vh - bottom }
      }
      /** How high the toasts must rise on a side to cover nothing (null: they cannot). */
      const liftOn = (side: 'left' | 'right'): number | null => {
        let bottom = 0
        for (let i = 0; i <= avoid.length; i++) {
          const covered = avoid.filter((r) => meet(area(side, bottom), r))
          if (covered.length === 0) return bottom
          bottom = Math.max(...covered.map((r) => vh - r.top))
          if (bottom + height > vh) return null
        }
        return null
      }
      const left = liftOn('left')
      const right = liftOn('right')
      const next: Placement =
        left !== null && (right === null || left <= right) ? { side: 'left', bottom: left } : right !== null ? { side: 'right', bottom: right } : { side: 'top' }
      setPlacement((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next))
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    window.addEventListener('resize', schedule)
    window.addEventListener('scroll', schedule, { capture: true, passive: true })
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('resize', schedule)
      window.removeEventListener('scroll', schedule, { capture: true })
    }
  }, [region, count])
  return placement
}

/** Toast area, bottom-left (docs/spec.md §9) unless it would cover a marked element. Mount once, in the root layout. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, getToasts, getServerToasts)
  const { pathname, search } = useLocation()
  // A toast that offers to open a screen is done once that screen is shown.
  useEffect(() => dismissArrived({ pathname, search }), [pathname, search])
  const region = useRef<HTMLDivElement>(null)
  const placement = useToastPlacement(region, toasts.length)
  const position: CSSProperties =
    placement.side === 'top' ? { top: 0, left: 0 } : placement.side === 'left' ? { bottom: placement.bottom, left: 0 } : { bottom: placement.bottom, right: 0 }
  return (
    <>
      {/* React 19 hoists and de-duplicates this by href. */}
      <style href="tg-toaster" precedence="default">
        {TOASTER_CSS}
      </style>
      {/* A live region that always exists, so screen readers announce toasts added later. */}
      <div
        ref={region}
        role="status"
        aria-live="polite"
        aria-atomic="false"
        style={position}
        data-placement={placement.side}
        className="pointer-events-none fixed z-[90] flex w-full max-w-sm flex-col gap-2 p-4"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </>
  )
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation()
  const { id, title, description, icon, avatar, actions, closeButton, timeout, click } = toast

  const onProgressEnd = (event: AnimationEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && event.animationName === PROGRESS_ANIMATION) {
      removeToast(id)
    }
  }

  const content = (
    <>
      {avatar ? (
        <img src={avatar} alt="" className="size-9 shrink-0 rounded-full object-cover" />
      ) : null}
      {icon ? (
        <span aria-hidden="true" className="mt-0.5 shrink-0 text-primary-500 [&>svg]:size-5">
          {icon}
        </span>
      ) : null}
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-gray-900 dark:text-white">{title}</span>
        {description ? (
          <span className="mt-1 block text-sm text-gray-500 dark:text-gray-400">{description}</span>
        ) : null}
      </span>
    </>
  )

  return (
    <div
      data-testid="toast"
      data-toast-id={id}
      className="tg-toast pointer-events-auto relative overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
    >
      <div className="flex items-start gap-3 p-4">
        {click ? (
          // A real button keeps the clickable body reachable by keyboard. Raw, not the kit's: the
          // toast's whole text is the target, not a button drawn in it (eslint.config.js allow-list).
          <button
            type="button"
            onClick={() => click(toast)}
            className="flex min-w-0 flex-1 items-start gap-3 rounded text-left focus-visible:outline-2 focus-visible:outline-primary-500"
          >
            {content}
          </button>
        ) : (
          <div className="flex min-w-0 flex-1 items-start gap-3">{content}</div>
        )}
        {closeButton ? (
          <IconButton size="sm" className="-m-1 shrink-0" onClick={() => removeToast(id)} label={t('toast.close')}>
            <X aria-hidden="true" className="size-5" />
          </IconButton>
        ) : null}
      </div>
      {actions && actions.length > 0 ? (
        <div className="flex flex-wrap gap-2 px-4 pb-4">
          {actions.map((action, index) => (
            <Button
              key={`${index}-${action.label}`}
              type="button"
              variant="ghostPrimary"
              size="sm"
              onClick={() => {
                action.onClick(toast)
                removeToast(id)
              }}
            >
              {action.label}
            </Button>
          ))}
        </div>
      ) : null}
      {timeout > 0 ? (
        <div
          // Keyed by the timeout so an update that changes it restarts the countdown.
          key={timeout}
          aria-hidden="true"
          data-testid="toast-progress"
          onAnimationEnd={onProgressEnd}
          style={{ animationDuration: `${timeout}ms` }}
          className="tg-toast-progress absolute inset-x-0 bottom-0 h-1 bg-primary-500"
        />
      ) : null}
    </div>
  )
}
