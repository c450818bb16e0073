// zod's problems as the catalogue's messages (rules/messages.ts): the schemas' messages are codes,
// and zod's own problems (a length, a type, an unknown field) get generic codes with the issue's
// values. Pure: zod only.

import { z } from "zod";
import {
  isMessageCode,
  type MessageCode,
  MESSAGES,
  type ParamArgs,
  type Problem,
  render,
} from "./messages.ts";

/** A schema's message with values the issue does not hold (a setting's bounds): the code, a
 * space and the values as JSON; `problemOfIssue` reads it back. */
export function coded<C extends MessageCode>(code: C, ...params: ParamArgs<C>): string {
  return params.length === 0 ? code : `${code} ${JSON.stringify(params[0])}`;
}

// zod's own messages name no field ('Too big: expected string to have <=60 characters'); these
// read well next to the field they belong to (answers say the field apart, in `field`)
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case "too_big":
        return issue.origin === "string"
          ? "zod:at_most_chars"
          : issue.origin === "array"
          ? "zod:at_most_items"
          : "zod:at_most";
      case "too_small":
        return issue.origin === "string" ? "zod:at_least_chars" : "zod:at_least";
      case "invalid_type":
        return issue.input === undefined ? "zod:required" : "zod:expected";
      case "unrecognized_keys":
        return issue.keys.length > 1 ? "zod:unknown_fields" : "zod:unknown_field";
      default:
        return undefined;
    }
  },
});

/** The values an issue may fill a template with (a limit is `max` in a field's own message). */
function valuesOf(issue: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const take = (name: string, value: unknown) => {
    if (typeof value === "string" || typeof value === "number") out[name] = value;
    else if (typeof value === "bigint") out[name] = Number(value);
  };
  take("maximum", issue.maximum);
  take("max", issue.maximum);
  take("minimum", issue.minimum);
  take("expected", issue.expected);
  if (Array.isArray(issue.keys)) out.keys = issue.keys.join(", ");
  return out;
}

/** The message of a zod issue: its code (the schema's message) with the values its template
 * names; a problem zod words itself (none of the schemas') passes as `zod.other`. */
export function problemOfIssue(issue: { message: string }): Problem {
  const space = issue.message.indexOf(" ");
  const code = space < 0 ? issue.message : issue.message.slice(0, space);
  if (!isMessageCode(code)) {
    return { code: "zod:other", params: { text: issue.message }, message: issue.message };
  }
  const given = space < 0 ? {} : JSON.parse(issue.message.slice(space + 1));
  const all = { ...valuesOf(issue as unknown as Record<string, unknown>), ...given };
  const params: Record<string, string | number> = {};
  for (const [, name] of MESSAGES[code].matchAll(/\{(\w+)\}/g)) {
    if (name in all) params[name] = all[name];
  }
  return { code, params, message: render(code, params) };
}

/** The first problem of a value against a schema: its field (a dotted path) and its message. */
export function firstIssue(
  schema: z.ZodType,
  value: unknown,
): ({ field: string } & Problem) | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { field: issue.path.map(String).join("."), ...problemOfIssue(issue) };
}
