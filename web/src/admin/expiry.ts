// The one reading of a password expiry in the admin area, used by the user list, the user's page
// and the Expiring page. Days left count a started day, as the server's windows do: the server
// lists a password in "Next 7 Days" while 0 <= expiry - now <= 7 days, so every password it lists
// there reads 1 to 7 days, and the tone "3 days or less" is exactly "3 days left" or fewer. The
// last day is said in hours. Time since an expiry counts whole days (or hours) gone by.

import { plural } from "../numbers.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Days from `now` to the expiry, a started day counting as one (0 or less once expired). */
export function daysLeft(expiry: string, now: number): number {
  return Math.ceil((Date.parse(expiry) - now) / DAY);
}

/** How urgent an expiry is: red, orange, amber or blue (spec section 4), by the server's rules. */
export type Tone = "expired" | "urgent" | "soon" | "later";

/** The words that say the tone, so that colour is never the only sign. */
export const TONE_LABEL: Record<Tone, string> = {
  expired: "Expired",
  urgent: "3 days or less",
  soon: "7 days or less",
  later: "More than 7 days",
};

/** Time left before a password expires, as every admin screen says it. */
export interface Remaining {
  /** Milliseconds left (negative once expired). */
  left: number;
  tone: Tone;
  /** '5 days', '5 hours', 'less than an hour'; once expired, the time since ('2 days'). */
  amount: string;
  /** The Expiring page's words: 'N days left', 'Expired N days ago'. */
  text: string;
}

/** How long `ms` is: a started day or hour for the time left, whole ones gone by for the time
 * since; under an hour, 'less than an hour'. */
function amountOf(ms: number, since: boolean): string {
  const round = since ? Math.floor : Math.ceil;
  if (ms >= DAY) return plural(round(ms / DAY), "day");
  if (ms >= HOUR) return plural(round(ms / HOUR), "hour");
  return "less than an hour";
}

/** The time left of an expiry at `now`. */
export function remaining(expiry: string, now: number): Remaining {
  const left = Date.parse(expiry) - now;
  const tone: Tone = left < 0
    ? "expired"
    : left <= 3 * DAY
    ? "urgent"
    : left <= 7 * DAY
    ? "soon"
    : "later";
  const amount = amountOf(Math.abs(left), left < 0);
  const text = left < 0
    ? `Expired ${amount} ago`
    : `${amount.charAt(0).toUpperCase()}${amount.slice(1)} left`;
  return { left, tone, amount, text };
}

/** How the user list shows an expiry's urgency (spec 4: red, orange within 3 days, amber 7). */
export type ExpiryTone = "none" | "expired" | "critical" | "warning" | "ok";

const LIST_TONE: Record<Tone, ExpiryTone> = {
  expired: "expired",
  urgent: "critical",
  soon: "warning",
  later: "ok",
};

/** The user list's expiry: its tone and 'Expires in N days', 'Expired N days ago' and the like,
 * the same time left as the Expiring page's. */
export function expiryInfo(
  expiry: string | null,
  now = Date.now(),
): { tone: ExpiryTone; text: string } {
  if (expiry === null || Number.isNaN(Date.parse(expiry))) {
    return { tone: "none", text: "No expiry set" };
  }
  const r = remaining(expiry, now);
  return {
    tone: LIST_TONE[r.tone],
    text: r.tone === "expired" ? r.text : `Expires in ${r.amount}`,
  };
}
