// The one formatter of times shown in the portal (design 7): every time is shown in the user's
// timezone preference (Africa/Cairo unless the account says otherwise), in one format:
// '24 Nov 2025, 14:05' (with ':09' seconds where a refresh time needs them), 24-hour clock.

import { isKnownTimeZone } from "../../../api/rules/preferences.ts";
import { currentLanguage } from "../i18n/language.ts";
import type { ServerMessage } from "../i18n/server_text.ts";

/** The timezone of an account without a preference (spec 1). */
export const DEFAULT_TIME_ZONE = "Africa/Cairo";

/** Month names of the one format: always three letters (ICU's en-GB writes September 'Sept'
 * beside 'Nov', so the month is read as a number and named here). */
const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** The month names of Arabic as Egypt writes them (issue 28: Latin digits, the month in words). */
const ARABIC_MONTHS = [
  "يناير",
  "فبراير",
  "مارس",
  "أبريل",
  "مايو",
  "يونيو",
  "يوليو",
  "أغسطس",
  "سبتمبر",
  "أكتوبر",
  "نوفمبر",
  "ديسمبر",
] as const;

/** The parts of a time in a zone, as numbers written with their leading zeros. */
type Parts = Record<"day" | "month" | "year" | "hour" | "minute" | "second", string>;

const formats = new Map<string, Intl.DateTimeFormat>();

/** Whether the browser knows the IANA timezone name (the rule the server checks with too). */
export const isTimeZone = isKnownTimeZone;

/** The numeric formatter of a zone (an unknown zone falls back to Cairo), made once. */
function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE,
      day: "2-digit",
      month: "numeric",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(zone, f);
  }
  return f;
}

/** The day, month, year and clock of an instant in the zone. */
function partsIn(ms: number, zone: string): Parts {
  const out = { day: "", month: "", year: "", hour: "", minute: "", second: "" };
  for (const p of format(zone).formatToParts(ms)) {
    if (p.type in out) out[p.type as keyof Parts] = p.value;
  }
  return out;
}

/** '24 Nov 2025' of the parts ('24 نوفمبر 2025' in Arabic). */
const dateOf = (p: Parts) =>
  `${p.day} ${
    (currentLanguage() === "ar" ? ARABIC_MONTHS : MONTHS)[Number(p.month) - 1]
  } ${p.year}`;

/** A time as an epoch number, or NaN for a missing or unreadable value. */
function epoch(at: string | number | Date | null | undefined): number {
  if (at === null || at === undefined || at === "") return NaN;
  return typeof at === "number" ? at : typeof at === "string" ? Date.parse(at) : at.getTime();
}

/**
 * A date and time in the zone: '24 Nov 2025, 14:05' (seconds: '24 Nov 2025, 14:05:09');
 * '-' for a missing or unreadable value.
 */
export function formatDateTime(
  at: string | number | Date | null | undefined,
  zone: string,
  opts: { seconds?: boolean } = {},
): string {
  const ms = epoch(at);
  if (!Number.isFinite(ms)) return "-";
  const p = partsIn(ms, zone);
  const comma = currentLanguage() === "ar" ? "،" : ",";
  return `${dateOf(p)}${comma} ${p.hour}:${p.minute}${opts.seconds ? `:${p.second}` : ""}`;
}

/** A date alone in the zone: '24 Nov 2025' ('-' when missing). */
export function formatDate(at: string | number | Date | null | undefined, zone: string): string {
  const ms = epoch(at);
  return Number.isFinite(ms) ? dateOf(partsIn(ms, zone)) : "-";
}

/** How far the zone's clock is ahead of UTC at an instant (ms). */
function zoneOffset(at: number, zone: string): number {
  const p = partsIn(at, zone);
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour % 24, +p.minute, +p.second);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The first ms of a day ('2026-11-24') in the zone, as an epoch number (NaN for no date). */
export function dayStartIn(day: string, zone: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(midnight)) return NaN;
  // the offset at the guess, then at the instant it gives (a day a clock change begins)
  const guess = midnight - zoneOffset(midnight, zone);
  return midnight - zoneOffset(guess, zone);
}

/** The hour of the day (0-23) in the zone. */
export function hourIn(at: Date | number, zone: string): number {
  return Number(partsIn(epoch(at), zone).hour || "0") % 24;
}

/** ISO 8601 UTC timestamps as the server writes them into messages ('...until 2025-11-24T12:05:09.000Z'). */
const ISO_IN_TEXT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

/** A server message with its UTC timestamps written in the zone (the lockout message). */
export function zonedText(text: string, zone: string): string {
  return text.replace(ISO_IN_TEXT, (iso) => formatDateTime(iso, zone));
}

/** A server message (its text and its values) with its UTC timestamps written in the zone. */
export function zonedMessage(said: ServerMessage | string, zone: string): ServerMessage | string {
  if (typeof said === "string") return zonedText(said, zone);
  const params = Object.fromEntries(
    Object.entries(said.params ?? {}).map((
      [name, value],
    ) => [name, typeof value === "string" ? zonedText(value, zone) : value]),
  );
  return { code: said.code, params, message: zonedText(said.message, zone) };
}
