// What the server's starter sets up before the app loads (server/main.ts), set up before a test file imports it.
import '../../server/array-buffer-detached.ts'
