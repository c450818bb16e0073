// The three request queues: what they load (newest first, narrowed by a search and a station),
// and the actions on them (web/src/admin's request actions, with the spec's texts). Built with the
// admin status slice: the status line and Approve All's progress. The server checks every call
// again; this store only shows.

import { create } from "zustand";
import type { RequestRecord } from "../../../../../api/store/records.ts";
import type { AppId } from "../../../../../api/rules/apps.ts";
import { api, isOffline, unwrap } from "../../../lib/api/client.ts";
import {
  type AccountAction,
  type BulkAction,
  bulkActions,
  perform,
  requestActions,
} from "../account_actions.ts";
import type { BulkResult } from "../bulk.ts";
import type { Days, RequestKind } from "./request_rules.ts";
import { createStatusSlice, type StatusSlice } from "../slices.ts";
import { ADM_QUEUES } from "./texts/adm_queues.ts";
import { text } from "../../../i18n/i18n.ts";

/** A page of a request queue as the server answers it. */
export interface RequestPage {
  requests: RequestRecord[];
  /** Where the next page starts; null on the last page. */
  cursor: string | null;
  /** Pending requests of the queue within the admin's scope. */
  total: number;
}

/** Requests a queue shows at a time. */
export const QUEUE_PAGE = 25;

/** What narrows a queue: text in the code or the name, and a station ('' for none). */
export interface QueueFilters {
  search: string;
  station: string;
}

/** A queue without a search or a station. */
export const NO_QUEUE_FILTERS: QueueFilters = { search: "", station: "" };

/** One page of a request queue (the first without a cursor), narrowed by `filters`. */
export function loadPage(
  kind: RequestKind,
  cursor = "",
  filters: QueueFilters = NO_QUEUE_FILTERS,
): Promise<RequestPage> {
  const search = filters.search.trim();
  const query = {
    query: {
      limit: String(QUEUE_PAGE),
      ...(cursor === "" ? {} : { cursor }),
      ...(search === "" ? {} : { search }),
      ...(filters.station === "" ? {} : { station: filters.station }),
    },
  };
  switch (kind) {
    case "activation":
      return unwrap(api.api.users["activation-requests"].$get(query));
    case "password-reset":
      return unwrap(api.api.users["password-reset-requests"].$get(query));
    case "registration":
      return unwrap(api.api.users["registration-requests"].$get(query));
  }
}

/** The request queues' state and actions. */
export interface RequestsState extends StatusSlice {
  /** The page of each queue on screen; null when not loaded. */
  lists: Record<RequestKind, RequestRecord[] | null>;
  /** Pending requests of each queue (all pages; of the chosen station with one). */
  totals: Record<RequestKind, number>;
  /** The search and station each queue is narrowed by. */
  filters: Record<RequestKind, QueueFilters>;
  /** Narrows a queue (from the page's address) and loads its first page; the same filters
   * again reload the page on screen. */
  setFilters(kind: RequestKind, filters: QueueFilters): Promise<void>;
  /** The cursors of the pages before and of the page on screen ('' for the first). */
  trail: Record<RequestKind, string[]>;
  /** Where the next page starts; null on the last page. */
  next: Record<RequestKind, string | null>;
  loading: Record<RequestKind, boolean>;
  /** Why a queue could not be loaded ('Failed to load requests' without a server message). */
  error: Record<RequestKind, string | null>;
  /** The employee code being acted on, or 'all' during Approve All. */
  busy: string | null;
  /** Loads the page on screen again (the first page when none is). */
  load(kind: RequestKind): Promise<void>;
  /** Goes to the next page, or back to the one before. */
  page(kind: RequestKind, direction: "next" | "previous"): Promise<void>;
  /** Deletes a request without answering it (spam, or one that can no longer be handled). */
  remove(kind: RequestKind, code: string): Promise<boolean>;
  /** Approves an activation for `days` (none: the expiry stays, for an admin who may not
   * extend passwords). */
  approveActivation(code: string, days?: Days): Promise<boolean>;
  /** Approves every pending activation request the filters show (all pages), one by one, for
   * the server's password expiry setting (`days`, as the screen says it). */
  approveAll(
    days: number,
    approvable?: (request: RequestRecord) => boolean,
  ): Promise<BulkResult[]>;
  /** Rejects a request with the typed reason (empty: 'No reason provided'). */
  reject(kind: RequestKind, code: string, typedReason: string): Promise<boolean>;
  /** Resets a password to the default (no password) or to a custom one; the request closes. */
  resetPassword(code: string, newPassword?: string): Promise<boolean>;
  /** Extends the requester's password by 30 days instead of a reset, and closes the request. */
  extendInstead(code: string): Promise<boolean>;
  /** Creates the registered account with the chosen apps. */
  approveRegistration(code: string, apps?: AppId[]): Promise<boolean>;
  /** Whose data the store holds. */
  owner: string | null;
  /** Forgets what another user loaded on this page (a shared computer), keeping one's own. */
  claim(owner: string): void;
}

/** No queue loaded. */
export const NO_LISTS: Record<RequestKind, RequestRecord[] | null> = {
  activation: null,
  "password-reset": null,
  registration: null,
};

const idle = { activation: false, "password-reset": false, registration: false };
const noTotals = { activation: 0, "password-reset": 0, registration: 0 };
const firstPages = { activation: [""], "password-reset": [""], registration: [""] };
const noNext = { activation: null, "password-reset": null, registration: null };
const noErrors = { activation: null, "password-reset": null, registration: null };
const noFilters = {
  activation: NO_QUEUE_FILTERS,
  "password-reset": NO_QUEUE_FILTERS,
  registration: NO_QUEUE_FILTERS,
};

type Set = (patch: Partial<RequestsState> | ((s: RequestsState) => Partial<RequestsState>)) => void;

/** Why a queue could not load, in the language shown: the server's message (the screen shows it
 * through serverText), else 'Failed to load requests', with the offline wording. */
function loadFailure(err: unknown): string {
  if (isOffline(err)) return text(ADM_QUEUES, "loadFailedOffline");
  return (err instanceof Error && err.message) || text(ADM_QUEUES, "loadFailed");
}

/** Loads the page at the end of `trail` and puts it on screen (unless the filters changed
 * meanwhile: the newer load shows its own). */
async function show(set: Set, get: () => RequestsState, kind: RequestKind, trail: string[]) {
  set((s) => ({ loading: { ...s.loading, [kind]: true } }));
  const filters = get().filters[kind];
  try {
    const page = await loadPage(kind, trail[trail.length - 1], filters);
    if (get().filters[kind] !== filters) return;
    set((s) => ({
      lists: { ...s.lists, [kind]: page.requests },
      totals: { ...s.totals, [kind]: page.total },
      next: { ...s.next, [kind]: page.cursor },
      trail: { ...s.trail, [kind]: trail },
      error: { ...s.error, [kind]: null },
    }));
  } catch (err) {
    set((s) => ({ error: { ...s.error, [kind]: loadFailure(err) } }));
  } finally {
    set((s) => ({ loading: { ...s.loading, [kind]: false } }));
  }
}

/**
 * Runs a bulk action over every page of the activation queue, from the first: each approval
 * takes its request off the queue; a request that fails stays, so it is skipped on later pages.
 * One's own request (`own`) is for another administrator (design 5.6): never tried, nor one
 * `approvable` leaves out (issue 48).
 */
async function everyActivation(
  s: () => RequestsState,
  action: BulkAction,
  own: string | null,
  approvable: (request: RequestRecord) => boolean,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  const tried = new Set<string>(own === null ? [] : [own]);
  const filters = s().filters.activation;
  // with a search the queue's total is not the number of matches: count what is found
  const total = filters.search.trim() === "" ? s().totals.activation : undefined;
  for (let cursor = "";;) {
    const page = await loadPage("activation", cursor, filters);
    // only the requests the admin may approve (issue 48: the page's `approvable`)
    const codes = page.requests.filter(approvable).map((r) => r.employeeCode)
      .filter((c) => !tried.has(c));
    if (codes.length === 0 && page.cursor === null) break;
    codes.forEach((c) => tried.add(c));
    const part = await s().runTracked(
      action.label,
      codes,
      action.each,
      results.length,
      total ?? results.length + codes.length,
    );
    results.push(...part);
    // approved requests left the queue: read it from the start again; a page where all failed
    // stays, so go on after it
    const approved = part.some((r) => r.ok);
    if (!approved && page.cursor === null) break;
    cursor = approved ? "" : page.cursor!;
  }
  return results;
}

/** Nothing loaded: no pages, counts, cursors, errors or filters. */
const CLEAN = {
  lists: NO_LISTS,
  totals: noTotals,
  trail: firstPages,
  next: noNext,
  error: noErrors,
  filters: noFilters,
};

/** Moving through a queue: narrowing it, reloading the page on screen, paging. */
function queueNavigation(
  set: Set,
  get: () => RequestsState,
): Pick<RequestsState, "setFilters" | "load" | "page"> {
  return {
    async setFilters(kind, filters) {
      const now = get().filters[kind];
      if (
        get().lists[kind] !== null && now.search === filters.search &&
        now.station === filters.station
      ) return get().load(kind);
      set((s) => ({
        filters: { ...s.filters, [kind]: { ...filters } },
        trail: { ...s.trail, [kind]: [""] },
      }));
      await show(set, get, kind, [""]);
    },

    async load(kind) {
      await show(set, get, kind, get().trail[kind]);
      // the page emptied (its requests were handled): step back to one that has some
      const trail = get().trail[kind];
      if (get().lists[kind]?.length === 0 && trail.length > 1) {
        await show(set, get, kind, trail.slice(0, -1));
      }
    },

    async page(kind, direction) {
      const trail = get().trail[kind];
      const next = get().next[kind];
      if (direction === "next" && next !== null) await show(set, get, kind, [...trail, next]);
      if (direction === "previous" && trail.length > 1) {
        await show(set, get, kind, trail.slice(0, -1));
      }
    },
  };
}

/** The request queues store. */
export const useRequests = create<RequestsState>()((set, get, store) => {
  /** Runs one action on a request, says how it went, and reloads the queue. */
  async function act<T>(kind: RequestKind, code: string, action: AccountAction<T>) {
    set({ busy: code, status: null });
    const outcome = await perform(action);
    set({ status: outcome.status });
    await get().load(kind);
    set({ busy: null });
    return outcome.ok;
  }

  return {
    ...createStatusSlice(set, get, store),
    ...CLEAN,
    ...queueNavigation(set, get),
    loading: idle,
    busy: null,
    owner: null,

    claim(owner) {
      if (get().owner === owner) return;
      set({ owner, ...CLEAN, status: null });
    },

    remove: (kind, code) => act(kind, code, requestActions.remove(kind, code)),
    approveActivation: (code, days) =>
      act("activation", code, requestActions.approveActivation(code, days)),
    reject: (kind, code, typedReason) =>
      act(kind, code, requestActions.reject(kind, code, typedReason)),
    resetPassword: (code, newPassword) =>
      act("password-reset", code, requestActions.resetPassword(code, newPassword)),
    extendInstead: (code) => act("password-reset", code, requestActions.extendInstead(code)),
    approveRegistration: (code, apps) =>
      act("registration", code, requestActions.approveRegistration(code, apps)),

    async approveAll(days, approvable = () => true) {
      const action = bulkActions.approveActivation(days);
      set({ busy: "all", status: null });
      try {
        const results = await everyActivation(get, action, get().owner, approvable);
        set({ status: action.summary(results) });
        return results;
      } finally {
        await get().load("activation");
        set({ busy: null, progress: null });
      }
    },
  };
});
