// The user list (spec 2.5) as a dense table: search, filters with counts (status, role, station,
// locked, password expiry, two-factor sign-in), sorting by any column, paging, selection, card and
// bulk actions and the CSV export. The filters and the sort come from the address
// (user_filters.ts); the search text, the page and the page size stay here. Built from the admin
// slices: the paged selection and the status line with a bulk action's progress.

import { create, type StateCreator } from "zustand";
import type { Role } from "../../../../../api/rules/roles.ts";
import type { AppId } from "../../../../../api/rules/apps.ts";
import { ApiError, isOffline } from "../../../lib/api/client.ts";
import {
  type AccountAction,
  accountActions,
  type BulkAction,
  bulkActions,
  perform,
} from "../account_actions.ts";
import { type BulkResult, failedOf } from "../bulk.ts";
import { errorText, loadFailureText } from "../error_text.ts";
import { createPagedListSlices, type PagedListSlices, stillShown } from "../slices.ts";
import type { Days } from "../requests/request_rules.ts";
import { ULIST_PAGE } from "./texts/ulist_page.ts";
import { ULIST_TABLE } from "../texts/ulist_table.ts";
import { text } from "../../../i18n/i18n.ts";
import { serverText } from "../../../i18n/server_text.ts";
import type { AdminUser } from "../admin_users.ts";
import { ROLE_LABEL } from "./user_columns.ts";
import { type ListFilters, NO_FILTERS, sameFilters } from "./user_filters.ts";
import {
  type CsvExport,
  exportUsers,
  paginated,
  queryOf,
  type UserCounts,
} from "./user_list_query.ts";
import {
  createMatchingSlice,
  type MatchingSlice,
  selectionEndsMatching,
} from "./user_list_bulk.ts";

/** Page sizes of the list (spec 9). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** A page size of the list. */
export type PageSize = (typeof PAGE_SIZES)[number];

/** Why the list could not load: offline (or signed out) shows 'Login Required'. */
export interface LoadError {
  offline: boolean;
  message: string;
}

/** User list state and actions. */
export interface AdminUsersState extends PagedListSlices, MatchingSlice {
  search: string;
  filters: ListFilters;
  limit: PageSize;
  users: AdminUser[];
  /** Users after the search and the filters (the N of 'N of M users'). */
  total: number;
  counts: UserCounts | null;
  /** Every user the caller may see (the M of 'N of M users'). */
  everyone: number | null;
  loading: boolean;
  loaded: boolean;
  error: LoadError | null;
  /** A card action under way: the user's code. */
  working: string | null;

  load(): Promise<void>;
  setSearch(search: string): void;
  /** Takes the address's filters and sort and loads; a change goes back to page 1. */
  setFilters(filters: ListFilters): void;
  /** Takes the address's filters, search text and page, and loads. */
  setQuery(query: { filters: ListFilters; search: string; page: number }): void;
  setLimit(limit: PageSize): void;

  setActive(user: AdminUser, active: boolean): Promise<void>;
  resetPassword(user: AdminUser): Promise<void>;
  unlock(user: AdminUser): Promise<void>;
  /** Saves the apps: null when saved, else the server's message for the dialog. */
  assignApps(user: AdminUser, apps: AppId[]): Promise<string | null>;

  bulkActive(active: boolean): Promise<BulkResult[]>;
  bulkRole(role: Role): Promise<BulkResult[]>;
  bulkReset(): Promise<BulkResult[]>;
  bulkDelete(): Promise<BulkResult[]>;
  bulkUnlock(): Promise<BulkResult[]>;
  bulkExtend(days: Days): Promise<BulkResult[]>;

  /** The export of the users the search and filters show, said on the status line; null if not. */
  exportCsv(): Promise<CsvExport | null>;
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

let searchTimer: ReturnType<typeof setTimeout> | undefined;
let loadSeq = 0;

/** A load failure as the list shows it: offline or signed out means signing in again. */
function loadError(err: unknown): LoadError {
  if (isOffline(err)) {
    return { offline: true, message: text(ULIST_PAGE, "offline") };
  }
  if (err instanceof ApiError && err.status === 401) {
    return { offline: true, message: text(ULIST_PAGE, "loginToView") };
  }
  return {
    offline: false,
    message: serverText(loadFailureText(err, text(ULIST_PAGE, "loadFailed"))),
  };
}

/** The export's file name in the language shown ('users_2026-01-02.csv'), its date the server's. */
function exportName(served: string): string {
  const date = /\d{4}-\d{2}-\d{2}/.exec(served)?.[0];
  return date === undefined ? served : text(ULIST_PAGE, "exportFileName", { date });
}

/** The page, its search and filters, and the loads: the list's own state. */
type QuerySlice = Pick<
  AdminUsersState,
  | "search"
  | "filters"
  | "limit"
  | "users"
  | "total"
  | "counts"
  | "everyone"
  | "loading"
  | "loaded"
  | "error"
  | "load"
  | "setSearch"
  | "setFilters"
  | "setQuery"
  | "setLimit"
>;

/** The card and bulk actions and the export. */
type ActionsSlice = Pick<
  AdminUsersState,
  | "working"
  | "setActive"
  | "resetPassword"
  | "unlock"
  | "assignApps"
  | "bulkActive"
  | "bulkRole"
  | "bulkReset"
  | "bulkDelete"
  | "bulkUnlock"
  | "bulkExtend"
  | "exportCsv"
>;

const createQuerySlice: StateCreator<AdminUsersState, [], [], QuerySlice> = (set, get) => {
  /** Changes the query: back to page 1 with nothing selected, then loads. */
  function requery(patch: Partial<AdminUsersState>) {
    clearTimeout(searchTimer);
    set({ ...patch, page: 1, selected: [], allMatching: false });
    void get().load();
  }

  return {
    search: "",
    filters: NO_FILTERS,
    limit: storedLimit(),
    users: [],
    total: 0,
    counts: null,
    everyone: null,
    loading: false,
    loaded: false,
    error: null,

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
          selected: stillShown(get().selected, data.users.map((u) => u.employeeCode)),
        });
      } catch (err) {
        if (seq !== loadSeq) return;
        set({ loading: false, error: loadError(err) });
      }
    },

    setSearch(search) {
      clearTimeout(searchTimer);
      set({ search, page: 1, selected: [], allMatching: false });
      searchTimer = setTimeout(() => void get().load(), SEARCH_DELAY_MS);
    },
    setFilters(filters) {
      const s = get();
      s.setQuery({ filters, search: s.search, page: sameFilters(filters, s.filters) ? s.page : 1 });
    },
    setQuery({ filters, search, page }) {
      const s = get();
      const same = sameFilters(filters, s.filters) && search === s.search;
      if (!same) clearTimeout(searchTimer);
      if (!same || page !== s.page) {
        set({ filters, search, page, selected: [], allMatching: false });
      }
      void get().load();
    },
    setLimit(limit) {
      try {
        globalThis.localStorage?.setItem(LIMIT_KEY, String(limit));
      } catch {
        // storage unavailable: the size holds for this page
      }
      requery({ limit });
    },
  };
};

const createActionsSlice: StateCreator<AdminUsersState, [], [], ActionsSlice> = (set, get) => {
  /** Runs a bulk action over the selection with progress, says its summary, then reloads. */
  async function bulk(action: BulkAction) {
    const results = await get().runTracked(action.label, get().selected, action.each);
    // the ones that failed stay selected, so they can be tried again
    set({ progress: null, selected: failedOf(results).map((r) => r.employeeCode) });
    await get().load();
    get().say(action.summary(results));
    return results;
  }

  /** Runs one card action: the code is busy meanwhile and the list reloads after. */
  async function cardAction<T>(user: AdminUser, action: AccountAction<T>) {
    set({ working: user.employeeCode, status: null });
    const outcome = await perform(action);
    set({ working: null, status: outcome.status });
    await get().load();
  }

  return {
    working: null,
    setActive: (user, active) =>
      cardAction(user, accountActions.setActive(user.employeeCode, active)),
    resetPassword: (user) => cardAction(user, accountActions.resetPassword(user.employeeCode)),
    unlock: (user) => cardAction(user, accountActions.unlock(user.employeeCode)),
    async assignApps(user, apps) {
      set({ working: user.employeeCode });
      const outcome = await perform(accountActions.assignApps(user.employeeCode, apps, true));
      set({ working: null });
      if (!outcome.ok) return outcome.message;
      get().say(outcome.status);
      void get().load();
      return null;
    },

    bulkActive: (active) => bulk(bulkActions.setActive(active)),
    bulkRole: (role) => bulk(bulkActions.role(role, text(ULIST_TABLE, ROLE_LABEL[role]))),
    bulkReset: () => bulk(bulkActions.resetPassword()),
    bulkDelete: () => bulk(bulkActions.remove()),
    bulkUnlock: () => bulk(bulkActions.unlock()),
    bulkExtend: (days) => bulk(bulkActions.extend(days)),

    async exportCsv() {
      try {
        const exported = await exportUsers(get());
        const file = { ...exported, name: exportName(exported.name) };
        get().say({
          ok: true,
          text: text(ULIST_PAGE, "exported", { count: file.count, name: file.name }),
        });
        return file;
      } catch (err) {
        const error = serverText(errorText(err));
        get().say({ ok: false, text: text(ULIST_PAGE, "exportFailed", { error }) });
        return null;
      }
    },
  };
};

/** The user list store: the paged selection, the status line, the query and the actions. */
export const useAdminUsers = create<AdminUsersState>()((...a) => {
  const paged = createPagedListSlices(...a);
  return {
    ...paged,
    ...createQuerySlice(...a),
    ...createActionsSlice(...a),
    ...createMatchingSlice(...a),
    ...selectionEndsMatching(paged, a[0]),
  };
});
