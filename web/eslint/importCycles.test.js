import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, it } from 'vitest'
import rule from './importCycles.js'

RuleTester.describe = describe
RuleTester.it = it

// The rule follows imports on disk, so each case's modules are real files.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'))
afterAll(() => fs.rmSync(dir, { recursive: true }))
const modules = {
  'a.ts': "import { b } from './b'\nexport const a = 1",
  'b.ts': "import type { C } from './sub'\nexport const b = 2",
  'sub/index.ts': "export type { A } from '../a'\nexport type C = string",
  'lazy.ts': "export const page = () => import('./lazy')",
  'leaf.ts': "import data from './data.json'\nimport 'react'\nexport const leaf = data",
}
for (const [name, text] of Object.entries(modules)) {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
  fs.writeFileSync(path.join(dir, name), text)
}
const at = (name) => ({ filename: path.join(dir, name), code: modules[name] })

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('import-cycles', rule, {
  valid: [
    // A dynamic import runs after every module is loaded.
    at('lazy.ts'),
    // JSON and packages are not followed.
    at('leaf.ts'),
    { filename: path.join(dir, 'other.ts'), code: "import { a } from './a'" },
  ],
  invalid: [
    // A type-only import closes the cycle as much as a value import, through a folder's index.
    { ...at('a.ts'), errors: [{ messageId: 'cycle', data: { source: './b', chain: 'a.ts → b.ts → sub/index.ts → a.ts' } }] },
    { ...at('sub/index.ts'), errors: [{ messageId: 'cycle' }] },
  ],
})
