// The one formatter of times shown in the portal (design 7): every time is shown in the user's
// timezone preference (Africa/Cairo unless the account says otherwise), in one format:
// '24 Nov 2025, 14:05' (with ':09' seconds where a refresh time needs them), 24-hour clock.

/** The timezone of an account without a preference (spec 1). */
export const DEFAULT_TIME_ZONE = "Africa/Cairo";

const formats = new Map<string, Intl.DateTimeFormat>();

/** Whether the browser knows the IANA timezone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function format(zone: string, kind: "datetime" | "seconds" | "date" | "hour") {
  const key = `${zone}|${kind}`;
  let f = formats.get(key);
  if (f === undefined) {
    const timeZone = isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
    const date = { day: "2-digit", month: "short", year: "numeric" } as const;
    const time = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      ...(kind === "hour"
        ? { hour: "numeric", hourCycle: "h23" }
        : kind === "date"
        ? date
        : kind === "seconds"
        ? { ...date, ...time, second: "2-digit" }
        : { ...date, ...time }),
    });
    formats.set(key, f);
  }
  return f;
}

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
  return format(zone, opts.seconds ? "seconds" : "datetime").format(ms);
}

/** A date alone in the zone: '24 Nov 2025' ('-' when missing). */
export function formatDate(at: string | number | Date | null | undefined, zone: string): string {
  const ms = epoch(at);
  return Number.isFinite(ms) ? format(zone, "date").format(ms) : "-";
}

/** The hour of the day (0-23) in the zone. */
export function hourIn(at: Date | number, zone: string): number {
  const part = format(zone, "hour").formatToParts(epoch(at)).find((p) => p.type === "hour");
  return Number(part?.value ?? "0") % 24;
}

/** ISO 8601 UTC timestamps as the server writes them into messages ('...until 2025-11-24T12:05:09.000Z'). */
const ISO_IN_TEXT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

/** A server message with its UTC timestamps written in the zone (the lockout message). */
export function zonedText(text: string, zone: string): string {
  return text.replace(ISO_IN_TEXT, (iso) => formatDateTime(iso, zone));
}
