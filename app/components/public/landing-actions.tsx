import { Heart, Share2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { LandingView } from './landing-view.ts'

const pill =
  'inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 py-2 font-medium text-gray-800 ring-1 ring-gray-300 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600'

/** The page's like count and whether this visitor liked it; no count (null) in the editor's preview. */
export interface LikeState {
  likes: number | null
  liked: boolean
}

/**
 * A plain form post (works without script: the server records the like, or undoes it when the
 * button is pressed again, and redirects back); public/landing.js sends it with fetch instead
 * and updates the count in place.
 */
export function LikeButton({ view, like }: { view: LandingView; like: LikeState }) {
  const { t } = useTranslation()
  return (
    <form
      method="post"
      action={view.pagePath}
      data-like
      data-label-like={t('publicLanding.like')}
      data-label-liked={t('publicLanding.liked')}
      data-label-limited={t('publicLanding.likeLimited')}
    >
      <input type="hidden" name="intent" value={like.liked ? 'unlike' : 'like'} />
      <button type="submit" aria-pressed={like.liked} data-testid="like-button" className={`${pill} group aria-pressed:text-red-700 aria-pressed:ring-red-300`}>
        <Heart className="size-5 group-aria-pressed:fill-red-600 group-aria-pressed:text-red-600" aria-hidden="true" />
        <span data-like-label>{like.liked ? t('publicLanding.liked') : t('publicLanding.like')}</span>
        {like.likes === null ? null : (
          <span data-like-count={like.likes} data-testid="like-count" className="rounded-full bg-gray-100 px-2 text-sm tabular-nums">
            {like.likes}
          </span>
        )}
      </button>
    </form>
  )
}

/** Hidden until the script shows it: the Web Share API, else the link copied to the clipboard. */
export function ShareButton({ view }: { view: LandingView }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      hidden
      data-share
      data-url={view.canonicalUrl}
      data-title={view.name}
      data-copied={t('publicLanding.linkCopied')}
      data-failed={t('publicLanding.shareFailed')}
      data-testid="share-button"
      className={`${pill} [&[hidden]]:hidden`}
    >
      <Share2 className="size-5" aria-hidden="true" />
      {t('publicLanding.share')}
    </button>
  )
}
