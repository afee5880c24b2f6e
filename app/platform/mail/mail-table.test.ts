import { describe, expect, it } from 'vitest'
import { mailTable } from './mail-table.ts'

describe('mailTable', () => {
  it('writes a heading row a screen reader reads, figures on the right, every text escaped', () => {
    const html = mailTable(
      [{ heading: 'Route' }, { heading: 'Views', numeric: true }],
      [[{ text: 'Vieux <Lausanne>' }, { text: '1 204', tone: 'strong', title: 'was "900"' }]],
    )
    expect(html).not.toContain('role="presentation"')
    expect(html).toMatch(/<th scope="col" style="text-align:left;[^"]*">Route<\/th><th scope="col" style="text-align:right;[^"]*">Views<\/th>/)
    expect(html).not.toMatch(/<th[^>]*nowrap/)
    expect(html).toContain('>Vieux &lt;Lausanne&gt;</td>')
    expect(html).toMatch(/<td style="[^"]*font-weight:bold[^"]*text-align:right;white-space:nowrap" title="was &quot;900&quot;">1 204<\/td>/)
  })

  it('lays out a list without headings as a presentation table, a colour of its own winning over the tone', () => {
    const html = mailTable([{}, { numeric: true }], [[{ text: '1. Lakeside' }, { text: '+12 %', tone: 'muted', color: '#047857' }]])
    expect(html).toMatch(/^<table role="presentation"/)
    expect(html).not.toContain('<th')
    expect(html).toMatch(/color:#4b5563;color:#047857;text-align:right/)
  })
})
