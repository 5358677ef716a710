// How the server's renderer bundle (vite.ssr.config.ts) changes React's server build, kept apart
// so that a test (reactPatch.test.ts) checks it against the installed React: an upgrade that
// changes the patched source fails there and in the build, with this file named, instead of
// leaving the server slow or unable to draw the pages. react and react-dom are pinned exactly in
// package.json for the same reason.

/** React's renderToString for browsers, the only renderer the server's script carries. */
export const reactServerFile = 'node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js'

/**
 * React's renderToString appends each small piece of markup to one string (result += chunk). goja
 * copies a string on every +=, so a page took time and memory in the square of its size (180 ms and
 * 600 MB for the home page). The pieces go into an array joined once instead.
 */
const linearRenderToString: [from: string, to: string][] = [
  ['    result = "",\n    readyToStream = !1;', '    result = [],\n    readyToStream = !1;'],
  ['null !== chunk && (result += chunk);', 'null !== chunk && result.push(chunk);'],
  ['  return result;\n}\nexports.renderToStaticMarkup', '  return result.join("");\n}\nexports.renderToStaticMarkup'],
]

/** React's server build with linearRenderToString applied; throws, naming what is missing, if its source changed. */
export function patchReactServer(code: string, file: string): string {
  for (const [from, to] of linearRenderToString) {
    const found = code.split(from).length - 1
    if (found !== 1) {
      throw new Error(
        `${file}: React's server build changed (expected exactly one ${JSON.stringify(from)}, found ${found}). ` +
          'Update linearRenderToString in web/src/ssr/reactPatch.ts for the new React, or pin react and react-dom back in web/package.json.',
      )
    }
    code = code.replace(from, to)
  }
  return code
}

/**
 * goja cannot parse import(), and the renderer loads every page up front, so the server's script
 * must have none: a dependency that brings one fails the build here, rather than the server at start.
 */
export function checkNoDynamicImport(code: string, file: string) {
  const at = code.search(/(?<![\w$.])import\s*\(/)
  if (at >= 0) {
    throw new Error(
      `${file}: the server's renderer contains import() (…${code.slice(Math.max(0, at - 60), at + 40)}…), which goja cannot run. ` +
        'Leave the module that brings it out of the server build (vite.ssr.config.ts) or load it statically.',
    )
  }
}
