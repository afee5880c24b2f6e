import type { z } from 'zod'
import { AppError, type FieldErrors, type Message } from './errors.ts'

/**
 * Turns zod issues into translatable field messages. A schema may name its own message key
 * ("validation.*" or "errors.*"); otherwise the issue's code picks a generic one.
 */
export function issuesToFieldErrors(issues: z.core.$ZodIssue[], input?: unknown): FieldErrors {
  // A Map, not an object: a field may be named "__proto__" or "constructor" (hostile bodies).
  const errors = new Map<string, Message[]>()
  for (const issue of issues) {
    const fields =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((k) => [...issue.path, k].join('.'))
        : [issue.path.join('.') || '_root']
    for (const field of fields) {
      if (!errors.has(field)) errors.set(field, [])
      errors.get(field)!.push(issueToMessage(issue, field, input))
    }
  }
  return Object.fromEntries(errors)
}

function issueToMessage(issue: z.core.$ZodIssue, field: string, input: unknown): Message {
  const attribute = field.split('.').pop()?.replace(/_/g, ' ') ?? field
  // A feature's own block may hold its messages too ("notices.errors.day").
  if (/^(?:validation|errors|[a-zA-Z]+\.errors)\./.test(issue.message)) return { key: issue.message, values: { attribute } }
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(input, issue.path) === undefined) return { key: 'validation.required', values: { attribute } }
      return { key: typeKeys[issue.expected] ?? 'validation.invalid', values: { attribute } }
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1
          ? { key: 'validation.required', values: { attribute } }
          : { key: 'validation.min_string', values: { attribute, count: Number(issue.minimum) } }
        : issue.inclusive === false
          ? { key: 'validation.gt_number', values: { attribute, min: Number(issue.minimum) } }
          : { key: 'validation.min_number', values: { attribute, min: Number(issue.minimum) } }
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'validation.max_string', values: { attribute, count: Number(issue.maximum) } }
        : issue.inclusive === false
          ? { key: 'validation.lt_number', values: { attribute, max: Number(issue.maximum) } }
          : { key: 'validation.max_number', values: { attribute, max: Number(issue.maximum) } }
    case 'unrecognized_keys':
      return { key: 'validation.unknown_field', values: { attribute } }
    case 'invalid_key': {
      // A record's key refused by its schema (a content language that is no language tag): the key's own message.
      const inner = issue.issues[0]?.message ?? ''
      return /^validation\./.test(inner) ? { key: inner, values: { attribute } } : { key: 'validation.invalid', values: { attribute } }
    }
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'validation.email' : 'validation.format', values: { attribute } }
    case 'invalid_value':
      return { key: 'validation.one_of', values: { attribute, values: issue.values.map(String).join(', ') } }
    default:
      return { key: 'validation.invalid', values: { attribute } }
  }
}

/** One message per expected type, so each language can phrase it (no English type names inside). */
const typeKeys: Record<string, string> = {
  string: 'validation.type_string',
  number: 'validation.type_number',
  int: 'validation.integer',
  boolean: 'validation.type_boolean',
  array: 'validation.type_array',
  object: 'validation.type_object',
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let current = input
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

/** Parses input with a schema or throws the 422 AppError a form or the API shows. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const fieldErrors = issuesToFieldErrors(result.error.issues, input)
  const first = Object.values(fieldErrors)[0]?.[0] ?? { key: 'validation.invalid' }
  throw new AppError(422, first, fieldErrors)
}
