import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['leaflet', 'leaflet/*', 'react-leaflet'], message: 'Import Leaflet only from app/map/.' }] }] },
  },
)
