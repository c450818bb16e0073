// The Expiring Users screen (spec 2.11): the server's pages of users whose passwords expire within
// 7 or 30 days (expired ones included) or of every user with an expiry date, soonest first; select
// users of the page and extend them by 30 days, 90 days or a year. Built from the admin slices: the
// paged selection and the status line with the extension's progress. How an expiry reads is
// web/src/features/admin/expiry.ts, the same days the user list shows.

import { create } from "zustand";
import type { PublicUser } from "../../../../../api/store/records.ts";
import { api, unwrap } from "../../../lib/api/client.ts";
import { bulkActions } from "../account_actions.ts";
import { type BulkResult, failedOf } from "../bulk.ts";
import { loadFailureText } from "../error_text.ts";
import type { Days } from "../requests/request_rules.ts";
import { createPagedListSlices, type PagedListSlices, stillShown } from "../slices.ts";
import { ULIST_EXPIRING } from "./texts/ulist_expiring.ts";
import { text } from "../../../i18n/i18n.ts";
import { serverText } from "../../../i18n/server_text.ts";

/** The windows of the Expiring Users filter (spec section 2.11; 30 days by default). */
export type ExpiringFilter = "7" | "30" | "all";

/** The filter choices with their labels' keys (ulist_expiring), in the spec's order. */
export const EXPIRING_FILTERS = [
  { id: "7", label: "next7" },
  { id: "30", label: "next30" },
  { id: "all", label: "allExpiring" },
] as const satisfies readonly { id: ExpiringFilter; label: string }[];

/** Page sizes of the screen (spec 9). */
export const EXPIRING_PAGE_SIZES = [10, 25, 50, 100] as const;

/** A page size of the screen. */
export type ExpiringPageSize = (typeof EXPIRING_PAGE_SIZES)[number];

/** A user on the Expiring Users screen: a user that has an expiry date. */
export type ExpiringUser = PublicUser & { passwordExpiry: string };

/** The Expiring Users screen's state and actions. */
export interface ExpiringState extends PagedListSlices {
  /** The users of the page; null before the first load. */
  users: ExpiringUser[] | null;
  /** When the page was read: the time left of every card is measured from it. */
  loadedAt: number;
  total: number;
  limit: ExpiringPageSize;
  loading: boolean;
  error: string | null;
  filter: ExpiringFilter;
  busy: boolean;
  load(): Promise<void>;
  /** Takes the address's filter; a change goes back to page 1 with nothing selected. */
  setFilter(filter: ExpiringFilter): void;
  setLimit(limit: ExpiringPageSize): void;
  /** Extends every selected password by `days`, reporting success and failure counts. */
  extendSelected(days: Days): Promise<BulkResult[]>;
  /** Whose data the store holds. */
  owner: string | null;
  /** Forgets what another user loaded on this page (a shared computer), keeping one's own. */
  claim(owner: string): void;
}

let loadSeq = 0;

/** The Expiring Users store. */
export const useExpiring = create<ExpiringState>()((set, get, store) => ({
  ...createPagedListSlices(set, get, store),
  users: null,
  loadedAt: 0,
  total: 0,
  limit: 25,
  loading: false,
  error: null,
  filter: "30",
  busy: false,
  owner: null,

  claim(owner) {
    if (get().owner === owner) return;
    set({ owner, users: null, error: null, selected: [], status: null, page: 1 });
  },

  async load() {
    const seq = ++loadSeq;
    const { filter, page, limit } = get();
    set({ loading: true });
    try {
      const data = await unwrap(
        api.api.users.expiring.$get({
          query: { days: filter, page: String(page), limit: String(limit) },
        }),
      );
      if (seq !== loadSeq) return;
      const users = data.users.filter((u): u is ExpiringUser => u.passwordExpiry !== null);
      set((s) => ({
        users,
        loadedAt: Date.now(),
        total: data.total,
        page: data.page,
        pages: data.pages,
        error: null,
        selected: stillShown(s.selected, users.map((u) => u.employeeCode)),
      }));
    } catch (err) {
      if (seq !== loadSeq) return;
      set({ error: serverText(loadFailureText(err, text(ULIST_EXPIRING, "loadFailed"))) });
    } finally {
      if (seq === loadSeq) set({ loading: false });
    }
  },

  setFilter(filter) {
    if (filter === get().filter) return;
    // a selection the new filter hides would be extended unseen: start it again
    set({ filter, page: 1, selected: [] });
    void get().load();
  },

  setLimit(limit) {
    set({ limit, page: 1, selected: [] });
    void get().load();
  },

  async extendSelected(days) {
    const action = bulkActions.extend(days);
    set({ busy: true });
    try {
      const results = await get().runTracked(action.label, get().selected, action.each);
      set({
        selected: failedOf(results).map((r) => r.employeeCode),
        status: action.summary(results),
      });
      return results;
    } finally {
      await get().load();
      set({ busy: false, progress: null });
    }
  },
}));
