// An ESLint rule: a feature folder (src/features/<x>) never imports another feature's files.
// What two features share belongs in src/components or src/lib (docs/architecture.md, "Packages and
// folders"). It holds for every folder under src/features, including those added later.
import path from 'node:path'

const features = path.resolve(import.meta.dirname, '../src/features')

/** The feature folder a path lies in, or undefined outside src/features. */
function featureOf(file) {
  const rel = path.relative(features, file)
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined
  return rel.split(path.sep)[0]
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "forbids a feature folder from importing another feature's files" },
    schema: [],
    messages: {
      crossFeature:
        "src/features/{{from}} imports '{{source}}' from src/features/{{to}}: a feature does not use another feature's files. Move what both need to src/components or src/lib.",
    },
  },
  create(context) {
    const from = featureOf(context.filename)
    if (from === undefined) return {}
    function check(node) {
      const source = node.source?.value
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const to = featureOf(path.resolve(path.dirname(context.filename), source))
      if (to !== undefined && to !== from)
        context.report({ node: node.source, messageId: 'crossFeature', data: { from, to, source } })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}
