// The one reading of a password expiry in the admin area: whole days left, rounded down. The user
// list says it as 'Expires in N days' and the Expiring page as 'N days left', from the same number,
// so the same account never reads 29 days on one screen and 30 on the other.

import { plural } from "../numbers.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Whole days from `now` to the expiry, rounded down (negative once expired). */
export function daysLeft(expiry: string, now: number): number {
  return Math.floor((Date.parse(expiry) - now) / DAY);
}

/** How the user list shows an expiry's urgency (spec 4: red, orange within 3 days, amber 7). */
export type ExpiryTone = "none" | "expired" | "critical" | "warning" | "ok";

/** The user list's expiry: its tone and 'Expires in N days', 'Expired N days ago' and the like. */
export function expiryInfo(
  expiry: string | null,
  now = Date.now(),
): { tone: ExpiryTone; text: string } {
  if (expiry === null || Number.isNaN(Date.parse(expiry))) {
    return { tone: "none", text: "No expiry set" };
  }
  if (Date.parse(expiry) < now) {
    const ago = Math.floor((now - Date.parse(expiry)) / DAY);
    return { tone: "expired", text: ago === 0 ? "Expired today" : `Expired ${days(ago)} ago` };
  }
  const left = daysLeft(expiry, now);
  const text = left === 0 ? "Expires today" : `Expires in ${days(left)}`;
  return { tone: left <= 3 ? "critical" : left <= 7 ? "warning" : "ok", text };
}

const days = (n: number) => plural(n, "day");

/** How urgent an expiry is on the Expiring page: red, orange, amber or blue (spec section 4). */
export type Tone = "expired" | "urgent" | "soon" | "later";

/** The words that say the tone, so that colour is never the only sign. */
export const TONE_LABEL: Record<Tone, string> = {
  expired: "Expired",
  urgent: "3 days or less",
  soon: "7 days or less",
  later: "More than 7 days",
};

/** Time left before a password expires, as the Expiring page's cards show it. */
export interface Remaining {
  /** Milliseconds left (negative once expired). */
  left: number;
  tone: Tone;
  /** 'Expired', 'N days left', 'N hours left' or 'Less than an hour left'. */
  text: string;
}

/** The time left of an expiry at `now`: the days are daysLeft's, the last day in hours. */
export function remaining(expiry: string, now: number): Remaining {
  const left = Date.parse(expiry) - now;
  const tone: Tone = left < 0
    ? "expired"
    : left <= 3 * DAY
    ? "urgent"
    : left <= 7 * DAY
    ? "soon"
    : "later";
  const text = left < 0
    ? "Expired"
    : left >= DAY
    ? `${plural(daysLeft(expiry, now), "day")} left`
    : left >= HOUR
    ? `${plural(Math.ceil(left / HOUR), "hour")} left`
    : "Less than an hour left";
  return { left, tone, text };
}
