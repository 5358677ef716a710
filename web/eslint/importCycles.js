// An ESLint rule: no chain of relative imports leads from a module back to itself. A cycle makes the
// order modules run in depend on which one is loaded first, and it is a sign that two modules are one
// job split badly (docs/architecture.md, "Packages and folders"). ESLint lints one file at a time, so
// the rule reads the modules a file reaches from disk and follows their imports in turn. Type-only
// imports count: they tie the modules' meaning together as much as a value does. A dynamic import()
// does not: it runs after every module is loaded, which is how the router reaches the pages.
import fs from 'node:fs'
import path from 'node:path'

const extensions = ['.ts', '.tsx', '.js', '.jsx']
// Static import and export-from clauses; the specifier is the quoted text after `from` (or `import`).
const staticImport = /^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"](\.[^'"]*)['"]/gm

/** The file a relative specifier names, or undefined when it is not a source file (JSON, CSS). */
function resolve(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier)
  for (const candidate of [base, ...extensions.map((e) => base + e), ...extensions.map((e) => path.join(base, 'index' + e))]) {
    if (extensions.includes(path.extname(candidate)) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  }
  return undefined
}

// Each file's imports, kept while the file is unchanged: one lint run reads each file once.
const cache = new Map()

function importsOfText(file, text) {
  const found = []
  for (const m of text.matchAll(staticImport)) {
    const target = resolve(file, m[1])
    if (target !== undefined) found.push(target)
  }
  return found
}

function importsOf(file) {
  const mtime = fs.statSync(file).mtimeMs
  const hit = cache.get(file)
  if (hit?.mtime === mtime) return hit.imports
  const imports = importsOfText(file, fs.readFileSync(file, 'utf8'))
  cache.set(file, { mtime, imports })
  return imports
}

/** A chain of imports from start back to target (start first), or undefined when there is none. */
function pathBack(start, target, seen) {
  if (start === target) return [start]
  if (seen.has(start)) return undefined
  seen.add(start)
  for (const next of importsOf(start)) {
    const rest = pathBack(next, target, seen)
    if (rest) return [start, ...rest]
  }
  return undefined
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'forbids a cycle of relative imports' },
    schema: [],
    messages: { cycle: "'{{source}}' leads back to this file: {{chain}}. Move what both need to a module neither imports." },
  },
  create(context) {
    const file = context.filename
    const root = path.dirname(file)
    const seen = new Set()
    function check(node) {
      const source = node.source?.value
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const target = resolve(file, source)
      if (target === undefined) return
      const chain = pathBack(target, file, seen)
      if (chain) {
        const names = [file, ...chain].map((f) => path.relative(root, f) || path.basename(f))
        context.report({ node: node.source, messageId: 'cycle', data: { source, chain: names.join(' → ') } })
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
  },
}
