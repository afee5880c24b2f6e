import { Outlet } from 'react-router'
import { requireGuest } from '#app/modules/auth/guards.ts'
import type { Route } from './+types/guests-only'

export function loader(args: Route.LoaderArgs) {
  requireGuest(args)
  return null
}

export default function GuestsOnly() {
  return <Outlet />
}
