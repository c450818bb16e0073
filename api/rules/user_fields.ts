// The rules of a user's fields that every form, the API and the CSV import share: the
// employee-code rule, the length of each field, and the email check. Pure: no Deno, KV or Hono.

import { FIELD_LIMITS } from "./account_fields.ts";
import { MESSAGES } from "./messages.ts";
import type { FieldLabel } from "./messages_fields.ts";

/** The employee-code rule: letters, digits, '.', '_' or '-', at most 40, and not only dots (`.`
 * or `..` is a path's dot segment: the account's links would lead elsewhere). */
export const CODE_RE = /^(?!\.+$)[A-Z0-9._-]{1,40}$/;
/** The text of the employee-code rule. */
export const CODE_RULE = MESSAGES["field:code_rule"];

/** The most characters each text field of a user holds (rules/account_fields.ts), and a
 * request's reason. */
export const FIELD_MAX = { ...FIELD_LIMITS, reason: 500 } as const;

/** The direction controls (embeddings, overrides, isolates and the two marks) that make a text
 * read in another order than it was written (issue 48, low 9). */
const DIRECTION_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** Whether a text holds a direction control: names, titles and free texts refuse it. */
export function hasDirectionControl(text: string): boolean {
  return DIRECTION_CONTROLS.test(text);
}

/** The message of a text with a direction control in it (its code). */
export function directionControl(label: FieldLabel) {
  return `field:${label}:direction` as const;
}

/** A station code as typed: three ASCII letters, in either case (full-width or look-alike letters
 * are not; they are checked before upper-casing, which turns some of them into A to Z). */
export const STATION_TYPED = /^[A-Za-z]{3}$/;

/** The message for a field longer than its limit (its code; the limit is its `max`). */
export function tooLong(label: FieldLabel, _max: number) {
  return `field:${label}:too_long` as const;
}

/**
 * Whether a text is an email address: one @, something before it, and a domain of dot-separated
 * labels after it. Checked character by character, never with a pattern that backtracks, so the
 * time is linear in the length whatever the text holds.
 */
export function isEmail(text: string): boolean {
  const at = text.indexOf("@");
  if (at <= 0 || at !== text.lastIndexOf("@") || text.length > 254) return false;
  for (let i = 0; i < at; i++) if (isSpace(text.charCodeAt(i))) return false;
  let labelLength = 0;
  let labels = 0;
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) return false;
    if (c === 46) { // '.'
      if (labelLength === 0) return false;
      labels++;
      labelLength = 0;
    } else labelLength++;
  }
  return labels >= 1 && labelLength > 0;
}

function isSpace(c: number): boolean {
  return c <= 32 || c === 127 || c === 0xa0 || c === 0x2028 || c === 0x2029;
}
