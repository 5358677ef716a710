// The pieces every parse boundary of API answers is built of (lib/events/eventSchema, lib/results/resultSchema):
// each field takes its empty value when it is missing or wrong, so that a partial answer gives a
// complete value the pages can draw, never an error.
// Plain functions, not zod: a parse that cannot fail needs none of a validator's machinery, which
// would count in the JavaScript budget of every page that reads answers (docs/budgets.md). The
// forms, which check what people type, keep zod in their own chunks.

/** Reads any value as a T; it never throws. */
export type Parser<T> = (value: unknown) => T

/** What a parser gives. */
export type Parsed<P> = P extends Parser<infer T> ? T : never

export const text: Parser<string> = (v) => (typeof v === 'string' ? v : '')

export function flag(value: boolean): Parser<boolean> {
  return (v) => (typeof v === 'boolean' ? v : value)
}

/** A price, a distance, an age or a place: a number (JSON has no NaN), or null (blank) for anything else. */
export const amount: Parser<number | null> = (v) => (typeof v === 'number' ? v : null)

/** A count: a finite number, or 0 for anything else. */
export const count: Parser<number> = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

/** One of options, or fallback. */
export function oneOf<const T extends readonly string[]>(options: T, fallback: T[number]): Parser<T[number]> {
  return (v) => (options.includes(v as string) ? (v as T[number]) : fallback)
}

/** A list whose rows each take their defaults; anything but an array is an empty list. */
export function list<T>(row: Parser<T>): Parser<T[]> {
  return (v) => (Array.isArray(v) ? v.map((item) => row(item)) : [])
}

/** An object whose fields each take their defaults; anything but an object is all defaults. Other keys are left out. */
export function record<S extends Record<string, Parser<unknown>>>(shape: S): Parser<{ [K in keyof S]: Parsed<S[K]> }> {
  return (v) => {
    const from: Record<string, unknown> =
      typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
    const out: Record<string, unknown> = {}
    for (const [key, parse] of Object.entries(shape)) out[key] = parse(from[key])
    return out as { [K in keyof S]: Parsed<S[K]> }
  }
}
