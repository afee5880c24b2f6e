import { createContext, useContext } from 'react'

// The Content-Security-Policy nonce of the page (server/security-headers.ts). The server provides
// it per response; the browser hides it from attributes but keeps it as the `nonce` property of
// the scripts it ran, so hydration renders the very same value (React compares that property).
const pageNonce = typeof document === 'undefined' ? '' : (document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '')

const NonceContext = createContext(pageNonce)

export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
  return useContext(NonceContext)
}
