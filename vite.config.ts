import fs from 'node:fs/promises'
import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import { pickMessages, type MessagePart } from './app/i18n/message-parts.ts'
import { precompressDir } from './scripts/precompress.ts'

/**
 * `locales/<lang>/translation.json?messages=base|manager`: one part of a language's messages
 * (app/i18n/message-parts.ts), so visitors' pages download only the messages they show.
 */
function messageParts(): Plugin {
  return {
    name: 'trailguide:message-parts',
    enforce: 'pre',
    async load(id) {
      const [file, query = ''] = id.split('?')
      const part = new URLSearchParams(query).get('messages')
      if (!file.endsWith('translation.json') || (part !== 'base' && part !== 'manager')) return null
      this.addWatchFile(file)
      const messages = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>
      return { code: `export default ${JSON.stringify(pickMessages(messages, part as MessagePart))}`, moduleType: 'js' }
    },
  }
}

/**
 * React Router reloads the page whenever a route module fails to load, with no limit: a chunk that
 * keeps failing would reload forever. This hands the failure to the app's handler instead
 * (app/platform/app-version/version-watch.ts: a reload when a newer build is served, at most once
 * per 10 s, else the error boundary). The build fails loudly if React Router's code changes shape.
 */
function boundedRouteModuleReload(): Plugin {
  const reload = /(Error loading route module[\s\S]{0,600}?)window\.location\.reload\(\);\s*return new Promise\(\(\) => \{\s*\}\);/
  return {
    name: 'trailguide:bounded-route-module-reload',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]/.test(id) || !code.includes('Error loading route module')) return null
      if (!reload.test(code)) this.error('React Router changed its route module reload: update trailguide:bounded-route-module-reload in vite.config.ts')
      const handOver = '$1return window.__trailguideChunkFailed ? window.__trailguideChunkFailed(error) : (window.location.reload(), new Promise(() => {}));'
      return { code: code.replace(reload, handOver), map: null }
    },
  }
}

/**
 * In the browser build only, `i18next` and `react-i18next` are the app's small versions of them
 * (app/i18n/lite/, about 1.5 KB instead of 18 KB gzipped on every page): the server renders with
 * the real ones, and lite.test.ts proves both give the same text for every message.
 */
function liteI18nInBrowser(): Plugin {
  const lite: Record<string, string> = {
    i18next: path.resolve(import.meta.dirname, 'app/i18n/lite/i18next.ts'),
    'react-i18next': path.resolve(import.meta.dirname, 'app/i18n/lite/react-i18next.tsx'),
  }
  return {
    name: 'trailguide:lite-i18n-in-browser',
    enforce: 'pre',
    resolveId(source) {
      if (this.environment.name !== 'client' || !(source in lite)) return null
      return lite[source]
    },
  }
}

/**
 * The browser build's text files get brotli and gzip copies beside them (scripts/precompress.ts),
 * served by server/built-files.ts: compressed once at build time, never per request.
 */
function precompressBrowserBuild(): Plugin {
  return {
    name: 'trailguide:precompress',
    apply: 'build',
    async writeBundle(options) {
      if (this.environment.name !== 'client' || !options.dir) return
      const { files, bytes, br } = await precompressDir(options.dir)
      this.environment.logger.info(`precompressed ${files} files: ${Math.round(bytes / 1024)} kB → ${Math.round(br / 1024)} kB brotli`)
    },
  }
}

/**
 * One module graph (ADR 036): the server build's input is server/app.ts, which holds React
 * Router's server build with the HTTP surface, the API and the services (build/server/index.js),
 * and server/main.ts, the starter node runs, is written beside it (build/server/main.js).
 */
function serverBundle(): Plugin {
  return {
    name: 'trailguide:server-bundle',
    apply: 'build',
    config: (_config, env) => (env.isSsrBuild ? { build: { rollupOptions: { input: path.resolve(import.meta.dirname, 'server/app.ts') }, sourcemap: true } } : undefined),
    buildStart() {
      if (this.environment.name !== 'ssr') return
      this.emitFile({ type: 'chunk', id: path.resolve(import.meta.dirname, 'server/main.ts'), fileName: 'main.js' })
      // The import's worker thread (ADR 050) is started from its own file beside the bundle.
      this.emitFile({ type: 'chunk', id: path.resolve(import.meta.dirname, 'app/modules/transfer/import.worker.ts'), fileName: 'import-worker.js' })
    },
  }
}

export default defineConfig({
  plugins: [messageParts(), liteI18nInBrowser(), tailwindcss(), reactRouter(), boundedRouteModuleReload(), precompressBrowserBuild(), serverBundle()],
  resolve: { tsconfigPaths: false },
  build: { target: 'es2022' },
  environments: {
    // Every lucide icon the screens use in one chunk (~38 kB, 13 kB gzipped), not one ~300-byte
    // chunk per icon: the dashboard requested 63 scripts, 46 with it, the map editor 88 → 62 (a
    // fresh browser's first load of the map editor 2.45 → 2.29 busy core-s on the 2-core machine;
    // docs/performance.md). The visitor pages' own scripts are single files either way.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: 'icons', test: /lucide-react/ }],
            },
          },
        },
      },
    },
  },
})
