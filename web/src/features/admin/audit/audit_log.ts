// The audit log screen's data (design 5.4): the filters as typed and as applied, the page on
// screen and the cursors that led to it. The address holds what is applied (filters, date range,
// page size, page and its cursor: `AuditSearch`), so reload and Back show the same page; the
// screen turns the store's next address into a navigation and each address into `show`. Next
// follows the server's cursor, Previous goes back along the cursors already seen (the log is never
// counted whole, so there is no page count).

import { create } from "zustand";
import type { AuditEntry } from "../../../../../api/store/records.ts";
import {
  actionLabel,
  actionOptions,
  AUDIT_AREAS,
  AUDIT_LABELS,
} from "../../../../../api/rules/audit.ts";
import { api, ApiError, unwrap } from "../../../lib/api/client.ts";
import { dayStartIn } from "../../../lib/time.ts";
import {
  type AuditFilters,
  type AuditSearch,
  DAY,
  filtersOf,
  NO_FILTERS,
  rangeProblem,
  searchOf,
} from "./audit_address.ts";
import { ADM_AUDIT } from "./texts/adm_audit.ts";
import { ADM_AUDIT_ACTIONS } from "./texts/adm_audit_actions.ts";
import { text } from "../../../i18n/i18n.ts";
import { currentLanguage } from "../../../i18n/language.ts";

/** The action filter's options, by name: each area, then its actions. */
export const AUDIT_ACTIONS: readonly { value: string; label: string }[] = actionOptions();

/** An action's catalogue key: the action in camelCase ('two_factor.reset': 'twoFactorReset'), an
 * area's with 'area' before it ('password-reset': 'areaPasswordReset'). */
function actionKey(action: string, area: boolean): string {
  const camel = action.replace(/[._-](\w)/g, (_, c: string) => c.toUpperCase());
  return area ? `area${camel[0].toUpperCase()}${camel.slice(1)}` : camel;
}

/** An action's (or an area's) name in the language shown: the English of api/rules/audit.ts, its
 * translation, or the key itself for an action the portal no longer writes. */
export function actionName(action: string): string {
  if (currentLanguage() === "en") return actionLabel(action);
  const key = Object.hasOwn(AUDIT_LABELS, action)
    ? actionKey(action, false)
    : Object.hasOwn(AUDIT_AREAS, action)
    ? actionKey(action, true)
    : null;
  const known = ADM_AUDIT_ACTIONS.keys as readonly string[];
  return key !== null && known.includes(key)
    ? text(ADM_AUDIT_ACTIONS, key as (typeof ADM_AUDIT_ACTIONS.keys)[number])
    : actionLabel(action);
}

/** One page of the log as the server answers it. */
export interface AuditPage {
  entries: AuditEntry[];
  /** Where the next page starts; null on the last page. */
  cursor: string | null;
}

/** The filters as the server takes them: days become the first and last ms of those days in
 * the user's timezone (the server's range includes both). */
export function filterQuery(f: AuditFilters, zone: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of ["actor", "target", "action"] as const) {
    if (f[key].trim() !== "") query[key] = f[key].trim();
  }
  const from = dayStartIn(f.from, zone);
  if (Number.isFinite(from)) query.from = new Date(from).toISOString();
  const next = dayStartIn(nextDay(f.to), zone);
  if (Number.isFinite(next)) query.to = new Date(next - 1).toISOString();
  return query;
}

/** The day after a day ('' for none). */
function nextDay(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return DAY.test(day) && Number.isFinite(ms)
    ? new Date(ms + 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
    : "";
}

/** The query of GET /api/audit for the applied filters, a page's cursor ("" for the first) and size. */
export function auditQuery(
  filters: AuditFilters,
  cursor: string,
  limit: number,
  zone = "UTC",
): Record<string, string> {
  const query: Record<string, string> = { limit: String(limit) };
  if (cursor !== "") query.cursor = cursor;
  return { ...query, ...filterQuery(filters, zone) };
}

/** The line above the table, in the language shown: loading, an empty page of a filtered log, or
 * the page's count. */
export function pageLine(page: number, data: AuditPage, loading: boolean, filtered: boolean) {
  const count = data.entries.length;
  return loading
    ? text(ADM_AUDIT, "loadingShort")
    : count === 0
    ? text(ADM_AUDIT, "emptyPage")
    : text(ADM_AUDIT, filtered ? "pageEntriesMatch" : "pageEntries", { page, count });
}

/** The audit log screen's state and actions. */
export interface AuditLogState {
  /** The filters as typed (applied by navigating to `applied()`). */
  form: AuditFilters;
  /** The filters of the page on screen. */
  filters: AuditFilters;
  /** The cursors of the pages before and of the page on screen ("" for the first; null for
   * one not known, as after a reload on page 3). */
  trail: (string | null)[];
  limit: number;
  /** The user's timezone: the days of the range are its days. */
  zone: string;
  data: AuditPage | null;
  loading: boolean;
  error: ApiError | null;
  /** A message about the typed filters (a reversed range). */
  problem: string | null;
  /** Shows what an address names, loading it unless it is on screen already. */
  show(search: AuditSearch, zone: string): Promise<void>;
  /** Changes the filters as typed. */
  edit(patch: Partial<AuditFilters>): void;
  /** The address of the typed filters from the newest page, or null (and `problem`) when they
   * cannot be applied. */
  applied(): AuditSearch | null;
  /** Empties the typed filters at once and gives the address of the whole log (same page size). */
  cleared(): AuditSearch;
  /** The address of the page after, before, the newest, and of another page size. */
  nextPage(): AuditSearch | null;
  previousPage(): AuditSearch;
  firstPage(): AuditSearch;
  withLimit(limit: number): AuditSearch;
  /** The address of the CSV export of the applied filters (the browser streams it to a file). */
  exportHref(): string;
  /** Reads the page the state names (Retry). */
  load(): Promise<void>;
}

// A newer request replaces an older one: a late answer must not overwrite the newer page.
let latest = 0;
/** The address last shown: the same address again (a re-render) loads nothing. */
let shown = "";
/** The address this screen last asked for, and the typed filters then (each edit makes a new
 * object): typing after the ask and before the address lands (a router navigates a moment
 * later) is kept, not reset to it. */
let asked: { key: string; form: AuditFilters } | null = null;

/** An address in one spelling, whoever wrote it. */
const addressKey = (s: AuditSearch) =>
  JSON.stringify(searchOf(filtersOf(s), s.limit ?? 50, s.page ?? 1, s.cursor ?? ""));

/** Notes that this screen asks for an address, and gives it back. */
function ask(search: AuditSearch): AuditSearch {
  asked = { key: addressKey(search), form: useAuditLog.getState().form };
  return search;
}

/** Whether what is typed now was typed after this screen asked for `search` (which lands now):
 * then it stays. */
function typedSinceAsked(search: AuditSearch, form: AuditFilters): boolean {
  const typed = asked?.key === addressKey(search) && form !== asked.form;
  asked = null;
  return typed;
}

/** The cursors of the pages up to `page` (whose own is `cursor`): those `before` knew, as the
 * cursors seen before a page stay known when only the page changed, and null for the others. */
function trailTo(before: (string | null)[], page: number, cursor: string): (string | null)[] {
  const trail = before.slice(0, page - 1);
  while (trail.length < page - 1) trail.push(null);
  trail.push(page === 1 ? "" : cursor);
  return trail;
}

/** The audit log store. */
export const useAuditLog = create<AuditLogState>()((set, get) => ({
  form: NO_FILTERS,
  filters: NO_FILTERS,
  trail: [""],
  limit: 50,
  zone: "UTC",
  data: null,
  loading: true,
  error: null,
  problem: null,
  show(search, zone) {
    const key = JSON.stringify([search, zone]);
    if (key === shown && get().data !== null) return Promise.resolve();
    shown = key;
    const filters = filtersOf(search);
    const limit = search.limit ?? 50;
    const page = search.page ?? 1;
    const s = get();
    const same = JSON.stringify([s.filters, s.limit]) === JSON.stringify([filters, limit]);
    const trail = trailTo(same ? s.trail : [""], page, search.cursor ?? "");
    const form = typedSinceAsked(search, s.form) ? s.form : filters;
    set({ form, filters, limit, trail, zone, problem: null });
    return get().load();
  },
  edit(patch) {
    set({ form: { ...get().form, ...patch }, problem: null });
  },
  applied() {
    const { form, limit } = get();
    const problem = rangeProblem(form);
    set({ problem });
    return problem === null ? ask(searchOf(form, limit)) : null;
  },
  cleared() {
    set({ form: NO_FILTERS, problem: null });
    return ask(searchOf(NO_FILTERS, get().limit));
  },
  nextPage() {
    const { data, filters, limit, trail } = get();
    if (data?.cursor == null) return null;
    return ask(searchOf(filters, limit, trail.length + 1, data.cursor));
  },
  previousPage() {
    const { filters, limit, trail } = get();
    const before = trail[trail.length - 2] ?? "";
    // a page before it not known (a reload on a later page): the newest
    return ask(searchOf(filters, limit, before === "" ? 1 : trail.length - 1, before));
  },
  firstPage() {
    return ask(searchOf(get().filters, get().limit));
  },
  withLimit(limit) {
    return ask(searchOf(get().filters, limit));
  },
  exportHref() {
    const { filters, zone } = get();
    return api.api.audit.export.$url({ query: filterQuery(filters, zone) }).toString();
  },
  async load() {
    const request = ++latest;
    const { filters, trail, limit, zone } = get();
    set({ loading: true, error: null });
    const query = auditQuery(filters, trail[trail.length - 1] ?? "", limit, zone);
    try {
      const data = await unwrap(api.api.audit.$get({ query }));
      if (request === latest) set({ data, loading: false });
    } catch (err) {
      if (request !== latest) return;
      set({
        error: err instanceof ApiError ? err : new ApiError(String(err), 0),
        loading: false,
      });
    }
  },
}));
