/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

export default defineConfig({
  plugins: [react(), tailwindcss(), compileEagerly(['KitDeskPage'])],
  build: {
    // The Go binary embeds this folder (internal/webui, build tag webdist).
    outDir: '../internal/webui/dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Browsers preload modules themselves (Chrome 66, Firefox 115, Safari 17); an older one fetches
    // a module when it is imported instead. The polyfill cost every page 0.3 KB (gzip) in its entry.
    modulePreload: { polyfill: false },
    // The framework and the app's shell, which every page needs, in two files: fewer requests, and
    // one gzip stream compresses better than twenty small ones. Pages stay their own chunks.
    rollupOptions: {
      // src/early.ts is a page's first, classic script (internal/site's template): its own entry,
      // so that nothing of it is shared with, or imported from, the app's modules.
      // Wrapped in a function, as a classic script's names would otherwise be the window's.
      input: { index: 'index.html', early: 'src/early.ts' },
      output: {
        banner: (chunk) => (chunk.name === 'early' ? '(()=>{' : ''),
        footer: (chunk) => (chunk.name === 'early' ? '})();' : ''),
        codeSplitting: {
          groups: [
            // What the entry (src/boot.ts) needs before the app — Vite's loader of dynamic imports, and
            // lib/platform/nextTask, which the event list's parse shares — in one small chunk: in the
            // app's chunk, it would make the entry fetch the whole app at once.
            { name: 'boot', test: /vite[\\/]preload-helper|src[\\/]lib[\\/]platform[\\/]nextTask\.ts/, priority: 2 },
            // React and its DOM renderer, apart from the app: the entry imports src/reactDom.ts
            // first, so that a phone evaluates them in one task and the app in the next, not both
            // in one long task.
            {
              name: 'react',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]reactDom\.ts/,
            },
            // The shared components only forms and the signed-in workspaces use (dialogs, fields,
            // tabs, the scrolling table, the buyer's cancelling of an unpaid order) stay out of it:
            // each goes with the pages that load it, instead of costing every public page 1.3 KB
            // (gzip) it never runs.
            // The organizer workspace's first tab and what only it reads (access, its API, the
            // list), then the tabs and the scrolling table it shares with the dashboard, and the
            // summary request, each in one file instead of one per module: fewer small gzip streams.
            // Only the listed modules: what they import stays where it is shared from.
            {
              name: 'OrganizerEventPage',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /src[\\/]features[\\/]organizer-event[\\/](OrganizerEventPage\.tsx|access\.ts|api\.ts|participants[\\/](ParticipantsTab\.tsx|ParticipantsTable\.tsx))/,
            },
            {
              name: 'workspaces',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /src[\\/](components[\\/](Tabs|ScrollTable)\.tsx|lib[\\/]events[\\/]participantSummary\.ts)/,
            },
            // The registration form's own modules in one file, so that what it loads after its first
            // paint (the order's summary, the sign-in) imports from it instead of splitting it up.
            {
              name: 'RegistrationPage',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /src[\\/]features[\\/]registration[\\/](RegistrationPage\.tsx|AthleteFields\.tsx|PaymentChoice\.tsx|athleteForm\.ts|documento\.ts|masks\.ts|registrationApi\.ts)|internal[\\/]participant[\\/]documento\.json/,
            },
            {
              name: 'app',
              priority: 1,
              test: /src[\\/](main\.tsx|app[\\/]|components[\\/](?!(AccountFormParts|CancelUnpaidOrder|ConfirmDialog|Dialog|LabelledInput|SavedEventMessage|savedEvent|ScrollTable|Tabs|UndoPickupDialog)\.)|lib[\\/](auth|platform[\\/](api|externalPage|initialData|pageMeta|resource|images|origin)))/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/files': 'http://localhost:8080' },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'eslint/**/*.test.js'],
    css: false,
    // A busy machine (CI's two cores running Go, Vitest and Chromium) can take seconds to draw what a
    // test awaits; these limits only bound a failing wait, a passing test never reaches them. The
    // event form's longest journeys type into a form that redraws on each key: 10–22 s each with
    // the machine's load at 18, one 30.4 s (a run of five in a fresh clone, issue 36 item 9).
    testTimeout: 120_000,
  },
})

/**
 * V8 compiles a function the first time it is called, on the main thread, unless its file starts
 * with the comment `//# allFunctionsCalledOnLoad` (Chrome 136): then all of it is compiled as it
 * loads, off the main thread. The kit desk's chunk is such a file — its search and its cards run on
 * the first letter typed, which otherwise waited for their compilation (KIT-13). The comment must
 * come before any code, so it is added once Vite has written its own lines at the top.
 */
function compileEagerly(chunks: string[]): Plugin {
  return {
    name: 'compile-eagerly',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunks.includes(chunk.name))
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`
        }
      },
    },
  }
}
