type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

/** One JSON object a line on stdout (stderr for errors), for any log collector. */
export function createLogger(level: Level | 'silent' = 'info'): Logger {
  const write = (at: Level, msg: string, fields?: Record<string, unknown>) => {
    if (order[at] < order[level]) return
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields })
    if (at === 'error') process.stderr.write(line + '\n')
    else process.stdout.write(line + '\n')
  }
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
  }
}
