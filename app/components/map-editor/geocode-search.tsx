import { LoaderCircle, MapPin, Search, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_GEOCODE_QUERY, MIN_GEOCODE_QUERY, type GeocodeResult } from '#app/modules/geocoding/geocoding.schema.ts'
import { apiErrorMessage, apiRequest } from '#app/client/api-client.ts'
import { IconButton } from '#app/components/ui/button.tsx'
import { RowButton } from '#app/components/ui/row-button.tsx'

/** How long a search error stays over the map. */
const ERROR_SHOWN_MS = 8000

/**
 * "Find a town or address" over the map (GET /api/geocode): a new category has no place to open
 * the map on, so the manager types "Vevey" or "Rue du Lac 5, Vevey" and picks a result. Enter
 * searches; the arrow keys walk the results; Escape closes them.
 */
export function GeocodeSearch({ onPick }: { onPick(result: GeocodeResult): void }) {
  const { t, i18n } = useTranslation()
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<GeocodeResult[] | null>(null)
  const [asked, setAsked] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const listId = useId()
  const errorId = useId()

  // An error covers the map: it goes by itself after a while, and as soon as the query changes.
  useEffect(() => {
    if (!error) return
    const timer = setTimeout(() => setError(null), ERROR_SHOWN_MS)
    return () => clearTimeout(timer)
  }, [error])

  const search = async () => {
    const q = query.trim()
    if (q.length < MIN_GEOCODE_QUERY) {
      setResults(null)
      setError(t('geocoding.errors.query'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      // No retries: a failed search is typed again, and a 429 must not be asked again at once.
      const found = await apiRequest(`/geocode?${new URLSearchParams({ q, locale: i18n.language })}`, { retries: 0 })
      setResults(found)
      setAsked(q)
    } catch (caught) {
      setResults(null)
      setError(apiErrorMessage(caught, t('geocoding.errors.unavailable')))
    } finally {
      setBusy(false)
    }
  }

  const close = () => {
    setResults(null)
    input.current?.focus()
  }
  const options = () => Array.from(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])
  const moveFocus = (step: number) => {
    const buttons = options()
    if (buttons.length === 0) return
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
    if (at + step < 0) return input.current?.focus()
    buttons[Math.min(at + step, buttons.length - 1)].focus()
  }

  return (
    <div
      className="pointer-events-auto w-full rounded-xl bg-white/95 shadow-md ring-1 ring-gray-900/5 dark:bg-gray-900/95 dark:ring-white/10"
      data-testid="geocode-search"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && (results || error)) {
          event.preventDefault()
          setError(null)
          close()
        } else if (event.key === 'ArrowDown' && results?.length) {
          event.preventDefault()
          moveFocus(1)
        } else if (event.key === 'ArrowUp' && results?.length) {
          event.preventDefault()
          moveFocus(-1)
        }
      }}
    >
      <form
        role="search"
        className="flex items-center gap-1 p-1"
        onSubmit={(event) => {
          event.preventDefault()
          void search()
        }}
      >
        <label className="sr-only" htmlFor={`${listId}-q`}>
          {t('geocoding.search.label')}
        </label>
        <input
          ref={input}
          id={`${listId}-q`}
          type="search"
          value={query}
          maxLength={MAX_GEOCODE_QUERY}
          autoComplete="off"
          placeholder={t('geocoding.search.placeholder')}
          aria-describedby={error ? errorId : undefined}
          aria-controls={results ? listId : undefined}
          onChange={(event) => {
            setQuery(event.target.value)
            setError(null)
          }}
          className="min-w-0 flex-1 rounded-lg border-0 bg-transparent px-2 py-1.5 text-sm [&::-webkit-search-cancel-button]:appearance-none placeholder:text-gray-500 focus:ring-2 focus:ring-primary-600 dark:placeholder:text-gray-400"
        />
        {results || error ? (
          <IconButton
            onClick={() => {
              setQuery('')
              setError(null)
              close()
            }}
            label={t('geocoding.search.clear')}
          >
            <X className="size-4" aria-hidden />
          </IconButton>
        ) : null}
        <IconButton type="submit" disabled={busy} label={busy ? t('geocoding.search.searching') : t('geocoding.search.submit')}>
          {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Search className="size-4" aria-hidden />}
        </IconButton>
      </form>
      {error ? (
        <p id={errorId} role="alert" className="border-t border-gray-200 px-3 py-2 text-sm text-red-700 dark:border-gray-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {results ? (
        results.length === 0 ? (
          <p role="status" className="border-t border-gray-200 px-3 py-2 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-300">
            {t('geocoding.search.none', { q: asked })}
          </p>
        ) : (
          <ul ref={list} id={listId} aria-label={t('geocoding.search.results')} className="max-h-64 overflow-y-auto border-t border-gray-200 py-1 dark:border-gray-800">
            {results.map((result, i) => (
              <li key={`${result.lat},${result.lng},${i}`}>
                <RowButton
                  align="start"
                  onClick={() => {
                    onPick(result)
                    setResults(null)
                  }}
                  data-testid="geocode-result"
                >
                  <MapPin className="mt-0.5 size-4 shrink-0 text-gray-500 dark:text-gray-400" aria-hidden />
                  <span className="min-w-0 break-words">{result.label}</span>
                </RowButton>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  )
}
