// The server's renderer (src/ssr/entry.tsx) as one classic script for Go's JavaScript engine
// (goja, internal/prerender), embedded like the app (internal/webui, build tag webdist).
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import registry from '../internal/site/pages.json' with { type: 'json' }
import { checkNoDynamicImport, patchReactServer, reactServerFile } from './src/ssr/reactPatch'

// The checks and the patch live in src/ssr/reactPatch.ts, where a test runs them against the
// installed React.
const noDynamicImport: Plugin = {
  name: 'pelotao-no-dynamic-import',
  enforce: 'post',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type === 'chunk') checkNoDynamicImport(chunk.code, chunk.fileName)
    }
  },
}

const linearRenderToString: Plugin = {
  name: 'pelotao-linear-render-to-string',
  transform(code, id) {
    return id.includes('react-dom-server-legacy.browser.production') ? patchReactServer(code, id) : null
  },
}

// The server draws only the prerendered pages of the registry (internal/site/pages.json), never
// a dialog that opens on a click. The code of the others (the account pages, the dashboard, the
// event form, the plan dialog) is left out of the renderer: every engine holds its script in
// memory. Such a module is an empty one on the server.
const notDrawnOnTheServer = [
  ...Object.values(registry.pages)
    .filter((p) => !p.prerender)
    .map((p) => fileURLToPath(new URL(p.module, import.meta.url))),
  fileURLToPath(new URL('src/features/training/PlanInterestDialog.tsx', import.meta.url)),
]
const publicPagesOnly: Plugin = {
  name: 'pelotao-public-pages-only',
  enforce: 'pre',
  load(id) {
    return notDrawnOnTheServer.includes(id.split('?')[0]!) ? 'export {}' : null
  },
}

export default defineConfig({
  plugins: [react(), noDynamicImport, linearRenderToString, publicPagesOnly],
  resolve: {
    // react-dom/server.browser also carries React's streaming renderer, which renderToString does
    // not use: the renderer alone keeps every engine's compiled script a third smaller.
    alias: [
      {
        find: /^react-dom\/server\.browser$/,
        replacement: fileURLToPath(new URL(reactServerFile, import.meta.url)),
      },
    ],
  },
  publicDir: false,
  build: {
    ssr: 'src/ssr/entry.tsx',
    outDir: '../internal/webui/ssr',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    rollupOptions: {
      output: { format: 'iife', name: 'pelotaoRenderer', entryFileNames: 'render.js', inlineDynamicImports: true },
    },
  },
  // Everything in the one script, and React's builds for browsers (no Node streams).
  ssr: { noExternal: true, target: 'webworker' },
})
