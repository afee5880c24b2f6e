import { useEffect, useRef, useState, useSyncExternalStore, type AnimationEvent } from 'react'
import { useLocation } from 'react-router'
import { readCookie } from '#app/platform/http/cookies.ts'

/**
 * Start-up preloader (docs/spec.md §4): fades in 0.6 s after 0.2 s, holds 800 ms, the logo moves
 * up and fades out in 0.5 s, then the whole preloader fades out in 0.3 s and is removed.
 *
 * The timeline is pure CSS with chained delays, so the server-rendered markup plays it before
 * hydration; React only removes the element on the final animationend.
 *
 * It plays once per browser session: a session cookie (no expiry, gone when
 * the browser closes), set by the manager layout's loader, tells it not to render it again. And it never
 * blocks input: clicks and keys go through it to the page, and the first of them removes it.
 */
const IN_DELAY_MS = 200
const IN_MS = 600
const HOLD_MS = 800
const LOGO_OUT_MS = 500
const FADE_MS = 300
const LOGO_OUT_AT = IN_DELAY_MS + IN_MS + HOLD_MS
const FADE_AT = LOGO_OUT_AT + LOGO_OUT_MS
export const PRELOADER_TOTAL_MS = FADE_AT + FADE_MS
/** Removes the preloader even if the final animationend never comes (stylesheet missing...). */
const SAFETY_MS = 1000

const FADE_ANIMATION = 'tg-preloader-fade'

/** The session cookie that says the preloader has played in this browser session. */
const INTRO_COOKIE = 'tg_intro'

/**
 * The cookie the page that plays the preloader sets: without Max-Age, so it lasts as long as the
 * browser session; set by the server, so even a page left before hydration counts as played.
 */
export function introCookie(secure: boolean): string {
  return `${INTRO_COOKIE}=1; Path=/; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`
}

/** Whether a request's Cookie header says the preloader played already in this browser session. */
export function introPlayed(cookieHeader: string | null): boolean {
  return readCookie(cookieHeader, INTRO_COOKIE) === '1'
}

// pointer-events: none from the start, before any script runs: the page under it takes input.
// visibility: hidden at the end releases the page even if JavaScript never hydrates.
const PRELOADER_CSS = `
@keyframes tg-preloader-in { from { opacity: 0; transform: scale(0.96) } to { opacity: 1; transform: none } }
@keyframes tg-preloader-up { from { opacity: 1; transform: translateY(0) } to { opacity: 0; transform: translateY(-2rem) } }
@keyframes ${FADE_ANIMATION} { from { opacity: 1 } to { opacity: 0; visibility: hidden } }
.tg-preloader { pointer-events: none; animation: ${FADE_ANIMATION} ${FADE_MS}ms ease-in ${FADE_AT}ms forwards; }
.tg-preloader-logo { animation: tg-preloader-in ${IN_MS}ms ease-out ${IN_DELAY_MS}ms both, tg-preloader-up ${LOGO_OUT_MS}ms ease-in ${LOGO_OUT_AT}ms forwards; }
@media (prefers-reduced-motion: reduce) { .tg-preloader { display: none; } }
`

/** Module-level: once played (or skipped) in this tab, later mounts render nothing. */
let played = false

const noopSubscribe = () => () => {}
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)'

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

type Phase = 'playing' | 'done'

/** `play`: false when the browser session has seen it already (the loader read INTRO_COOKIE). */
export function Preloader({ play }: { play: boolean }) {
  // True on the server and during hydration, false for a later client-side mount: only the
  // first, server-rendered page of the tab plays the animation.
  const fromServer = useSyncExternalStore(noopSubscribe, () => false, () => true)
  // Reduced motion skips straight to removal. Read after hydration (the server cannot know),
  // and the CSS media query above already hides it before that.
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION_QUERY).matches,
    () => false,
  )
  const [phase, setPhase] = useState<Phase>(() => (played || !fromServer || !play ? 'done' : 'playing'))
  const ref = useRef<HTMLDivElement>(null)
  const active = phase !== 'done'
  // A navigation ends it too: a click that lands between hydration and the effect below (a
  // slow device) still navigates, and must not leave the animation over the next screen.
  const { key: locationKey } = useLocation()
  const firstLocation = useRef(locationKey)
  useEffect(() => {
    if (locationKey !== firstLocation.current) setPhase('done')
  }, [locationKey])

  useEffect(() => {
    if (!active) return
    played = true
    // The first click, tap or key goes through to the page and ends the animation.
    const skip = () => setPhase('done')
    const inputs = ['pointerdown', 'keydown', 'wheel'] as const
    for (const type of inputs) window.addEventListener(type, skip, { capture: true, passive: true, once: true })
    // Hydration may land after the CSS timeline ended (slow device), so animationend was missed.
    const fade = ref.current
      ?.getAnimations?.()
      .find((animation) => (animation as Partial<CSSAnimation>).animationName === FADE_ANIMATION)
    const delay = fade?.playState === 'finished' ? 0 : PRELOADER_TOTAL_MS + SAFETY_MS
    const timer = window.setTimeout(() => setPhase('done'), delay)
    return () => {
      window.clearTimeout(timer)
      for (const type of inputs) window.removeEventListener(type, skip, { capture: true })
    }
  }, [active])

  if (!active || reducedMotion) return null

  const isFade = (event: AnimationEvent<HTMLDivElement>) =>
    event.target === event.currentTarget && event.animationName === FADE_ANIMATION

  return (
    <div
      ref={ref}
      data-testid="preloader"
      aria-hidden="true"
      onAnimationEnd={(event) => {
        if (isFade(event)) setPhase('done')
      }}
      className="tg-preloader fixed inset-0 z-[110] flex items-center justify-center bg-white dark:bg-gray-950"
    >
      <style href="tg-preloader" precedence="default">
        {PRELOADER_CSS}
      </style>
      <div className="tg-preloader-logo flex flex-col items-center gap-3">
        <TrailguideMark className="size-16 text-primary-500" />
        <span className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">
          Trailguide
        </span>
      </div>
    </div>
  )
}

/** The Trailguide mark: a map pin at the end of a dotted trail. */
function TrailguideMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" fill="none" aria-hidden="true" focusable="false" className={className}>
      <path
        d="M6 58c10 0 9-9 19-8s9 7 15 2"
        stroke="currentColor"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeDasharray="0.5 6"
        opacity="0.6"
      />
      <path
        d="M40 48S25 32.5 25 20a15 15 0 0 1 30 0c0 12.5-15 28-15 28Z"
        fill="currentColor"
      />
      <circle cx="40" cy="20" r="5.5" className="fill-white dark:fill-gray-950" />
    </svg>
  )
}
