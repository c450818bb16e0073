// A user's own preferences (spec 001 section 3: preferences {language, theme, notifications,
// timezone}; issue 28): what each may be, the spec's defaults, and the body of a change. The
// profile form and the server read the same rule.

import { z } from "zod";
import { type Theme, THEMES } from "./themes.ts";

/** The languages of the portal (the web's catalogues: the locales/<language>/ folders of
 * web/src/i18n/ and of its features). */
export const PREFERENCE_LANGUAGES = ["en", "ar"] as const;

/** A user's preferences. */
export interface Preferences {
  language: (typeof PREFERENCE_LANGUAGES)[number];
  theme: Theme;
  notifications: boolean;
  timezone: string;
}

/** The spec's defaults: English, light, notifications on, Cairo. */
export const DEFAULT_PREFERENCES: Preferences = {
  language: "en",
  theme: "light",
  notifications: true,
  timezone: "Africa/Cairo",
};

/** Zones already checked, with the answer. The default is known to every runtime: checking it
 * made the first zoned formatter of the page, whose zone data took 18 ms of a 1x CPU in Chromium
 * in the sign-in's route check (72 ms at 4x, issue 51), before any time is shown. */
const checkedZones = new Map<string, boolean>([[DEFAULT_PREFERENCES.timezone, true]]);

/** Whether the runtime knows an IANA timezone name. */
export function isKnownTimeZone(zone: string): boolean {
  let known = checkedZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (checkedZones.size < 1000) checkedZones.set(zone, known);
  }
  return known;
}

/** The preferences of a stored account, each unknown or missing one at the spec's default. */
export function preferencesOf(stored: Partial<Record<keyof Preferences, unknown>> | undefined) {
  const p = stored ?? {};
  return {
    language: PREFERENCE_LANGUAGES.find((l) => l === p.language) ?? DEFAULT_PREFERENCES.language,
    theme: THEMES.find((t) => t === p.theme) ?? DEFAULT_PREFERENCES.theme,
    notifications: typeof p.notifications === "boolean"
      ? p.notifications
      : DEFAULT_PREFERENCES.notifications,
    timezone: typeof p.timezone === "string" && p.timezone !== "" && isKnownTimeZone(p.timezone)
      ? p.timezone
      : DEFAULT_PREFERENCES.timezone,
  } satisfies Preferences;
}

/** A change of one's own preferences: any of the four, each checked. */
export const preferencesBody = z.object({
  language: z.enum(PREFERENCE_LANGUAGES, { error: "Unknown language" }).optional(),
  theme: z.enum(THEMES, { error: "Theme must be light, dark or system" }).optional(),
  notifications: z.boolean({ error: "Notifications must be on or off" }).optional(),
  timezone: z.string().max(60).refine(isKnownTimeZone, "Unknown timezone").optional(),
}).strict();
