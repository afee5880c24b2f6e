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

export default tseslint.config(
  { ignores: ['build/', 'build-*/', '.react-router/', 'node_modules/', 'data/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Migrations are frozen and typed against Kysely<any> on purpose (Kysely's advice).
    files: ['app/db/migrations/**', '**/*.test.ts', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The browser tests' `useBrowserPage()` registers vitest hooks; no React there.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Leaflet stays behind the map folder (it touches window at import).
    files: ['app/**'],
    ignores: ['app/map/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [leafletOutsideMap] }] },
  },
  {
    // Screens take their types from the contract (ADR 035), never from a server module.
    files: ['app/components/**', 'app/visitor/**'],
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
      ],
    },
  },
)
