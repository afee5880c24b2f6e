/**
 * A pure function of one string, remembered for the strings it has seen (issue 28: the visitor's
 * hot path reads the same few Accept-Language, Accept-Encoding and User-Agent values on every
 * request). At most `max` answers are kept; when full the memory starts over, so a client that
 * sends a new value each time costs no more than without it.
 */
export function memoized<T>(compute: (key: string) => T, max = 1_000): (key: string) => T {
  const answers = new Map<string, T>()
  return (key: string) => {
    const known = answers.get(key)
    if (known !== undefined || answers.has(key)) return known as T
    const answer = compute(key)
    if (answers.size >= max) answers.clear()
    answers.set(key, answer)
    return answer
  }
}
