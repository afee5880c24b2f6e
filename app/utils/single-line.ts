import { z } from 'zod'

// C0/C1 control characters (line breaks and tabs included) and the bidirectional overrides and
// isolates: in a name they break one-line layouts (tables, plaque labels, mail subjects) or make
// it read as something else ("Trojan Source").
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

/** A name shown on one line: trimmed, 1 to `max` characters, no control characters. */
export function singleLineName(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !CONTROL_CHARACTERS.test(value), { message: 'validation.control_characters' })
}
