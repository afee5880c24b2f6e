import type { BrowserContext } from 'playwright-core'

/** The demo accounts that the browser tests' server holds (global setup runs `npm run demo`). */
export const demoOwner = { email: 'demo@trailguide.test', password: 'trailguide-demo' }
export const demoEditor = { email: 'editor@trailguide.test', password: 'trailguide-demo' }

/** Signs the context in through the API (the cookie is set by the answer). */
export async function signInAs(context: BrowserContext, account = demoOwner) {
  const res = await context.request.post('/api/auth/login', { data: account })
  if (res.status() !== 200) throw new Error(`demo sign-in failed: ${res.status()} ${await res.text()}`)
}
