import { defineConfig } from 'vitest/config'
import { LongestFirst } from './tests/setup/sequencer.ts'
import { testWorkers } from './tests/setup/workers.ts'

// Both projects run side by side on the same workers: the app's files keep the cores busy while
// the browser tests wait on Chromium. docs/testing.md says how the suite is laid out and timed.
export default defineConfig({
  test: {
    maxWorkers: testWorkers,
    // The longest files first, from a committed record of a whole run (tests/setup/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'app',
          include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          setupFiles: ['tests/setup/runtime.ts', 'tests/setup/console.ts'],
          environment: 'node',
          // A worker keeps its modules from one file to the next (no module holds state: services
          // are built per test from createServices), which saves importing the app 150 times.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // One server per worker (global-setup.ts): a file has its server to itself while it runs.
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser's answer to a click comes when the machine gets to it: expect.poll waits up
          // to 10 s (not 1 s) before it fails, and returns as soon as the answer is there.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
})
