// User administration in the web app: what the user list and the user detail share (roles, apps,
// expiry and lock rules, the account calls) and the user detail. The list is stores/user_list.ts.
// Every call goes through the typed client; the server checks every rule again, so refusals come
// back as its own message.

import { create } from "zustand";
import { STALE_EDIT } from "../../../api/rules/user_fields.ts";
import type { PublicUser, Role } from "../../../api/store.ts";
import type { AppId } from "../../../api/rules/apps.ts";
import { api, ApiError, unwrap } from "../api/client.ts";
import { keepIssued } from "./one_time_passwords.ts";
import { plural } from "../numbers.ts";

/** A user as the list and the detail show it. */
export type AdminUser = PublicUser;

/** A status line: the text, and for bulk actions the counts and one message per user. */
export interface AdminStatus {
  ok: boolean;
  text: string;
  counts?: { succeeded: number; failed: number };
  details?: string[];
}

/** One user's outcome in a bulk action. */
export interface BulkResult {
  employeeCode: string;
  ok: boolean;
  message: string;
}

/** The role names of badges and messages. */
export const ROLE_NAMES: Record<Role, string> = {
  super_admin: "Super Admin",
  admin: "Admin",
  user: "User",
};

/** Whether the account is locked now (lockedUntil in the future). */
export function isLocked(user: Pick<AdminUser, "lockedUntil">, now = Date.now()): boolean {
  return user.lockedUntil !== null && Date.parse(user.lockedUntil) > now;
}

/** How a password expiry looks (spec 4): red expired, orange within 3 days, amber within 7, else blue. */
export function expiryInfo(
  expiry: string | null,
  now = Date.now(),
): { tone: "none" | "expired" | "critical" | "warning" | "ok"; text: string } {
  const at = expiry === null ? NaN : Date.parse(expiry);
  if (Number.isNaN(at)) return { tone: "none", text: "No expiry set" };
  const day = 24 * 60 * 60 * 1000;
  const left = at - now;
  if (left < 0) {
    const ago = Math.floor(-left / day);
    return { tone: "expired", text: ago === 0 ? "Expired today" : `Expired ${days(ago)} ago` };
  }
  const daysLeft = Math.floor(left / day);
  const text = daysLeft === 0 ? "Expires today" : `Expires in ${days(daysLeft)}`;
  return { tone: daysLeft <= 3 ? "critical" : daysLeft <= 7 ? "warning" : "ok", text };
}

const days = (n: number) => plural(n, "day");

/** The server's own text for a refused call, or the fallback for a transport failure. */
export function messageOf(err: unknown, fallback = "Network error"): string {
  return err instanceof ApiError ? err.message : err instanceof Error ? err.message : fallback;
}

/** Runs `work` over the items, at most `limit` at a time, keeping the results in item order. */
export async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
  onDone?: (done: number) => void,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  async function runner() {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
      onDone?.(++done);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
}

/** Success and failure counts of a bulk action, with one line per user. */
export function tally(results: readonly BulkResult[]) {
  const succeeded = results.filter((r) => r.ok).length;
  return {
    counts: { succeeded, failed: results.length - succeeded },
    details: results.map((r) => `${r.employeeCode}: ${r.message}`),
  };
}

const code = (employeeCode: string) => ({ param: { code: employeeCode } });

/** The fields an edit may send. */
export type UserChanges = Parameters<(typeof api.api.users)[":code"]["$put"]>[0]["json"];

/** Account calls both screens share; each resolves to the updated user or throws ApiError. */
export const userCalls = {
  get: (employeeCode: string) => unwrap(api.api.users[":code"].$get(code(employeeCode))),
  update: (
    employeeCode: string,
    json: UserChanges,
  ) => unwrap(api.api.users[":code"].$put({ ...code(employeeCode), json })).then(keepIssued),
  resetPassword: (employeeCode: string) =>
    unwrap(api.api.users[":code"]["reset-password"].$post({ ...code(employeeCode), json: {} }))
      .then(keepIssued),
  unlock: (employeeCode: string) =>
    unwrap(api.api.users[":code"].unlock.$post({ ...code(employeeCode), json: {} })),
  assignApps: (employeeCode: string, appIds: AppId[]) =>
    unwrap(
      api.api.users[":code"]["assign-apps"].$post({ ...code(employeeCode), json: { appIds } }),
    ),
  extend: (employeeCode: string, days: 30 | 90 | 365) =>
    unwrap(
      api.api.users[":code"]["extend-password"].$post({ ...code(employeeCode), json: { days } }),
    ),
  remove: (employeeCode: string) => unwrap(api.api.users[":code"].$delete(code(employeeCode))),
  sessions: (employeeCode: string) =>
    unwrap(api.api.users[":code"].sessions.$get(code(employeeCode))),
  endSessions: (employeeCode: string) =>
    unwrap(api.api.users[":code"].sessions.$delete(code(employeeCode))),
};

/** The user detail state: one user, its sessions, and what the screen is doing. */
export interface UserDetailState {
  employeeCode: string;
  user: AdminUser | null;
  /** 'missing' shows the 'User Not Found' screen. */
  state: "idle" | "loading" | "ready" | "missing" | "error";
  error: string | null;
  sessions: number | null;
  status: AdminStatus | null;
  busy: boolean;
  /** Loads the user (and its sessions) of this code. */
  open(employeeCode: string): Promise<void>;
  /** Applies a call that answers the updated user; false when refused (status says why). */
  apply(
    call: () => Promise<AdminUser>,
    success: string,
    failure: (message: string) => AdminStatus,
  ): Promise<boolean>;
  /**
   * Saves an edit with the `updatedAt` it was made on. When someone else saved the account
   * first, the account is loaded again and the answer is "stale": the edit must be made again.
   */
  save(changes: UserChanges): Promise<boolean | "stale">;
  /** Saves the apps: null when saved, else the server's message for the dialog. */
  assignApps(apps: AppId[]): Promise<string | null>;
  endSessions(): Promise<void>;
  remove(): Promise<boolean>;
  say(status: AdminStatus | null): void;
}

/** The user detail store. */
export const useUserDetail = create<UserDetailState>()((set, get) => ({
  employeeCode: "",
  user: null,
  state: "idle",
  error: null,
  sessions: null,
  status: null,
  busy: false,

  async open(employeeCode) {
    const keepStatus = get().employeeCode === employeeCode;
    set({
      employeeCode,
      state: "loading",
      error: null,
      ...(keepStatus ? {} : { user: null, sessions: null, status: null }),
    });
    try {
      const user = await userCalls.get(employeeCode);
      if (get().employeeCode !== employeeCode) return;
      set({ user, state: "ready" });
      void loadSessions(employeeCode);
    } catch (err) {
      if (get().employeeCode !== employeeCode) return;
      // out of the caller's station scope answers 404 as well: to them the user does not exist
      if (err instanceof ApiError && err.status === 404) set({ state: "missing", user: null });
      else set({ state: "error", error: messageOf(err, "Failed to load user") });
    }
  },

  async apply(call, success, failure) {
    set({ busy: true, status: null });
    try {
      const user = await call();
      set({ user, status: { ok: true, text: success } });
      void loadSessions(user.employeeCode);
      return true;
    } catch (err) {
      set({ status: failure(messageOf(err)) });
      return false;
    } finally {
      set({ busy: false });
    }
  },

  async save(changes) {
    const before = get().user!;
    set({ busy: true, status: null });
    try {
      const user = await userCalls.update(before.employeeCode, {
        ...changes,
        updatedAt: before.updatedAt,
      });
      set({ user, status: { ok: true, text: "Changes saved" } });
      return true;
    } catch (err) {
      const stale = err instanceof ApiError && err.status === 409 && err.message === STALE_EDIT;
      if (stale) await get().open(before.employeeCode);
      set({
        status: {
          ok: false,
          text: "Failed to save changes",
          details: [
            stale
              ? `${STALE_EDIT}. Your changes were not saved: make them again on the account as it is now.`
              : messageOf(err),
          ],
        },
      });
      return stale ? "stale" : false;
    } finally {
      set({ busy: false });
    }
  },

  async assignApps(apps) {
    set({ busy: true, status: null });
    try {
      const user = await userCalls.assignApps(get().employeeCode, apps);
      set({
        user,
        status: {
          ok: true,
          text: `Apps updated (${plural(apps.length, "app")})`,
        },
      });
      return null;
    } catch (err) {
      return messageOf(err);
    } finally {
      set({ busy: false });
    }
  },

  async endSessions() {
    const employeeCode = get().employeeCode;
    set({ busy: true, status: null });
    try {
      const done = await userCalls.endSessions(employeeCode);
      set({ status: { ok: true, text: done.message } });
    } catch (err) {
      set({
        status: { ok: false, text: "Failed to sign the user out", details: [messageOf(err)] },
      });
    } finally {
      set({ busy: false });
    }
    await loadSessions(employeeCode);
  },

  async remove() {
    const employeeCode = get().employeeCode;
    set({ busy: true, status: null });
    try {
      await userCalls.remove(employeeCode);
      return true;
    } catch (err) {
      set({ status: { ok: false, text: "Failed to delete user", details: [messageOf(err)] } });
      return false;
    } finally {
      set({ busy: false });
    }
  },

  say(status) {
    set({ status });
  },
}));

async function loadSessions(employeeCode: string) {
  try {
    const sessions = await userCalls.sessions(employeeCode);
    if (useUserDetail.getState().employeeCode === employeeCode) {
      useUserDetail.setState({ sessions: sessions.length });
    }
  } catch {
    // the count is a hint: the 'Sign out everywhere' button works without it
    if (useUserDetail.getState().employeeCode === employeeCode) {
      useUserDetail.setState({ sessions: null });
    }
  }
}
