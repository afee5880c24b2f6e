// The logger lives in app/modules/observability/logger.server.ts (pino, request ids, redaction);
// this path stays for the modules that import it.
export { createLogger, type Logger, type LogLevel } from '#app/modules/observability/logger.server.ts'
