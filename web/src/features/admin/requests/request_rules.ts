// The pure rules of the request queues: the kinds, the periods an activation is approved for or a
// password extended by, the reason a rejection carries, and the search and station a queue keeps
// in its address. Shared by the queues, the dashboard and the expiring passwords.

import type { ExtensionDays } from "../../../../../api/rules/periods.ts";
import { say } from "../../../../../api/rules/messages.ts";

/** A kind of request from the sign-in page. */
export type RequestKind = "activation" | "password-reset" | "registration";

/** The three kinds, in the dashboard's order. */
export const REQUEST_KINDS: readonly RequestKind[] = [
  "activation",
  "password-reset",
  "registration",
];

/** Days an activation is approved for or a password extended by (spec section 9). */
export type Days = ExtensionDays;

/** How a number of days reads on the buttons and in messages (a setting's too). */
export function daysLabel(days: number): string {
  return days === 365 ? "1 year" : days === 1 ? "1 day" : `${days} days`;
}

/** A queue's search and station as they stand in the page's address. */
export interface QueueSearch {
  search?: string;
  station?: string;
}

/** The address's search and station, cleaned: at most 100 characters of search, a station of
 * three letters (upper-cased); anything else is dropped. */
export function validateQueueSearch(raw: Record<string, unknown>): QueueSearch {
  const out: QueueSearch = {};
  const search = typeof raw.search === "string" ? raw.search.trim().slice(0, 100) : "";
  if (search !== "") out.search = search;
  const station = typeof raw.station === "string" ? raw.station.trim().toUpperCase() : "";
  if (/^[A-Z]{3}$/.test(station)) out.station = station;
  return out;
}

/** What an empty reject reason becomes (spec section 5), as the catalogue's message. */
export const NO_REASON = say("requests:no_reason");

/** The reason sent with a rejection: the typed text, or 'No reason provided'. */
export function rejectReason(typed: string): string {
  return typed.trim() === "" ? NO_REASON.message : typed.trim().slice(0, 500);
}
