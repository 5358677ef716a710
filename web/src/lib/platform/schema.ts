// The pieces every parse boundary of API answers is built of (lib/events/eventSchema, lib/results/resultSchema):
// each field takes its empty value when it is missing or wrong, so that a partial answer gives a
// complete value the pages can draw, never an error.
// zod/mini: the build the event form already loads, and the smallest.
import { z } from 'zod/mini'

export const text = z.catch(z.string(), '')
export const flag = (value: boolean) => z.catch(z.boolean(), value)
/** A price, a distance, an age or a place: a number (JSON has no NaN), or null (blank) for anything else. */
export const amount = z.transform((v: unknown) => (typeof v === 'number' ? v : null))
/** A count: a number, or 0 for anything else. */
export const count = z.catch(z.number(), 0)
/** One of options, or fallback. */
export const oneOf = <const T extends readonly string[]>(options: T, fallback: T[number]) =>
  z.transform((v: unknown): T[number] => (options.includes(v as string) ? (v as T[number]) : fallback))
/** A list whose rows each take their defaults; anything but an array is an empty list. */
export const list = <T extends z.core.SomeType>(row: T) => z.catch(z.array(row), [])
/** An object whose fields each take their defaults; anything but an object is all defaults. */
export const record = <T extends z.core.$ZodLooseShape>(shape: T) => {
  const schema = z.object(shape)
  return z.catch(schema, () => schema.parse({}))
}
