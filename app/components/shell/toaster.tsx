import { X } from 'lucide-react'
import { useSyncExternalStore, type AnimationEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  getServerToasts,
  getToasts,
  removeToast,
  subscribe,
  type Toast,
} from './toast-store.ts'

const PROGRESS_ANIMATION = 'tg-toast-progress'

// The countdown is a CSS animation, so hover pauses it exactly (no timers to re-arm) and
// removal hangs on its animationend. Focus inside also pauses, for keyboard users.
const TOASTER_CSS = `
@keyframes ${PROGRESS_ANIMATION} { from { transform: scaleX(1) } to { transform: scaleX(0) } }
.tg-toast-progress { transform-origin: left; animation-name: ${PROGRESS_ANIMATION}; animation-timing-function: linear; animation-fill-mode: forwards; }
.tg-toast:hover .tg-toast-progress, .tg-toast:focus-within .tg-toast-progress { animation-play-state: paused; }
`

/** Toast area, bottom-left (spec section 9). Mount once, in the root layout. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, getToasts, getServerToasts)
  return (
    <>
      {/* React 19 hoists and de-duplicates this by href. */}
      <style href="tg-toaster" precedence="default">
        {TOASTER_CSS}
      </style>
      {/* A live region that always exists, so screen readers announce toasts added later. */}
      <div
        role="status"
        aria-live="polite"
        aria-atomic="false"
        className="pointer-events-none fixed bottom-0 left-0 z-[90] flex w-full max-w-sm flex-col gap-2 p-4"
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
          // A real button keeps the clickable body reachable by keyboard.
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
          <button
            type="button"
            onClick={() => removeToast(id)}
            aria-label={t('toast.close')}
            title={t('toast.close')}
            className="-m-1 shrink-0 rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-primary-500 dark:hover:bg-gray-800 dark:hover:text-gray-200"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        ) : null}
      </div>
      {actions && actions.length > 0 ? (
        <div className="flex flex-wrap gap-2 px-4 pb-4">
          {actions.map((action, index) => (
            <button
              key={`${index}-${action.label}`}
              type="button"
              onClick={() => {
                action.onClick(toast)
                removeToast(id)
              }}
              className="rounded-md bg-primary-50 px-2.5 py-1.5 text-xs font-medium text-primary-700 hover:bg-primary-100 focus-visible:outline-2 focus-visible:outline-primary-500 dark:bg-primary-950 dark:text-primary-300 dark:hover:bg-primary-900"
            >
              {action.label}
            </button>
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
