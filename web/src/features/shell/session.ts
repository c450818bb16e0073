// The session store: who is signed in. The user fields are kept in localStorage so that the app
// opens offline; the token is only ever in the HttpOnly cookie. A sign-out the server has not
// confirmed (the PC was offline) is remembered on the device (issue 48): the device is signed out
// at once, no session check signs the user back in meanwhile, and the server sign-out, which ends
// the server session and clears the cookie, is the first call made once the server answers.

import { create } from "zustand";
import { persist, type PersistStorage } from "zustand/middleware";
import type { Flags } from "../../../../api/rules/flags.ts";
import { type ForcedChangeReason, mustChangePassword } from "../../../../api/rules/password.ts";
import type { Preferences } from "../../../../api/rules/preferences.ts";
import { api, isOffline, unwrap } from "../../lib/api/client.ts";
import { isReachable, useBackend } from "./backend.ts";
import { useConnectivity } from "./connectivity.ts";

/** The signed-in user as the server answers it (GET /api/auth/me, POST /api/auth/login). */
export interface SessionUser extends Flags {
  employeeCode: string;
  fullName: string;
  firstName: string;
  role: "super_admin" | "admin" | "user";
  station: string;
  permissions: string[];
  accessibleApps: string[];
  needsPasswordChange: boolean;
  passwordExpiry: string | null;
  /** Why the password must be changed now (null: it need not; older servers do not say). */
  passwordChangeReason?: ForcedChangeReason | null;
  /** The timezone preference (older servers and stored sessions may not say). */
  timezone?: string;
  /** The account's preferences (older servers and stored sessions may not say). */
  preferences?: Preferences;
  /** Whether the account has a second factor (issue 26). */
  twoFactorEnabled: boolean;
  /** Until when the account may still skip setting up a required second factor (ISO), or null
   * when none is required of it or it has one. */
  twoFactorSetupBy: string | null;
}

/** How a sign-in's second step may be passed (POST /api/auth/login's `secondFactor`). */
export type SecondFactorMethod = "totp" | "passkey" | "recovery";

/** A password that was right for an account with a second factor: no session yet. The token
 * stays in memory only. */
export interface SecondFactorStart {
  token: string;
  methods: SecondFactorMethod[];
  canRemember: boolean;
  /** For how many days a PC is remembered, when the server says. */
  rememberDays?: number;
}

/** What a password sign-in gives: a session, or the second step it still needs. */
export type LoginOutcome =
  | { user: SessionUser; secondFactor?: undefined }
  | { user?: undefined; secondFactor: SecondFactorStart };

const STORAGE_KEY = "portal.session";

/** The device's note of a sign-out the server has not confirmed yet (present: one is owed). */
export const PENDING_SIGN_OUT_KEY = "portal.signOutPending";

// false once writing the note failed (private mode, full storage): this page's state holds it then
let noteKept = true;

/** Whether the device's note says a sign-out is owed (null: no note can be read). */
function readPending(): boolean | null {
  try {
    const storage = globalThis.localStorage;
    return storage ? storage.getItem(PENDING_SIGN_OUT_KEY) !== null : null;
  } catch {
    return null;
  }
}

/** Whether a sign-out is owed: the device's note decides (another tab may have sent it, or signed
 * in, since), this page's state when no note can be kept. */
function owed(state: boolean): boolean {
  return (noteKept ? readPending() : null) ?? state;
}

/** Remembers or forgets the owed sign-out (storage unavailable: this page's state holds it). */
function writePending(pending: boolean): void {
  try {
    if (pending) globalThis.localStorage?.setItem(PENDING_SIGN_OUT_KEY, String(Date.now()));
    else globalThis.localStorage?.removeItem(PENDING_SIGN_OUT_KEY);
    noteKept = globalThis.localStorage !== undefined;
  } catch {
    noteKept = false;
  }
}

type Kept = Pick<SessionState, "user">;

/** The stored form stays the one browsers already hold ({ user, loginTime }); no user, no entry.
 * Storage failures (private mode, full) leave the session working for this page. */
const sessionStorageForm: PersistStorage<Kept> = {
  getItem(name) {
    try {
      const raw = globalThis.localStorage?.getItem(name);
      const user = raw ? (JSON.parse(raw).user as SessionUser | undefined) : undefined;
      return user ? { state: { user }, version: 0 } : null;
    } catch {
      return null;
    }
  },
  setItem(name, value) {
    try {
      const user = value.state.user;
      if (user === null) globalThis.localStorage?.removeItem(name);
      else globalThis.localStorage?.setItem(name, JSON.stringify({ user, loginTime: Date.now() }));
    } catch {
      // private mode or full storage: the session still works for this page
    }
  },
  removeItem(name) {
    try {
      globalThis.localStorage?.removeItem(name);
    } catch {
      // nothing stored to remove
    }
  },
};

/** Session state and actions. */
export interface SessionState {
  user: SessionUser | null;
  /** The user chose "Later" for a required two-factor setup in this sign-in (memory only). */
  twoFactorLater: boolean;
  /** A sign-out made offline that the server has not confirmed yet (kept on the device). */
  signOutPending: boolean;
  /** Checks the session with the server; offline, the stored user stays. While a sign-out is owed
   * it is sent first, and no answer signs anybody in. */
  check(): Promise<SessionUser | null>;
  /** Signs in with a password: the session, or the second step it needs; the server's message is
   * thrown as ApiError on failure. */
  login(employeeCode: string, password: string): Promise<LoginOutcome>;
  /** Takes the user of a sign-in that has just ended well (a new sign-in: no "Later" yet). */
  signedIn(user: SessionUser): void;
  /** Signs out; the local session is cleared at once, and when the server cannot be reached the
   * sign-out is remembered until it can (signOutPending). */
  logout(): Promise<void>;
  /** Sends an owed sign-out to the server (calls made meanwhile share it); whether none is owed
   * any more. */
  finishSignOut(): Promise<boolean>;
  /** Replaces the user (after a password change). */
  setUser(user: SessionUser | null): void;
  /** Marks the signed-in user as one who must change their password (the server said so). */
  requireChange(): void;
  /** Remembers "Later" for a required two-factor setup until the next sign-in. */
  deferTwoFactor(): void;
}

/** Whether the signed-in user must change their password before anything else (design 5.3). */
export function mustChange(user: SessionUser, now = Date.now()): boolean {
  return mustChangePassword(user, now);
}

/** Whether the user is still to set up a second factor their role requires (stored sessions of
 * older versions do not say: not). */
export function needsTwoFactorSetup(user: SessionUser): boolean {
  return typeof user.twoFactorSetupBy === "string" && user.twoFactorEnabled !== true;
}

/** Whether the time to set up a required second factor is over (every screen but its setup is
 * refused). */
export function twoFactorSetupOverdue(user: SessionUser, now = Date.now()): boolean {
  const by = needsTwoFactorSetup(user) ? Date.parse(String(user.twoFactorSetupBy)) : NaN;
  return needsTwoFactorSetup(user) && (!Number.isFinite(by) || by <= now);
}

/** The second step as kept: the server's answer, with the days a PC is remembered when it says. */
function startOf(sf: Omit<SecondFactorStart, "rememberDays">): SecondFactorStart {
  const days = "rememberDays" in sf ? sf.rememberDays : undefined;
  return {
    token: sf.token,
    methods: sf.methods,
    canRemember: sf.canRemember,
    ...(typeof days === "number" ? { rememberDays: days } : {}),
  };
}

// How many times this page replaced the user itself (sign-in, sign-out, a saved change). A session
// check whose answer was on its way meanwhile was read before that change: the signed-in layout
// checks while the language picked on the sign-in page is being saved, and that older answer must
// not switch the screen back (nor sign a user back in who has just signed out).
let replaced = 0;

// the server sign-out on its way, which every caller meanwhile waits for
let finishing: Promise<boolean> | null = null;

/** The session store. */
export const useSession = create<SessionState>()(persist((set, get) => ({
  user: null,
  twoFactorLater: false,
  signOutPending: readPending() ?? false,
  async check() {
    const seen = replaced;
    // an owed sign-out goes first; until the server has it, this device is signed out
    if (!(await get().finishSignOut())) return null;
    try {
      const data = await unwrap(api.api.auth.me.$get());
      if (replaced !== seen || owed(get().signOutPending)) return get().user;
      set({ user: data.user });
      return data.user;
    } catch (err) {
      if (isOffline(err) || replaced !== seen) return get().user;
      set({ user: null });
      return null;
    }
  },
  async login(employeeCode, password) {
    const data = await unwrap(api.api.auth.login.$post({ json: { employeeCode, password } }));
    if ("secondFactor" in data) return { secondFactor: startOf(data.secondFactor) };
    get().signedIn(data.user);
    return { user: data.user };
  },
  signedIn(user) {
    replaced++;
    // the new session's cookie has replaced the old one on this device (the sign-in waited for
    // the owed sign-out's attempt): nothing is owed for this device any more
    writePending(false);
    set({ user, twoFactorLater: false, signOutPending: false });
  },
  async logout() {
    // remembered before anything else: a page closed now still owes the server its sign-out
    writePending(true);
    replaced++;
    set({ user: null, twoFactorLater: false, signOutPending: true });
    await get().finishSignOut();
  },
  finishSignOut() {
    if (!owed(get().signOutPending)) {
      if (get().signOutPending) set({ signOutPending: false }); // another tab sent it
      return Promise.resolve(true);
    }
    finishing ??= (async () => {
      let done = false;
      try {
        // the server ends the session (if any is left) and clears the cookie
        done = (await api.api.auth.logout.$post()).ok;
      } catch {
        // offline: owed until the server answers
      }
      if (done) {
        writePending(false);
        set({ signOutPending: false });
      } else set({ user: null, signOutPending: true });
      return done;
    })().finally(() => (finishing = null));
    return finishing;
  },
  setUser(user) {
    replaced++;
    set({ user });
  },
  requireChange() {
    const user = get().user;
    if (user !== null && !user.needsPasswordChange) {
      get().setUser({ ...user, needsPasswordChange: true });
    }
  },
  deferTwoFactor() {
    set({ twoFactorLater: true });
  },
}), {
  name: STORAGE_KEY,
  storage: sessionStorageForm,
  // the user fields only: the token is in the HttpOnly cookie and never here
  partialize: (s): Kept => ({ user: s.user }),
}));

/** Whether this device owes the server a sign-out (the API client sends it before any call). */
export function signOutOwed(): boolean {
  return owed(useSession.getState().signOutPending);
}

let watching = false;

/** Sends an owed sign-out now, and again whenever the network or the server comes back; a
 * sign-out in another tab of this PC signs this page out too (`signedOutElsewhere` shows the
 * sign-in page). Once per page; the API client also waits for it before any other call
 * (main.tsx). */
export function watchPendingSignOut(signedOutElsewhere: () => void): void {
  if (watching) return;
  watching = true;
  const finish = () => void useSession.getState().finishSignOut();
  globalThis.addEventListener?.("online", finish);
  globalThis.addEventListener?.("storage", (event: StorageEvent) => {
    if (event.key !== PENDING_SIGN_OUT_KEY) return;
    const session = useSession.getState();
    // sent by another tab: the note of the sign-in page goes
    if (event.newValue === null) return void useSession.setState({ signOutPending: false });
    useSession.setState({ signOutPending: true });
    if (session.user === null) return;
    replaced++;
    useSession.setState({ user: null, twoFactorLater: false });
    signedOutElsewhere();
  });
  useConnectivity.subscribe((now, before) => {
    if (now.online && !before.online) finish();
  });
  useBackend.subscribe((now, before) => {
    if (isReachable(now.location) && !isReachable(before.location)) finish();
  });
  finish();
}
