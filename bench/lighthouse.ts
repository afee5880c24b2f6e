import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import type { Row } from './measure.ts'
import { freePort } from './server.ts'

const budgets = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const
/** Issue 13: the map page's best practices must be 100 too. */
const strictBudgets = { ...budgets, 'best-practices': 100 }
type Category = keyof typeof budgets

/** Lighthouse's default (mobile, simulated slow 4G) on the landing page, driving Debian's Chromium. */
export async function lighthouseRow(url: string, runs = 1, page: { id: string; label: string; strict?: boolean } = { id: 'lighthouse', label: '/r/{category}/{slug}' }): Promise<{ row: Row; failedAudits: string[] }> {
  const wanted = page.strict ? strictBudgets : budgets
  const port = await freePort()
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-lh-'))
  const chrome = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  try {
    await waitForDebugger(port)
    const scores: Record<Category, number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [] }
    const failedAudits = new Set<string>()
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(budgets) })
      if (!result) throw new Error('lighthouse returned nothing')
      const { lhr } = result
      for (const key of Object.keys(budgets) as Category[]) {
        scores[key].push(Math.round((lhr.categories[key]?.score ?? 0) * 100))
        for (const ref of lhr.categories[key]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id]
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            // The elements at fault, so the table's reader knows what to fix.
            const items = ((audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? []).slice(0, 3)
            const nodes = items.map((item) => item.node?.snippet).filter(Boolean)
            failedAudits.add(`${page.label} ${key}: ${ref.id} (${audit.displayValue ?? audit.score})${nodes.length ? ` ${nodes.join(' ')}` : ''}`)
          }
        }
      }
    }
    const best = (key: Category) => scores[key].sort((a, b) => a - b)[Math.floor(scores[key].length / 2)]
    const figures = Object.fromEntries((Object.keys(budgets) as Category[]).map((k) => [k, best(k)])) as Record<Category, number>
    const pass = (Object.keys(wanted) as Category[]).every((k) => figures[k] >= wanted[k])
    return {
      row: {
        id: page.id,
        what: `Lighthouse mobile ${page.label} (perf / a11y / BP / SEO)`,
        figure: `${figures.performance} / ${figures.accessibility} / ${figures['best-practices']} / ${figures.seo}`,
        budget: `≥ 95 / 100 / ${page.strict ? '100' : '≥ 95'} / 100`,
        pass,
        values: { ...figures, runs },
      },
      failedAudits: [...failedAudits],
    }
  } finally {
    // Chromium writes its profile until it is gone: wait for the exit before removing it.
    const exited = chrome.exitCode !== null ? Promise.resolve() : new Promise((resolve) => chrome.once('exit', resolve))
    chrome.kill('SIGKILL')
    await exited
    // Its helper processes (crashpad) may still add a file: a profile left in /tmp is no failure of the page.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
    } catch (error) {
      console.warn(`  (Chromium's profile ${profile} not removed: ${(error as Error).message})`)
    }
  }
}

async function waitForDebugger(port: number) {
  const deadline = Date.now() + 20_000
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`)
      if (res.ok) return
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
