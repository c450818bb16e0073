// A time as every screen shows it: the user's timezone preference, the one format of time.ts, and
// the exact instant in the element for copying and assistive tools.

import { usePreferences } from "../stores/preferences.ts";
import { formatDateTime } from "../time.ts";

/** The user's timezone (the preference, Africa/Cairo by default). */
export function useTimeZone(): string {
  return usePreferences((s) => s.timeZone);
}

/** A date and time in the user's zone, '-' when there is none. */
export function When(props: { at: string | number | null | undefined; seconds?: boolean }) {
  const zone = useTimeZone();
  const text = formatDateTime(props.at, zone, { seconds: props.seconds });
  if (text === "-") return <>-</>;
  const iso = new Date(props.at!).toISOString();
  return <time dateTime={iso} title={`${iso} (UTC); shown in ${zone}`}>{text}</time>;
}
