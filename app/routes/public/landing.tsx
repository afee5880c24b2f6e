import { data } from 'react-router'

// Being built: answers 404 until the public page lands.
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' })
}

export default function PublicPage() {
  return null
}
