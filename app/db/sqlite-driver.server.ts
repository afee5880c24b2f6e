import { createRequire } from 'node:module'
import type BetterSqlite3 from 'better-sqlite3'

const requireOnUse = createRequire(import.meta.url)

/**
 * better-sqlite3 for the Node.js that runs (ADR 040): 13.x (Node-API) from Node 22 on, since 12.x
 * aborts the process on Node 24 when a statement is collected after Node's environment is gone
 * (at every exit, and in workers); 12.x on Node 20, where 13.x crashes on load. Same API.
 */
export const driverName = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3'
const SQLite: typeof BetterSqlite3 = requireOnUse(driverName)

export default SQLite
