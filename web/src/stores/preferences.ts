// The signed-in user's display preferences: the timezone every time is shown in (design 7). The
// account record holds it (preferences.timezone, Africa/Cairo by default); it is read once per page
// and kept in localStorage (persist, stores/persisted.ts), so that offline screens and the next
// start show the same clock.
// A sign-out forgets them with the code they name (issue 22, hole 14): the next person at the PC
// learns nothing of the previous user; the signed-in user's offline screens keep theirs.

import { create } from "zustand";
import { persist } from "zustand/middleware";
import { api, unwrap } from "../api/client.ts";
import { DEFAULT_TIME_ZONE, isTimeZone } from "../time.ts";
import { keptInLocalStorage } from "./persisted.ts";
import { useSession } from "./session.ts";

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
