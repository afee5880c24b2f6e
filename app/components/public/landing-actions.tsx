import { Heart, Share2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { LandingView } from './landing-view.ts'
import { Button } from '#app/components/ui/button.tsx'

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
      <Button type="submit" variant="pill" size="lg" aria-pressed={like.liked} data-testid="like-button" className="group aria-pressed:text-red-700 aria-pressed:ring-red-300">
        <Heart className="size-5 group-aria-pressed:fill-red-600 group-aria-pressed:text-red-600" aria-hidden="true" />
        <span data-like-label>{like.liked ? t('publicLanding.liked') : t('publicLanding.like')}</span>
        {like.likes === null ? null : (
          <span data-like-count={like.likes} data-testid="like-count" className="rounded-full bg-gray-100 px-2 text-sm tabular-nums">
            {like.likes}
          </span>
        )}
      </Button>
    </form>
  )
}

/** Hidden until the script shows it: the Web Share API, else the link copied to the clipboard. */
export function ShareButton({ view }: { view: LandingView }) {
  const { t } = useTranslation()
  return (
    <Button
      type="button"
      variant="pill"
      size="lg"
      hidden
      data-share
      data-url={view.canonicalUrl}
      data-title={view.name}
      data-copied={t('publicLanding.linkCopied')}
      data-failed={t('publicLanding.shareFailed')}
      data-testid="share-button"
      className="[&[hidden]]:hidden"
    >
      <Share2 className="size-5" aria-hidden="true" />
      {t('publicLanding.share')}
    </Button>
  )
}
