import { Outlet } from 'react-router'

/** The visitors' pages: no manager chrome, no preloader. */
export default function PublicLayout() {
  return <Outlet />
}
