// User administration in the web app: what the user list and the user detail share (the user
// type, role names, the lock rule) and the user detail store (with the account's sessions and
// second factors). The list is users/user_list.ts; the calls and their texts are the admin
// area's actions (account_actions.ts).

import { create, type StateCreator } from "zustand";
import type { PublicUser } from "../../../../api/store/records.ts";
import type { Role } from "../../../../api/rules/roles.ts";
import type { AppId } from "../../../../api/rules/apps.ts";
import type { TwoFactorStatus } from "../../../../api/rules/two_factor.ts";
import { ApiError } from "../../lib/api/client.ts";
import { accountCalls, type NewUser, type UserChanges } from "./account_calls.ts";
import { type AccountAction, accountActions, perform } from "./account_actions.ts";
import { errorText, loadFailureText } from "./error_text.ts";
import { createStatusSlice, type StatusSlice } from "./slices.ts";
import { UDETAIL_ACTIONS } from "./texts/udetail_actions.ts";
import { UDETAIL_ROLES } from "./texts/udetail_roles.ts";
import { text, useT } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";

/** A user as the list and the detail show it. */
export type AdminUser = PublicUser;

const ROLE_KEYS = { super_admin: "superAdmin", admin: "admin", user: "user" } as const;

/** A component's role names: it renders again when the language changes (and waits for them). */
export function useRoleName(): (role: Role) => string {
  const t = useT(UDETAIL_ROLES);
  return (role) => t(ROLE_KEYS[role]);
}

/** Whether the account is locked now (lockedUntil in the future). */
export function isLocked(user: Pick<AdminUser, "lockedUntil">, now = Date.now()): boolean {
  return user.lockedUntil !== null && Date.parse(user.lockedUntil) > now;
}

/** The user detail state: one user, its sessions, and what the screen is doing. */
export interface UserDetailState extends StatusSlice {
  employeeCode: string;
  user: AdminUser | null;
  /** 'missing' shows the 'User Not Found' screen. */
  state: "idle" | "loading" | "ready" | "missing" | "error";
  error: string | null;
  sessions: number | null;
  /** The account's second factors; null while loading or when they could not be read. */
  twoFactor: TwoFactorStatus | null;
  /** Why the second factors could not be read, or null. */
  twoFactorError: string | null;
  busy: boolean;
  /** Loads the user (with its sessions and second factors) of this code. */
  open(employeeCode: string): Promise<void>;
  /** Reads the account's second factors again (Retry). */
  loadTwoFactor(): Promise<void>;
  setActive(active: boolean): Promise<boolean>;
  unlock(): Promise<boolean>;
  resetPassword(): Promise<boolean>;
  extend(days: 30 | 90): Promise<boolean>;
  savePermissions(flags: UserChanges): Promise<boolean>;
  /**
   * Saves an edit with the `updatedAt` it was made on. When someone else saved the account
   * first, the account is loaded again and the answer is "stale": the edit must be made again.
   */
  save(changes: UserChanges): Promise<boolean | "stale">;
  /** Saves the apps: null when saved, else the server's message for the dialog. */
  assignApps(apps: AppId[]): Promise<string | null>;
  endSessions(): Promise<void>;
  /** Removes the account's second factors (super admins), then reads the account again. */
  resetTwoFactor(): Promise<boolean>;
  remove(): Promise<boolean>;
  /** Creates an account and opens it with the created message: null, else the failure's text. */
  create(body: NewUser): Promise<string | null>;
}

/** The account open and how it loaded. */
type AccountSlice = Pick<
  UserDetailState,
  | "employeeCode"
  | "user"
  | "state"
  | "error"
  | "sessions"
  | "twoFactor"
  | "twoFactorError"
  | "busy"
  | "open"
  | "loadTwoFactor"
>;

/** The actions on the account open, and the creation of a new one. */
type ActionsSlice = Omit<UserDetailState, keyof AccountSlice | keyof StatusSlice>;

const createAccountSlice: StateCreator<UserDetailState, [], [], AccountSlice> = (set, get) => ({
  employeeCode: "",
  user: null,
  state: "idle",
  error: null,
  sessions: null,
  twoFactor: null,
  twoFactorError: null,
  busy: false,

  async open(employeeCode) {
    const keepStatus = get().employeeCode === employeeCode;
    set({
      employeeCode,
      state: "loading",
      error: null,
      ...(keepStatus
        ? {}
        : { user: null, sessions: null, twoFactor: null, twoFactorError: null, status: null }),
    });
    try {
      const user = await accountCalls.get(employeeCode);
      if (get().employeeCode !== employeeCode) return;
      set({ user, state: "ready" });
      void loadSessions(employeeCode);
      void get().loadTwoFactor();
    } catch (err) {
      if (get().employeeCode !== employeeCode) return;
      // out of the caller's station scope answers 404 as well: to them the user does not exist
      if (err instanceof ApiError && err.status === 404) set({ state: "missing", user: null });
      else {
        set({
          state: "error",
          error: loadFailureText(err, text(UDETAIL_ACTIONS, "failedLoadUser")),
        });
      }
    }
  },

  async loadTwoFactor() {
    const employeeCode = get().employeeCode;
    set({ twoFactorError: null });
    try {
      const twoFactor = await accountCalls.twoFactor(employeeCode);
      if (get().employeeCode === employeeCode) set({ twoFactor });
    } catch (err) {
      if (get().employeeCode !== employeeCode) return;
      set({
        twoFactor: null,
        twoFactorError: loadFailureText(err, text(UDETAIL_ACTIONS, "failedLoadTwoFactor")),
      });
    }
  },
});

const createActionsSlice: StateCreator<UserDetailState, [], [], ActionsSlice> = (set, get) => {
  /** Runs an action on the account open; an answer that is the account replaces it. */
  async function act<T>(action: AccountAction<T>): Promise<boolean> {
    set({ busy: true, status: null });
    const outcome = await perform(action);
    set({ busy: false, status: outcome.status });
    if (!outcome.ok) return false;
    const answer = outcome.answer as Partial<AdminUser>;
    if (answer.employeeCode === get().employeeCode && answer.updatedAt !== undefined) {
      set({ user: answer as AdminUser });
    }
    void loadSessions(get().employeeCode);
    return true;
  }
  const code = () => get().employeeCode;

  return {
    setActive: (active) => act(accountActions.setActive(code(), active)),
    unlock: () => act(accountActions.unlock(code())),
    resetPassword: () => act(accountActions.resetPassword(code())),
    extend: (days) => act(accountActions.extend(code(), days)),
    savePermissions: (flags) => act(accountActions.savePermissions(code(), flags)),
    endSessions: async () => void await act(accountActions.endSessions(code())),
    async resetTwoFactor() {
      if (!await act(accountActions.resetTwoFactor(code()))) return false;
      // the account's flag and its second factors changed: the section and the user read again
      await get().open(code());
      return true;
    },

    async save(changes) {
      const before = get().user!;
      set({ busy: true, status: null });
      try {
        const user = await accountCalls.update(before.employeeCode, {
          ...changes,
          updatedAt: before.updatedAt,
        });
        set({ user, status: { ok: true, text: text(UDETAIL_ACTIONS, "changesSaved") } });
        return true;
      } catch (err) {
        const stale = err instanceof ApiError && err.status === 409 &&
          err.code === "users:stale_edit";
        if (stale) await get().open(before.employeeCode);
        const why = stale
          ? text(UDETAIL_ACTIONS, "staleEdit", { stale: serverText(err) })
          : errorText(err);
        const failed = text(UDETAIL_ACTIONS, "failedSave");
        set({ status: { ok: false, text: failed, details: [why] } });
        return stale ? "stale" : false;
      } finally {
        set({ busy: false });
      }
    },

    async assignApps(apps) {
      set({ busy: true, status: null });
      const outcome = await perform(accountActions.assignApps(code(), apps, false));
      set({ busy: false });
      if (!outcome.ok) return outcome.message;
      set({ user: outcome.answer, status: outcome.status });
      return null;
    },

    async remove() {
      set({ busy: true, status: null });
      const outcome = await perform(accountActions.remove(code()));
      set({ busy: false, status: outcome.ok ? null : outcome.status });
      return outcome.ok;
    },

    async create(body) {
      const outcome = await perform(accountActions.create(body));
      if (!outcome.ok) return outcome.status.text;
      const user = outcome.answer;
      set({ employeeCode: user.employeeCode, user, state: "ready", status: outcome.status });
      return null;
    },
  };
};

/** The user detail store: the status line, the account open and the actions on it. */
export const useUserDetail = create<UserDetailState>()((...a) => ({
  ...createStatusSlice(...a),
  ...createAccountSlice(...a),
  ...createActionsSlice(...a),
}));

/** Reads the number of sessions of the account open (a hint: unknown when it fails). */
async function loadSessions(employeeCode: string) {
  let sessions: number | null = null;
  try {
    sessions = (await accountCalls.sessions(employeeCode)).length;
  } catch {
    // the count is a hint: the 'Sign out everywhere' button works without it
  }
  if (useUserDetail.getState().employeeCode === employeeCode) {
    useUserDetail.setState({ sessions });
  }
}
