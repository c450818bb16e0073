// The user list (spec 2.5) as a dense table: search, filters with counts (status, role, station,
// locked, password expiry), sorting by any column, paging, selection, card and bulk actions and the
// CSV export. The filters and the sort come from the address (user_filters.ts); the search text,
// the page and the page size stay here.

import { create } from "zustand";
import type { Role } from "../../../api/store.ts";
import type { ListCounts } from "../../../api/users/list.ts";
import { api, ApiError, unwrap } from "../api/client.ts";
import { type ListFilters, NO_FILTERS, sameFilters } from "../components/admin/user_filters.ts";
import { csvRecords, keepRows } from "./user_export.ts";
import {
  type AdminStatus,
  type AdminUser,
  type BulkResult,
  inPool,
  messageOf,
  ROLE_NAMES,
  tally,
  userCalls,
} from "./admin_users.ts";
import { plural } from "../numbers.ts";
import type { AppId } from "../../../api/rules/apps.ts";

/** Page sizes of the list (spec 9). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** A page size of the list. */
export type PageSize = (typeof PAGE_SIZES)[number];

/** Counts the server gives with each page: after the search and station, before the other filters. */
export type UserCounts = ListCounts;

/** Why the list could not load: offline (or signed out) shows 'Login Required'. */
export interface LoadError {
  offline: boolean;
  message: string;
}

/** User list state and actions. */
export interface AdminUsersState {
  search: string;
  filters: ListFilters;
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
  /** Takes the address's filters and sort and loads; a change goes back to page 1. */
  setFilters(filters: ListFilters): void;
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

const LIMIT_KEY = "portal.users.limit";

/** The page size the admin chose last on this device (10, the spec's default, at first). */
function storedLimit(): PageSize {
  try {
    const n = Number(globalThis.localStorage?.getItem(LIMIT_KEY));
    return (PAGE_SIZES as readonly number[]).includes(n) ? n as PageSize : 10;
  } catch {
    return 10;
  }
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
  station?: string;
  locked?: "true";
  expiring?: "7" | "30";
  sort?: ListFilters["sort"];
  order?: "asc" | "desc";
};

function queryOf(s: AdminUsersState, page: number, limit: number): ListQuery {
  const f = s.filters;
  const q: ListQuery = { page: String(page), limit: String(limit) };
  if (s.search.trim() !== "") q.search = s.search.trim();
  if (f.role !== "all") q.role = f.role;
  if (f.status !== "all") q.isActive = f.status === "active" ? "true" : "false";
  if (f.station !== "") q.station = f.station;
  if (f.locked) q.locked = "true";
  if (f.expiring !== "") q.expiring = f.expiring;
  if (f.sort !== "employeeCode") q.sort = f.sort;
  if (f.order !== "asc") q.order = f.order;
  return q;
}

/** Whether the list shows every user the caller may see (no search, no filter). */
function unfiltered(s: AdminUsersState): boolean {
  const f = s.filters;
  return s.search.trim() === "" && f.status === "all" && f.role === "all" && f.station === "" &&
    !f.locked && f.expiring === "";
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
    filters: NO_FILTERS,
    page: 1,
    limit: storedLimit(),
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
        const searched = s.search.trim() !== "" || s.filters.station !== "";
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
    setFilters(filters) {
      if (sameFilters(filters, get().filters)) void get().load();
      else requery({ filters });
    },
    setLimit(limit) {
      try {
        globalThis.localStorage?.setItem(LIMIT_KEY, String(limit));
      } catch {
        // storage unavailable: the size holds for this page
      }
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
        `Password of ${user.employeeCode} reset to a one-time password; it must be changed at the next sign-in`,
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
          text: `Apps of ${user.employeeCode} updated (${plural(apps.length, "app")})`,
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
            text: `${active ? "Activated" : "Deactivated"} ${plural(results.length, "user")}`,
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
            text: `Role set to ${ROLE_NAMES[role]} for ${plural(results.length, "user")}`,
            ...t,
          }
          : { ok: false, text: "Failed to change role for some users", ...t },
      );
      return results;
    },
    async bulkReset() {
      const results = await runBulk("Resetting passwords", async (c) => {
        await userCalls.resetPassword(c);
        return "password reset to a one-time password";
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
      if (unfiltered(s)) {
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
