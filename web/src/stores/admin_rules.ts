// The pure rules of the admin queues and bulk actions (kinds, extension periods, reasons, counts,
// messages, bulk runs), shared by the request queues (admin_requests.ts), the dashboard and the
// expiring passwords (expiring.ts).

import { ApiError } from "../api/client.ts";

/** A kind of request from the sign-in page. */
export type RequestKind = "activation" | "password-reset" | "registration";

/** The three kinds, in the dashboard's order. */
export const REQUEST_KINDS: readonly RequestKind[] = [
  "activation",
  "password-reset",
  "registration",
];

/** A status line: its text, and the per-user reasons of a failure. */
export interface Status {
  ok: boolean;
  text: string;
  details?: string[];
}

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

/** The text of a failed call: the server's message, or what the network failure means. */
export function problemText(err: unknown): string {
  if (err instanceof ApiError) {
    return err.status === 0 ? "The server cannot be reached; check your connection" : err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

/** The outcome of one action over several users. */
export interface EachResult {
  ok: number;
  failed: { code: string; message: string }[];
}

/** Runs `action` for each code in turn (one failure does not stop the others). */
export async function eachOf(
  codes: readonly string[],
  action: (code: string) => Promise<unknown>,
  progress?: (done: number) => void,
): Promise<EachResult> {
  const result: EachResult = { ok: 0, failed: [] };
  for (const code of codes) {
    try {
      await action(code);
      result.ok++;
    } catch (err) {
      result.failed.push({ code, message: problemText(err) });
    }
    progress?.(result.ok + result.failed.length);
  }
  return result;
}

/** One line per failure of a bulk run: `CODE: reason`. */
export const details = (r: EachResult) => r.failed.map((f) => `${f.code}: ${f.message}`);
