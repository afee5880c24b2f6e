import { data } from 'react-router'

/** Any path no route claims: the error page's 404, rendered with status 404. */
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' })
}

export default function NotFound() {
  return null
}
