// The period filter of the activity log (ADR 115): calendar days of the trails' time zone
// (TIME_ZONE, ADR 100), turned into the instants the log stores (UTC).

const DAY_MS = 86_400_000

/** How far the wall clock of `timeZone` is ahead of UTC at an instant, in ms. */
function offsetAt(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at))
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'))
  return wall - Math.floor(at / 1000) * 1000
}

/** The instant a calendar day ('YYYY-MM-DD') starts in a time zone (its first minute when midnight is skipped). */
export function dayStart(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00.000Z`)
  let at = midnight - offsetAt(timeZone, midnight)
  // Across a change of offset between the guess and the answer, the second reading is the right one.
  at = midnight - offsetAt(timeZone, at)
  return new Date(at)
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10)

/** The UTC bounds of a period of days, both included: `since` inclusive, `before` exclusive. */
export function periodBounds(period: { from?: string; to?: string }, timeZone: string): { since?: string; before?: string } {
  return {
    since: period.from ? dayStart(period.from, timeZone).toISOString() : undefined,
    before: period.to ? dayStart(nextDay(period.to), timeZone).toISOString() : undefined,
  }
}
