// The signed-in user's display preferences: the timezone every time is shown in (design 7). The
// account record holds it (preferences.timezone, Africa/Cairo by default); it is read once per page
// and kept in localStorage (persist, lib/persisted.ts), so that offline screens and the next
// start show the same clock.
// A sign-out forgets them with the code they name (issue 22, hole 14): the next person at the PC
// learns nothing of the previous user; the signed-in user's offline screens keep theirs.

import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { Theme } from "../../../../api/rules/themes.ts";
import { api, isOffline, unwrap } from "../../lib/api/client.ts";
import type { Language } from "../../i18n/language.ts";
import { useDisplay } from "../shell/display.ts";
import { DEFAULT_TIME_ZONE, isTimeZone } from "../../lib/time.ts";
import { keptInLocalStorage } from "../../lib/persisted.ts";
import { useSession } from "../shell/session.ts";

/** The localStorage key of the preferences (an earlier version stored the object itself). */
export const PREFERENCES_KEY = "portal.preferences";

/** What is kept: whose preferences, and their zone. */
interface Kept {
  employeeCode: string | null;
  timeZone: string;
}

/** The kept preferences of a user, or null (nobody's are kept after a sign-out). */
function kept(value: unknown): Kept | null {
  const v = value as Partial<Kept> | null;
  if (typeof v?.employeeCode !== "string" || typeof v.timeZone !== "string") return null;
  return isTimeZone(v.timeZone) ? { employeeCode: v.employeeCode, timeZone: v.timeZone } : null;
}

const legacy = (raw: string) => {
  try {
    return kept(JSON.parse(raw));
  } catch {
    return null;
  }
};

/** Preferences state. */
export interface PreferencesState {
  /** Whose preferences these are (null: nobody's, the defaults). */
  employeeCode: string | null;
  timeZone: string;
  /** Takes the account's preferences from the session check when it has them, else reads the
   * account (once per page and user); offline, the stored ones stay. */
  load(employeeCode: string, timeZone?: string): Promise<void>;
}

let loadedFor: string | null = null;

/** The preferences store. */
export const usePreferences = create<PreferencesState>()(persist(
  (set, get) => ({
    employeeCode: null,
    timeZone: DEFAULT_TIME_ZONE,
    async load(employeeCode, sessionZone) {
      if (get().employeeCode !== employeeCode) {
        // another user on this device: their zone is not this user's
        set({ employeeCode, timeZone: DEFAULT_TIME_ZONE });
      }
      if (sessionZone !== undefined && isTimeZone(sessionZone)) {
        loadedFor = employeeCode;
        set({ timeZone: sessionZone });
        return;
      }
      if (loadedFor === employeeCode) return;
      loadedFor = employeeCode;
      try {
        const user = await unwrap(api.api.users[":code"].$get({ param: { code: employeeCode } }));
        const zone = user.preferences?.timezone;
        const timeZone = typeof zone === "string" && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
        if (get().employeeCode !== employeeCode) return;
        set({ timeZone });
      } catch {
        loadedFor = null; // offline or refused: the stored zone stays, the next page asks again
      }
    },
  }),
  keptInLocalStorage(
    PREFERENCES_KEY,
    { read: kept, legacy },
    (s: PreferencesState): Kept => ({ employeeCode: s.employeeCode, timeZone: s.timeZone }),
  ),
));

/** The zone for times about an account before sign-in (the lockout message): the last user's
 * when it is the same account, else the default. */
export function timeZoneFor(employeeCode: string): string {
  const s = usePreferences.getState();
  return s.employeeCode !== null && s.employeeCode === employeeCode.trim().toUpperCase()
    ? s.timeZone
    : DEFAULT_TIME_ZONE;
}

// Signed out (logout, or the server ended the session): forget whose preferences these were.
useSession.subscribe((now, before) => {
  if (now.user !== null || before.user === null) return;
  loadedFor = null;
  usePreferences.setState({ employeeCode: null, timeZone: DEFAULT_TIME_ZONE });
  try {
    usePreferences.persist.clearStorage();
  } catch {
    // storage unavailable: nothing was kept
  }
});

/** What saving a preference answers: null when the server has it, else why not. */
export type SaveProblem = { offline: boolean; message: string } | null;

/** Saves a change of the signed-in user's own preferences (PUT /api/auth/preferences) after it
 * is shown at once: the language and theme on this device, the timezone in every time. */
export async function savePreferences(
  change: Partial<{ language: Language; theme: Theme; notifications: boolean; timezone: string }>,
): Promise<SaveProblem> {
  const { timezone, ...display } = change;
  useDisplay.getState().apply(display);
  if (timezone !== undefined && isTimeZone(timezone)) {
    usePreferences.setState({ timeZone: timezone });
  }
  try {
    const saved = await unwrap(api.api.auth.preferences.$put({ json: change }));
    // the session's copy follows, so that the next session check does not show the old ones
    const user = useSession.getState().user;
    if (user !== null) {
      useSession.getState().setUser({
        ...user,
        timezone: saved.preferences.timezone,
        preferences: saved.preferences,
      });
    }
    return null;
  } catch (err) {
    return { offline: isOffline(err), message: err instanceof Error ? err.message : String(err) };
  }
}

// A signed-in account's preferences, as the session check answers them, are the ones shown; a
// language picked on the sign-in page first becomes the account's (saved once the server takes it:
// a session that must first change its password is refused, and the next check tries again).
let saving = false;
useSession.subscribe((now, before) => {
  const preferences = now.user?.preferences;
  if (now.user === null || now.user === before.user || !preferences) return;
  const display = useDisplay.getState();
  const picked = display.picked;
  if (picked === null || picked === preferences.language) {
    if (picked !== null) useDisplay.setState({ picked: null });
    display.apply(preferences);
    return;
  }
  display.apply({ ...preferences, language: picked });
  if (saving) return;
  saving = true;
  void savePreferences({ language: picked }).then((problem) => {
    saving = false;
    if (problem === null) useDisplay.setState({ picked: null });
  });
});
