// The server's renderer (src/ssr/entry.tsx) as one classic script for Go's JavaScript engine
// (goja, internal/prerender), embedded like the app (internal/webui, build tag webdist).
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import registry from '../internal/httpapi/pages.json' with { type: 'json' }

// goja cannot parse import(). The renderer loads every page up front, so an import() left in the
// bundle would never run (none is left since React Router went; one came with its loader of
// framework-mode route modules); should a dependency bring one back, it becomes a failed promise
// so that the script still parses.
const noDynamicImport: Plugin = {
  name: 'pelotao-no-dynamic-import',
  enforce: 'post',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type === 'chunk') chunk.code = chunk.code.replace(/\bimport\(/g, 'Promise.reject(')
    }
  },
}

// React's renderToString appends each small piece of markup to one string (result += chunk). goja
// copies a string on every +=, so a page took time and memory in the square of its size (180 ms and
// 600 MB for the home page). The pieces go into an array joined once instead. The exact source is
// matched, so a React release that changes it fails this build rather than slowing the server.
const linearRenderToString: Plugin = {
  name: 'pelotao-linear-render-to-string',
  transform(code, id) {
    if (!id.includes('react-dom-server-legacy.browser.production')) return null
    const edits: [string, string][] = [
      ['    result = "",\n    readyToStream = !1;', '    result = [],\n    readyToStream = !1;'],
      ['null !== chunk && (result += chunk);', 'null !== chunk && result.push(chunk);'],
      ['  return result;\n}\nexports.renderToStaticMarkup', '  return result.join("");\n}\nexports.renderToStaticMarkup'],
    ]
    for (const [from, to] of edits) {
      if (code.split(from).length !== 2) throw new Error(`${id}: expected exactly one ${JSON.stringify(from)}`)
      code = code.replace(from, to)
    }
    return code
  },
}

// The server draws only the prerendered pages of the registry (internal/httpapi/pages.json), never
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
        replacement: fileURLToPath(new URL('node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js', import.meta.url)),
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
    rollupOptions: { output: { format: 'iife', name: 'pelotaoRenderer', entryFileNames: 'render.js', inlineDynamicImports: true } },
  },
  // Everything in the one script, and React's builds for browsers (no Node streams).
  ssr: { noExternal: true, target: 'webworker' },
})
