// User administration in the web app: the user list (search, filters, paging, selection, card and
// bulk actions, CSV export) and the user detail. Every call goes through the typed client; the
// server checks every rule again, so refusals come back as its own message.

import { create } from "zustand";
import type { PublicUser, Role } from "../../../api/store.ts";
import { api, ApiError, unwrap } from "../api/client.ts";
import type { SessionUser } from "./session.ts";

/** A user as the list and the detail show it. */
export type AdminUser = PublicUser;

/** The status filter of the list. */
export type StatusFilter = "all" | "active" | "inactive";

/** The role filter of the list. */
export type RoleFilter = "all" | Role;

/** Page sizes of the list (spec 9). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** A page size of the list. */
export type PageSize = (typeof PAGE_SIZES)[number];

/** Counts the server gives with each page: after the search, before the two filters. */
export interface UserCounts {
  all: number;
  active: number;
  inactive: number;
  super_admin: number;
  admin: number;
  user: number;
}

/** A status line: the text, and for bulk actions the counts and one message per user. */
export interface AdminStatus {
  ok: boolean;
  text: string;
  counts?: { succeeded: number; failed: number };
  details?: string[];
}

/** Why the list could not load: offline (or signed out) shows 'Login Required'. */
export interface LoadError {
  offline: boolean;
  message: string;
}

/** One user's outcome in a bulk action. */
export interface BulkResult {
  employeeCode: string;
  ok: boolean;
  message: string;
}

/** The app ids and names of the Assign Apps dialog (spec 3). */
export const NORMAL_APPS = [
  { id: "ffm-to-uws", name: "FFM TO UWS" },
  { id: "uld-extractor", name: "ULD Extractor" },
] as const;

/** The admin apps, offered only for admin and super_admin accounts (spec 6). */
export const ADMIN_APPS = [
  { id: "admin-apps", name: "Admin Apps" },
  { id: "user-management", name: "User Management" },
  { id: "database-management", name: "Database Management" },
  { id: "system-settings", name: "System Settings" },
  { id: "reports", name: "Reports" },
  { id: "audit-logs", name: "Audit Logs" },
] as const;

/** An app id the API accepts. */
export type AppId = (typeof NORMAL_APPS)[number]["id"] | (typeof ADMIN_APPS)[number]["id"];

/** The apps a target may be given: admin apps only for admin and super_admin accounts. */
export function appsFor(role: Role): readonly { id: AppId; name: string }[] {
  return role === "user" ? NORMAL_APPS : [...NORMAL_APPS, ...ADMIN_APPS];
}

/** The target's current apps that the dialog can show (unknown ids are dropped, not resent). */
export function assignableApps(user: Pick<AdminUser, "role" | "accessibleApps">): AppId[] {
  const offered = new Set<string>(appsFor(user.role).map((a) => a.id));
  return user.accessibleApps.filter((a): a is AppId => offered.has(a));
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

const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

/** A date and time as the admin screens show them ('-' when none). */
export function when(iso: string | null | undefined): string {
  if (!iso) return "-";
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? iso
    : at.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

/** Whether the actor may act on the target from the list: not oneself, super admins by super admins. */
export function manageable(
  actor: SessionUser | null,
  target: Pick<AdminUser, "employeeCode" | "role">,
) {
  if (actor === null || actor.employeeCode === target.employeeCode) return false;
  return actor.role === "super_admin" || target.role !== "super_admin";
}

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

/** Account calls both screens share; each resolves to the updated user or throws ApiError. */
export const userCalls = {
  get: (employeeCode: string) => unwrap(api.api.users[":code"].$get(code(employeeCode))),
  update: (
    employeeCode: string,
    json: Parameters<(typeof api.api.users)[":code"]["$put"]>[0]["json"],
  ) => unwrap(api.api.users[":code"].$put({ ...code(employeeCode), json })),
  resetPassword: (employeeCode: string) =>
    unwrap(api.api.users[":code"]["reset-password"].$post({ ...code(employeeCode), json: {} })),
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

/** The CSV records of a text (quoted cells may hold commas and line breaks), without their ends. */
export function csvRecords(text: string): string[] {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) {
      records.push(text.slice(start, i));
      if (ch === "\r" && text[i + 1] === "\n") i++;
      start = i + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records;
}

/** The first cell of a CSV record, unquoted (the export's first column is the employee code). */
export function firstCell(record: string): string {
  if (!record.startsWith('"')) {
    const comma = record.indexOf(",");
    return comma < 0 ? record : record.slice(0, comma);
  }
  let out = "";
  for (let i = 1; i < record.length; i++) {
    if (record[i] === '"') {
      if (record[i + 1] === '"') {
        out += '"';
        i++;
      } else break;
    } else out += record[i];
  }
  return out;
}

/** The export kept to the given employee codes: the BOM, the header and their rows, CRLF ends. */
export function keepRows(csv: string, codes: ReadonlySet<string>): string {
  const bom = csv.startsWith("\ufeff") ? "\ufeff" : "";
  const [header, ...rows] = csvRecords(csv.slice(bom.length)).filter((r) => r !== "");
  if (header === undefined) return csv;
  const kept = rows.filter((r) => codes.has(firstCell(r)));
  return `${bom}${[header, ...kept].join("\r\n")}\r\n`;
}

/** User list state and actions. */
export interface AdminUsersState {
  search: string;
  statusFilter: StatusFilter;
  roleFilter: RoleFilter;
  page: number;
  limit: PageSize;
  users: AdminUser[];
  /** Users after the search and the filters (the N of 'N of M users'). */
  total: number;
  pages: number;
  counts: UserCounts | null;
  /** Every user the caller may see (the M of 'N of M users'). */
  everyone: number | null;
  loading: boolean;
  loaded: boolean;
  error: LoadError | null;
  selected: string[];
  status: AdminStatus | null;
  /** A card action under way: the user's code. */
  working: string | null;
  /** A bulk action under way, with its progress. */
  bulk: { label: string; done: number; total: number } | null;

  load(): Promise<void>;
  setSearch(search: string): void;
  setStatusFilter(filter: StatusFilter): void;
  setRoleFilter(filter: RoleFilter): void;
  setLimit(limit: PageSize): void;
  setPage(page: number): void;
  toggle(employeeCode: string): void;
  /** Selects (or clears) the given codes of the current page. */
  selectPage(codes: readonly string[], on: boolean): void;
  clearSelection(): void;
  say(status: AdminStatus | null): void;

  setActive(user: AdminUser, active: boolean): Promise<void>;
  resetPassword(user: AdminUser): Promise<void>;
  unlock(user: AdminUser): Promise<void>;
  /** Saves the apps: null when saved, else the server's message for the dialog. */
  assignApps(user: AdminUser, apps: AppId[]): Promise<string | null>;

  bulkActive(active: boolean): Promise<BulkResult[]>;
  bulkRole(role: Role): Promise<BulkResult[]>;
  bulkReset(): Promise<BulkResult[]>;
  bulkDelete(): Promise<BulkResult[]>;

  /** The export of the users the search and filters show: file name, CSV text and row count. */
  exportCsv(): Promise<{ name: string; text: string; count: number }>;
}

/** How long the search waits for the next key before asking the server. */
export const SEARCH_DELAY_MS = 300;

/** How many calls a bulk action runs at once (password hashing makes resets slow). */
const BULK_PARALLEL = 4;

let searchTimer: ReturnType<typeof setTimeout> | undefined;
let loadSeq = 0;

type ListQuery = {
  page: string;
  limit: string;
  search?: string;
  role?: Role;
  isActive?: "true" | "false";
};

function queryOf(s: AdminUsersState, page: number, limit: number): ListQuery {
  const q: ListQuery = { page: String(page), limit: String(limit) };
  if (s.search.trim() !== "") q.search = s.search.trim();
  if (s.roleFilter !== "all") q.role = s.roleFilter;
  if (s.statusFilter !== "all") q.isActive = s.statusFilter === "active" ? "true" : "false";
  return q;
}

const paginated = (query: ListQuery) => unwrap(api.api.users.paginated.$get({ query }));

/** A load failure as the list shows it: offline or signed out means signing in again. */
function loadError(err: unknown): LoadError {
  if (err instanceof ApiError && err.status === 0) {
    return {
      offline: true,
      message: "Offline mode: Cannot load users from server. Please login with your account.",
    };
  }
  if (err instanceof ApiError && err.status === 401) {
    return { offline: true, message: "Please login to view users" };
  }
  return { offline: false, message: messageOf(err, "Failed to load users") };
}

/** The user list store. */
export const useAdminUsers = create<AdminUsersState>()((set, get) => {
  /** Changes the query: back to page 1 with nothing selected, then loads. */
  function requery(patch: Partial<AdminUsersState>) {
    clearTimeout(searchTimer);
    set({ ...patch, page: 1, selected: [] });
    void get().load();
  }

  /** Runs one call per selected user with progress, then reloads the list. */
  async function runBulk(
    label: string,
    work: (employeeCode: string) => Promise<string>,
  ): Promise<BulkResult[]> {
    const codes = get().selected;
    set({ bulk: { label, done: 0, total: codes.length }, status: null });
    const results = await inPool(codes, BULK_PARALLEL, async (employeeCode) => {
      try {
        return { employeeCode, ok: true, message: await work(employeeCode) };
      } catch (err) {
        return { employeeCode, ok: false, message: messageOf(err) };
      }
    }, (done) => set({ bulk: { label, done, total: codes.length } }));
    // the ones that failed stay selected, so they can be tried again
    set({ bulk: null, selected: results.filter((r) => !r.ok).map((r) => r.employeeCode) });
    await get().load();
    return results;
  }

  /** Runs one card action: the code is busy meanwhile and the list reloads after. */
  async function cardAction(
    user: AdminUser,
    call: () => Promise<unknown>,
    success: string,
    failure: (message: string) => AdminStatus,
  ) {
    set({ working: user.employeeCode, status: null });
    try {
      await call();
      get().say({ ok: true, text: success });
    } catch (err) {
      get().say(failure(messageOf(err)));
    } finally {
      set({ working: null });
    }
    await get().load();
  }

  return {
    search: "",
    statusFilter: "all",
    roleFilter: "all",
    page: 1,
    limit: 10,
    users: [],
    total: 0,
    pages: 1,
    counts: null,
    everyone: null,
    loading: false,
    loaded: false,
    error: null,
    selected: [],
    status: null,
    working: null,
    bulk: null,

    async load() {
      const seq = ++loadSeq;
      const s = get();
      set({ loading: true });
      try {
        const searched = s.search.trim() !== "";
        const [data, everyone] = await Promise.all([
          paginated(queryOf(s, s.page, s.limit)),
          // the counts of an unsearched page are everyone the caller may see
          searched
            ? paginated({ page: "1", limit: "10" }).then((d) => d.counts.all)
            : Promise.resolve(null),
        ]);
        if (seq !== loadSeq) return;
        const onPage = new Set(data.users.map((u) => u.employeeCode));
        set({
          users: data.users,
          total: data.total,
          pages: data.pages,
          page: data.page,
          counts: data.counts,
          everyone: everyone ?? data.counts.all,
          loading: false,
          loaded: true,
          error: null,
          selected: get().selected.filter((c) => onPage.has(c)),
        });
      } catch (err) {
        if (seq !== loadSeq) return;
        set({ loading: false, error: loadError(err) });
      }
    },

    setSearch(search) {
      clearTimeout(searchTimer);
      set({ search, page: 1, selected: [] });
      searchTimer = setTimeout(() => void get().load(), SEARCH_DELAY_MS);
    },
    setStatusFilter(statusFilter) {
      requery({ statusFilter });
    },
    setRoleFilter(roleFilter) {
      requery({ roleFilter });
    },
    setLimit(limit) {
      requery({ limit });
    },
    setPage(page) {
      const to = Math.min(Math.max(1, page), get().pages);
      if (to === get().page) return;
      set({ page: to, selected: [] });
      void get().load();
    },

    toggle(employeeCode) {
      const selected = get().selected;
      set({
        selected: selected.includes(employeeCode)
          ? selected.filter((c) => c !== employeeCode)
          : [...selected, employeeCode],
      });
    },
    selectPage(codes, on) {
      const rest = get().selected.filter((c) => !codes.includes(c));
      set({ selected: on ? [...rest, ...codes] : rest });
    },
    clearSelection() {
      set({ selected: [] });
    },
    say(status) {
      set({ status });
    },

    async setActive(user, active) {
      await cardAction(
        user,
        () => userCalls.update(user.employeeCode, { isActive: active }),
        `User ${user.employeeCode} ${active ? "activated" : "deactivated"}`,
        (message) => ({
          ok: false,
          text: active ? "Failed to activate user" : "Failed to deactivate user",
          details: [message],
        }),
      );
    },
    async resetPassword(user) {
      await cardAction(
        user,
        () => userCalls.resetPassword(user.employeeCode),
        `Password of ${user.employeeCode} reset to the default password; it must be changed at the next sign-in`,
        (message) => ({ ok: false, text: `Failed to reset password: ${message}` }),
      );
    },
    async unlock(user) {
      await cardAction(
        user,
        () => userCalls.unlock(user.employeeCode),
        `Account ${user.employeeCode} unlocked`,
        (message) => ({ ok: false, text: `Failed to unlock account: ${message}` }),
      );
    },
    async assignApps(user, apps) {
      set({ working: user.employeeCode });
      try {
        await userCalls.assignApps(user.employeeCode, apps);
        get().say({
          ok: true,
          text: `Apps of ${user.employeeCode} updated (${apps.length} app${
            apps.length === 1 ? "" : "s"
          })`,
        });
        void get().load();
        return null;
      } catch (err) {
        return messageOf(err);
      } finally {
        set({ working: null });
      }
    },

    async bulkActive(active) {
      const results = await runBulk(
        active ? "Activating" : "Deactivating",
        async (c) => {
          await userCalls.update(c, { isActive: active });
          return active ? "activated" : "deactivated";
        },
      );
      const t = tally(results);
      get().say(
        t.counts.failed === 0
          ? {
            ok: true,
            text: `${active ? "Activated" : "Deactivated"} ${plural(results.length)}`,
            ...t,
          }
          : { ok: false, text: "Failed to activate/deactivate some users", ...t },
      );
      return results;
    },
    async bulkRole(role) {
      const results = await runBulk("Changing role", async (c) => {
        await userCalls.update(c, { role });
        return `role set to ${ROLE_NAMES[role]}`;
      });
      const t = tally(results);
      get().say(
        t.counts.failed === 0
          ? {
            ok: true,
            text: `Role set to ${ROLE_NAMES[role]} for ${plural(results.length)}`,
            ...t,
          }
          : { ok: false, text: "Failed to change role for some users", ...t },
      );
      return results;
    },
    async bulkReset() {
      const results = await runBulk("Resetting passwords", async (c) => {
        await userCalls.resetPassword(c);
        return "password reset to the default password";
      });
      const t = tally(results);
      get().say({
        ok: t.counts.failed === 0,
        text: `Password reset: ${t.counts.succeeded} succeeded, ${t.counts.failed} failed`,
        ...t,
      });
      return results;
    },
    async bulkDelete() {
      const results = await runBulk("Deleting", async (c) => {
        const done = await userCalls.remove(c);
        return done.message;
      });
      const t = tally(results);
      get().say({
        ok: t.counts.failed === 0,
        text: `Delete: ${t.counts.succeeded} succeeded, ${t.counts.failed} failed`,
        ...t,
      });
      return results;
    },

    async exportCsv() {
      const res = await api.api.users.export.$get();
      if (!res.ok) {
        const body = await res.json().catch(() => null) as { message?: string } | null;
        throw new ApiError(body?.message ?? `HTTP ${res.status}`, res.status);
      }
      // text() would drop the byte order mark that spreadsheet programs need to read UTF-8
      const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
      const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ??
        `users_${new Date().toISOString().slice(0, 10)}.csv`;
      const s = get();
      if (s.search.trim() === "" && s.statusFilter === "all" && s.roleFilter === "all") {
        return { name, text: csv, count: csvRecords(csv).filter((r) => r !== "").length - 1 };
      }
      // the export takes no filters: keep the rows of the users the list's query finds
      const codes = new Set<string>();
      for (let page = 1, pages = 1; page <= pages; page++) {
        const data = await paginated(queryOf(s, page, 100));
        for (const u of data.users) codes.add(u.employeeCode);
        pages = data.pages;
      }
      const text = keepRows(csv, codes);
      return { name, text, count: csvRecords(text).filter((r) => r !== "").length - 1 };
    },
  };
});

function plural(n: number): string {
  return `${n} user${n === 1 ? "" : "s"}`;
}

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

  async assignApps(apps) {
    set({ busy: true, status: null });
    try {
      const user = await userCalls.assignApps(get().employeeCode, apps);
      set({
        user,
        status: {
          ok: true,
          text: `Apps updated (${apps.length} app${apps.length === 1 ? "" : "s"})`,
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
