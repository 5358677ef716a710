// The server's renderer (src/ssr/entry.tsx) as one classic script for Go's JavaScript engine
// (goja, internal/prerender), embedded like the app (internal/webui, build tag webdist).
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

// goja cannot parse import(). The renderer loads every page up front, so the one import() left in
// the bundle (React Router's loader of framework-mode route modules, which this app does not use)
// never runs; it is turned into a failed promise so that the script parses.
const noDynamicImport: Plugin = {
  name: 'pelotao-no-dynamic-import',
  enforce: 'post',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type === 'chunk') chunk.code = chunk.code.replace(/\bimport\(/g, 'Promise.reject(')
    }
  },
}

export default defineConfig({
  plugins: [react(), noDynamicImport],
  publicDir: false,
  build: {
    ssr: 'src/ssr/entry.tsx',
    outDir: '../internal/webui/ssr',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    rollupOptions: { output: { format: 'iife', name: 'pelotaoRenderer', entryFileNames: 'render.js', inlineDynamicImports: true } },
  },
  // Everything in the one script, and React's builds for browsers (no Node streams).
  ssr: { noExternal: true, target: 'webworker' },
})
