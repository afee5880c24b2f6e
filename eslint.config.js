import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const leafletOutsideMap = { group: ['leaflet', 'leaflet/*', 'react-leaflet'], message: 'Import Leaflet only from app/map/.' }
const serverModule = {
  regex: '\\.server(\\.tsx?)?$',
  message: 'A screen imports no server module: take the type from the module’s *.schema.ts (ADR 035).',
}
/** A module path ending in .server or .server.ts (an esquery regex). */
const serverPath = '/\\.server(\\.tsx?)?$/'
const typeFromServer = 'Take the type from the module’s *.schema.ts or from AppLoadContext, not from a server module (ADR 035).'

// The layers (docs/architecture.md), each importing only the ones below it:
//   leaves (utils, i18n) < base (config, db) < platform < api (the HTTP toolkit) < geo (the
//   shared kernel) < modules (the product) < composition (services, API registry, server) < UI.
// A layer's files may not import a folder of a layer above; tests are exempt (they drive any layer).
const folders = {
  base: ['config', 'db'],
  platform: ['platform'],
  api: ['api'],
  modules: ['modules'],
  composition: ['services.server.ts', 'api-routes.server.ts', 'load-context.ts'],
  ui: ['routes', 'components', 'visitor', 'map', 'client', 'root.tsx', 'entry.server.tsx', 'entry.client.tsx'],
}
const order = ['leaves', 'base', 'platform', 'api', 'kernel', 'modules', 'composition', 'ui']
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The import paths of every folder in the layers above `layer`, as #app/… or as a relative path. */
function above(layer) {
  const higher = order.slice(order.indexOf(layer) + 1)
  // The kernel sits below the other modules: it may import none of them.
  const names = higher.flatMap((l) => folders[l] ?? []).map((name) => (layer === 'kernel' && name === 'modules' ? 'modules/(?!geo/)[^/]+' : escape(name)))
  return {
    regex: `^(?:#app/|(?:\\.\\.?/)+(?:app/)?)(?:${names.join('|')})(?:/|$)`,
    message: `A ${layer === 'leaves' ? 'leaf' : layer} file imports only the layers below it (docs/architecture.md).`,
  }
}
/**
 * `no-restricted-imports` for files of a layer, with the other rules those files keep, and the
 * same refusal for `import()` (which `no-restricted-imports` does not see). esquery's regex
 * literal cannot hold a slash: the pattern spells it `\x2F`.
 */
function layerRule(layer, extra = []) {
  const { regex, message } = above(layer)
  return {
    'no-restricted-imports': ['error', { patterns: [{ regex, message }, ...extra] }],
    'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message }],
  }
}
const tests = ['**/*.test.ts', '**/*.test.tsx', '**/*.test-fixtures.ts', '**/*.test-stores.ts']

// Screens draw buttons with the kit (app/components/ui/: Button, IconButton, RowButton,
// Segmented, Tabs, SortButton), so a button looks and behaves the same everywhere (ADR 085).
const rawButton = {
  selector: 'JSXOpeningElement[name.name="button"]',
  message: 'Use the kit’s button (app/components/ui/: Button, IconButton, RowButton, Segmented…), or add the file to the allow-list in eslint.config.js with the reason (ADR 085).',
}
/** The screens that keep one raw <button>, each where no kit button can be. */
const rawButtonAllowed = [
  // The toast's whole text is its click target (a button around the message, not one drawn in it).
  'app/components/shell/toaster.tsx',
  // "Cancel" on the map's dark "click on the map" hint: white on dark, a look no kit button has.
  'app/components/map-editor/map-editor-screen.tsx',
]

export default tseslint.config(
  { ignores: ['build/', 'build-*/', 'build.next-*/', 'build.old-*/', '.react-router/', 'node_modules/', 'data/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // The hooks rules (React Compiler's analysis: two thirds of the lint's time) where React code
    // lives: every .tsx, and the UI layer's .ts hooks and stores. Server code and tests hold none.
    files: ['**/*.tsx', 'app/{components,visitor,client,map,routes}/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Migrations are frozen and typed against Kysely<any> on purpose (Kysely's advice).
    files: ['app/db/migrations/**', '**/*.test.ts', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // The layers; Leaflet stays behind the map folder (it touches window at import).
  { files: ['app/utils/**', 'app/i18n/**'], ignores: tests, rules: layerRule('leaves', [leafletOutsideMap]) },
  { files: ['app/config/**', 'app/db/**'], ignores: tests, rules: layerRule('base', [leafletOutsideMap]) },
  { files: ['app/platform/**'], ignores: tests, rules: layerRule('platform', [leafletOutsideMap]) },
  { files: ['app/api/**'], ignores: tests, rules: layerRule('api', [leafletOutsideMap]) },
  { files: ['app/modules/geo/**'], ignores: tests, rules: layerRule('kernel', [leafletOutsideMap]) },
  { files: ['app/modules/**'], ignores: ['app/modules/geo/**', ...tests], rules: layerRule('modules', [leafletOutsideMap]) },
  { files: ['app/services.server.ts', 'app/api-routes.server.ts', 'app/load-context.ts'], rules: layerRule('composition', [leafletOutsideMap]) },
  {
    files: ['app/routes/**', 'app/root.tsx', 'app/entry.*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [leafletOutsideMap] }] },
  },
  {
    files: ['app/components/**'],
    ignores: ['app/components/ui/**', ...rawButtonAllowed, ...tests],
    rules: { 'no-restricted-syntax': ['error', rawButton] },
  },
  {
    // Screens take their types from the contract (ADR 035), never from a server module.
    files: ['app/components/**', 'app/visitor/**', 'app/client/**'],
    ignores: ['app/client/api-contract.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [leafletOutsideMap, serverModule] }] },
  },
  {
    files: ['app/map/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverModule] }] },
  },
  {
    // Route modules call services in loaders and actions, but take types from the contract
    // (`*.schema.ts`) or the load context (`AppLoadContext['services']`): ADR 035. Their tests
    // drive server modules directly.
    files: ['app/routes/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `ImportDeclaration[importKind='type'][source.value=${serverPath}]`, message: typeFromServer },
        { selector: `ImportDeclaration[source.value=${serverPath}] > ImportSpecifier[importKind='type']`, message: typeFromServer },
        rawButton,
      ],
    },
  },
)
