import os from 'node:os'

/**
 * How many test files run at once (vitest's workers), for every project: TEST_WORKERS, or one more
 * than the machine's cores, since browser tests spend much of their time waiting on Chromium and
 * the servers. The browser tests' global set-up starts one server per worker.
 */
export const testWorkers = Number(process.env.TEST_WORKERS) || os.availableParallelism() + 1
