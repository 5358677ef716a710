// ESLint for the web app and its end-to-end tests: `npm run lint`, and `make lint` (part of `make test`).
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import featureBoundaries from './eslint/featureBoundaries.js'

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
    plugins: { pelotao: { rules: { 'feature-boundaries': featureBoundaries } }, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    // No chain of imports leads from a module back to itself: a cycle makes the order modules run in
    // depend on which one loads first, and shows two modules that are one job split badly
    // (docs/architecture.md). A dynamic import() breaks a cycle: it runs after every module is loaded,
    // which is how the router reaches the pages.
    rules: { 'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }] },
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
