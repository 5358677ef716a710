// The validation cases shared with the server (internal/event/validate_test.go): the form must
// report exactly the same field errors, with the same texts, for every case it can express.
import { describe, expect, it } from 'vitest'
import table from '../../../../internal/event/testdata/validation_cases.json'
import { parseEvent } from '../../lib/events/eventSchema'
import { formFieldOf, fromEvent, type EventFormValues } from './formModel'
import { eventFormSchema } from './formSchema'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** {"$repeat": v, "times": n}: v repeated n times, as a text or a list of copies. */
function expand(v: Json): Json {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || !('$repeat' in v)) return v
  const item = v.$repeat as Json
  const n = v.times as number
  return typeof item === 'string' ? item.repeat(n) : Array.from({ length: n }, () => structuredClone(item))
}

/** Sets doc at a dotted path; a list index one past the end appends. */
function setPath(doc: Json, path: string, value: Json) {
  const keys = path.split('.')
  const last = keys.pop()!
  let at = doc as Record<string, Json>
  for (const k of keys) at = at[k] as Record<string, Json>
  at[last] = value
}

/** A value of the document as the form's input holds it: numbers as typed in Brazil, blanks as ''. */
function asTyped(v: Json): Json {
  if (typeof v === 'number') return String(v).replace('.', ',')
  return v === null ? '' : v
}

/** Each value of v that is not a list or an object, with its dotted path under path. */
function leaves(path: string, v: Json): [string, Json][] {
  if (v === null || typeof v !== 'object') return [[path, v]]
  return Object.entries(v).flatMap(([k, item]) => leaves(`${path}.${k}`, item))
}

function formErrors(values: EventFormValues) {
  const r = eventFormSchema.safeParse(values)
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('validation cases shared with the server', () => {
  it('has cases the form runs and cases only the server can meet', () => {
    expect(table.cases.filter((c) => !('serverOnly' in c)).length).toBeGreaterThan(50)
    expect(table.cases.filter((c) => 'serverOnly' in c).length).toBeGreaterThan(0)
  })

  it.each(table.cases.filter((c) => !('serverOnly' in c)))('$name', (c) => {
    const doc = structuredClone(table.base) as unknown as Json
    const set = Object.entries(c.set as Record<string, Json>).map(([path, v]) => [path, expand(v)] as const)
    for (const [path, v] of set) setPath(doc, path, v)
    // The form edits what the API serves, so the document passes the app's one reader first.
    const values = fromEvent(parseEvent(doc))
    // Typed values go into the form's inputs as a person types them (fromEvent only knows numbers).
    for (const [path, v] of set.flatMap(([p, v]) => leaves(p, v)))
      setPath(values as unknown as Json, formFieldOf(path, values), asTyped(v))
    const want = Object.fromEntries(
      Object.entries(c.errors as Record<string, string>).map(([path, msg]) => [formFieldOf(path, values), msg]),
    )
    expect(formErrors(values)).toEqual(want)
  })
})
