// The catalogue of the server's messages (issue 50): each has a stable code and its English
// template, the spec's exact text, with `{name}` where a value stands. An answer that refuses
// carries the code, the values (`params`) and the English text; the web translates by the code,
// so a reworded English text never leaves a translation behind. Pure: no Deno, KV or Hono.

import { AUTH_MESSAGES } from "./messages_auth.ts";
import { FIELD_MESSAGES } from "./messages_fields.ts";
import { ADMIN_MESSAGES } from "./messages_admin.ts";
import { AUDIT_MESSAGES } from "./messages_audit.ts";
import { RESULT_MESSAGES } from "./messages_results.ts";

/** Every message of the server and of the shared rules, by code. */
export const MESSAGES = {
  ...AUTH_MESSAGES,
  ...FIELD_MESSAGES,
  ...ADMIN_MESSAGES,
  ...AUDIT_MESSAGES,
  ...RESULT_MESSAGES,
} as const;

/** A message's stable code. */
export type MessageCode = keyof typeof MESSAGES;

/** The names of the values a template holds. */
type Names<T extends string> = T extends `${string}{${infer N}}${infer Rest}` ? N | Names<Rest>
  : never;

/** The values a message of `C` needs, by name. */
export type ParamsOf<C extends MessageCode> = {
  [N in Names<(typeof MESSAGES)[C]>]: string | number;
};

/** The arguments after a code: its values when its template names any, else none. */
export type ParamArgs<C extends MessageCode> = [Names<(typeof MESSAGES)[C]>] extends [never] ? []
  : [params: ParamsOf<C>];

/** A message as an answer carries it: the code, its values and its English text. */
export interface Problem {
  code: MessageCode;
  params: Record<string, string | number>;
  message: string;
}

/** The English text of a template with its values put in. */
export function render(code: MessageCode, params: Record<string, string | number> = {}): string {
  return MESSAGES[code].replace(
    /\{(\w+)\}/g,
    (all, name: string) => name in params ? String(params[name]) : all,
  );
}

/** The message of `code` with its values. */
export function say<C extends MessageCode>(code: C, ...args: ParamArgs<C>): Problem {
  const params = (args[0] ?? {}) as Record<string, string | number>;
  return { code, params, message: render(code, params) };
}

/** Whether a text is a code of the catalogue (zod issues carry codes as their messages). */
export function isMessageCode(text: string): text is MessageCode {
  return Object.hasOwn(MESSAGES, text);
}

/** A refusal a rule or a store hands its route: the status and the English message, as callers
 * and tests have always compared them, with the code and the values carried alongside (not
 * enumerable, so such comparisons of `{ status, message }` still hold). */
export type Refusal<S extends number = number> = { status: S } & Problem;

/** The refusal of `code` with `status`. */
export function refusal<S extends number, C extends MessageCode>(
  status: S,
  code: C,
  ...args: ParamArgs<C>
): Refusal<S> {
  const { params, message } = say(code, ...args);
  const out = { status, message } as Refusal<S>;
  Object.defineProperties(out, { code: { value: code }, params: { value: params } });
  return out;
}

/** The codes whose templates need no values. */
export type PlainCode = { [C in MessageCode]: ParamArgs<C> extends [] ? C : never }[MessageCode];
