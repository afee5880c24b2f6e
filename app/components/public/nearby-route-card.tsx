import { ArrowRight, Footprints } from 'lucide-react'
import { formatDuration, formatRouteDistance } from '#app/utils/format-walk.ts'
import type { NearbyCard } from './landing-view.ts'

/** A nearby route: a plain link to its own landing page. */
export function NearbyRouteCard({ card, locale }: { card: NearbyCard; locale: string }) {
  return (
    <a
      href={card.href}
      data-testid="nearby-route"
      className="flex items-stretch overflow-hidden rounded-xl bg-gray-50 ring-1 ring-gray-200 hover:ring-primary-500 focus-visible:outline-2 focus-visible:outline-primary-600"
    >
      {card.photo ? (
        <img src={card.photo} alt="" loading="lazy" className="w-24 shrink-0 object-cover" />
      ) : (
        <span className="flex w-20 shrink-0 items-center justify-center" style={{ backgroundColor: card.color }} aria-hidden="true">
          <Footprints className="size-7 text-white" />
        </span>
      )}
      <span className="flex min-w-0 flex-1 flex-col justify-center gap-0.5 px-3 py-3">
        {/* Whole names and subtitles, wrapped (cut with an ellipsis they said half a route's name). */}
        <span className="font-semibold break-words text-gray-900">{card.name}</span>
        {card.subtitle ? <span className="text-sm break-words text-gray-600">{card.subtitle}</span> : null}
        <span className="text-sm whitespace-nowrap text-gray-500">
          {formatRouteDistance(card.distance, locale)} · {formatDuration(card.duration)}
        </span>
      </span>
      <span className="flex items-center pr-3 text-gray-400" aria-hidden="true">
        <ArrowRight className="size-5" />
      </span>
    </a>
  )
}
