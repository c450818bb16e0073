// The one reading of a password expiry in the admin area, used by the user list, the user's page
// and the Expiring page. Days left count a started day, as the server's windows do: the server
// lists a password in "Next 7 Days" while 0 <= expiry - now <= 7 days, so every password it lists
// there reads 1 to 7 days, and the tone "3 days or less" is exactly "3 days left" or fewer. The
// last day is said in hours. Time since an expiry counts whole days (or hours) gone by.

import { ULIST_EXPIRY } from "./texts/ulist_expiry.ts";
import { text } from "../../i18n/i18n.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Days from `now` to the expiry, a started day counting as one (0 or less once expired). */
export function daysLeft(expiry: string, now: number): number {
  return Math.ceil((Date.parse(expiry) - now) / DAY);
}

/** How urgent an expiry is: red, orange, amber or blue (spec section 4), by the server's rules. */
export type Tone = "expired" | "urgent" | "soon" | "later";

const TONE_KEY = {
  expired: "toneExpired",
  urgent: "toneUrgent",
  soon: "toneSoon",
  later: "toneLater",
} as const;

/** The words that say the tone, so that colour is never the only sign. */
export function toneLabel(tone: Tone): string {
  return text(ULIST_EXPIRY, TONE_KEY[tone]);
}

/** Time left before a password expires, as every admin screen says it. */
export interface Remaining {
  /** Milliseconds left (negative once expired). */
  left: number;
  tone: Tone;
  /** The Expiring page's words: 'N days left', 'Expired N days ago'. */
  text: string;
}

/** A length of time as the texts count it: days, hours, or under an hour. */
interface Amount {
  unit: "Days" | "Hours" | "UnderHour";
  count: number;
}

/** How long `ms` is: a started day or hour for the time left, whole ones gone by for the time
 * since; under an hour, 'less than an hour'. */
function amountOf(ms: number, since: boolean): Amount {
  const round = since ? Math.floor : Math.ceil;
  if (ms >= DAY) return { unit: "Days", count: round(ms / DAY) };
  if (ms >= HOUR) return { unit: "Hours", count: round(ms / HOUR) };
  return { unit: "UnderHour", count: 0 };
}

/** The amount in one of the three phrasings: time left, time since, or 'Expires in'. */
function say(phrase: "left" | "ago" | "in", amount: Amount): string {
  return text(ULIST_EXPIRY, `${phrase}${amount.unit}` as const, { count: amount.count });
}

/** The tone and the amount of an expiry at `now`. */
function measure(expiry: string, now: number): { left: number; tone: Tone; amount: Amount } {
  const left = Date.parse(expiry) - now;
  const tone: Tone = left < 0
    ? "expired"
    : left <= 3 * DAY
    ? "urgent"
    : left <= 7 * DAY
    ? "soon"
    : "later";
  return { left, tone, amount: amountOf(Math.abs(left), left < 0) };
}

/** The time left of an expiry at `now`. */
export function remaining(expiry: string, now: number): Remaining {
  const { left, tone, amount } = measure(expiry, now);
  return { left, tone, text: say(left < 0 ? "ago" : "left", amount) };
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
    return { tone: "none", text: text(ULIST_EXPIRY, "noExpiry") };
  }
  const m = measure(expiry, now);
  return { tone: LIST_TONE[m.tone], text: say(m.tone === "expired" ? "ago" : "in", m.amount) };
}
