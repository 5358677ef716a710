// ESLint for the web app and its end-to-end tests: `npm run lint`, and `make lint` (part of `make test`).
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import featureBoundaries from './eslint/featureBoundaries.js'
import importCycles from './eslint/importCycles.js'

export default defineConfig(
  { ignores: ['node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a parameter kept for its type (<Route>'s props, a stub's URL).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { pelotao: { rules: { 'feature-boundaries': featureBoundaries, 'import-cycles': importCycles } } },
    rules: { 'pelotao/import-cycles': 'error' },
  },
  {
    files: ['src/features/**'],
    rules: { 'pelotao/feature-boundaries': 'error' },
  },
  {
    // Run by Node: the build's configuration, the end-to-end tests and this folder's rule.
    files: ['*.config.{js,ts}', 'e2e/**', 'eslint/**'],
    languageOptions: { globals: globals.node },
  },
)
