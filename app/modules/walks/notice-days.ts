// The calendar day in a time zone, and when it ends (ADR 026): notices name days, and a page
// kept by the render cache that shows a dated notice is kept until the day ends, not longer.

const formats = new Map<string, Intl.DateTimeFormat>()

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    formats.set(zone, format)
  }
  return format
}

function partsOf(zone: string, at: number) {
  const parts = Object.fromEntries(formatOf(zone).formatToParts(at).map((p) => [p.type, p.value]))
  return { day: `${parts.year}-${parts.month}-${parts.day}`, wall: Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second) }
}

/** 'YYYY-MM-DD' of the instant `at` (ms) in the zone. */
export function dayIn(zone: string, at: number): string {
  return partsOf(zone, at).day
}

/** The first instant (ms) of the day after the one `at` falls on, in the zone (daylight saving included). */
export function nextDayStart(zone: string, at: number): number {
  const today = dayIn(zone, at)
  const tomorrow = Date.parse(`${today}T00:00:00Z`) + 86_400_000
  // Midnight of tomorrow on the wall clock, corrected by the zone's offset there (twice: the
  // offset may change between the guess and the answer, on a daylight-saving night).
  let guess = tomorrow
  for (let i = 0; i < 2; i++) {
    const offset = partsOf(zone, guess).wall - Math.floor(guess / 1000) * 1000
    guess = tomorrow - offset
  }
  // A zone whose midnight does not exist that night (it jumps from 23:59 to 01:00): the first
  // instant whose day is tomorrow, never one still of today.
  while (dayIn(zone, guess) === today) guess += 60_000
  return guess
}
