// A time as every screen shows it: the user's timezone preference, the one format of lib/time.ts,
// and the exact instant in the element for copying and assistive tools.

import { SHELL_FRAME } from "../i18n/areas/shell_frame.ts";
import { useT } from "../i18n/i18n.ts";
import { usePreferences } from "../features/profile/preferences.ts";
import { formatDateTime } from "../lib/time.ts";

/** The user's timezone (the preference, Africa/Cairo by default). */
export function useTimeZone(): string {
  return usePreferences((s) => s.timeZone);
}

/** A date and time in the user's zone, '-' when there is none. */
export function When(props: { at: string | number | null | undefined; seconds?: boolean }) {
  const t = useT(SHELL_FRAME);
  const zone = useTimeZone();
  const text = formatDateTime(props.at, zone, { seconds: props.seconds });
  if (text === "-") return <>-</>;
  const iso = new Date(props.at!).toISOString();
  return <time dateTime={iso} title={t("whenTitle", { iso, zone })}>{text}</time>;
}
