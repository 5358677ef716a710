// Guards the server renderer's patch of React (reactPatch.ts) against an upgrade of React that
// changes what it patches: this fails, saying what to do, rather than the server turning slow.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import packageJson from '../../package.json'
import { checkNoDynamicImport, patchReactServer, reactServerFile } from './reactPatch'

const installedVersion = (name: string) =>
  (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version

describe("the server renderer's patch of React", () => {
  it('applies to the installed React, which is the pinned one', () => {
    for (const name of ['react', 'react-dom'] as const) {
      const pinned = packageJson.dependencies[name]
      expect(
        pinned,
        `${name} must be pinned exactly in package.json (no ^ or ~): the patch is made for one release`,
      ).toMatch(/^\d+\.\d+\.\d+$/)
      expect(installedVersion(name), `the installed ${name} is not the pinned one: run npm install`).toBe(pinned)
    }
    const code = readFileSync(reactServerFile, 'utf8')
    const patched = patchReactServer(code, reactServerFile)
    expect(patched).toContain('result.push(chunk)')
    expect(patched).toContain('return result.join("");')
    expect(patched).not.toContain('result += chunk')
  })

  it('fails, naming what to update, when React changed what it patches', () => {
    const code = readFileSync(reactServerFile, 'utf8').replace(
      'null !== chunk && (result += chunk);',
      'null !== chunk && (out += chunk);',
    )
    expect(() => patchReactServer(code, reactServerFile)).toThrow(
      /React's server build changed .*result \+= chunk.*found 0.*web\/src\/ssr\/reactPatch\.ts/,
    )
  })

  it('refuses a renderer script with import(), which goja cannot run', () => {
    expect(() => checkNoDynamicImport('var a=1;const m=import("./pagina.js");', 'render.js')).toThrow(
      /render\.js: the server's renderer contains import\(\)/,
    )
    expect(() => checkNoDynamicImport('x.import(1);var important=(2);', 'render.js')).not.toThrow()
  })
})
