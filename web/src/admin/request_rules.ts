// The pure rules of the request queues: the kinds, the periods an activation is approved for or a
// password extended by, and the reason a rejection carries. Shared by the queues, the dashboard
// and the expiring passwords.

/** A kind of request from the sign-in page. */
export type RequestKind = "activation" | "password-reset" | "registration";

/** The three kinds, in the dashboard's order. */
export const REQUEST_KINDS: readonly RequestKind[] = [
  "activation",
  "password-reset",
  "registration",
];

/** Days an activation is approved for or a password extended by (spec section 9). */
export type Days = 30 | 90 | 365;

/** How a number of days reads on the buttons and in messages. */
export function daysLabel(days: Days): string {
  return days === 365 ? "1 year" : `${days} days`;
}

/** What an empty reject reason becomes (spec section 5). */
export const NO_REASON = "No reason provided";

/** The reason sent with a rejection: the typed text, or 'No reason provided'. */
export function rejectReason(typed: string): string {
  return typed.trim() === "" ? NO_REASON : typed.trim().slice(0, 500);
}

/** How a request kind is named in messages and prompts. */
export function requestName(kind: RequestKind): string {
  return kind === "password-reset" ? "password reset" : kind;
}
