import type { Row } from './measure.ts'

/** The rows as a plain-text table: what, figure, budget, ok. */
export function formatTable(rows: Row[]): string {
  const header = ['what', 'figure', 'budget', 'ok']
  const cells = rows.map((r) => [r.what, r.figure, r.budget, r.pass === null ? '—' : r.pass ? 'yes' : 'NO'])
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)))
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n')
}
