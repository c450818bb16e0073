// The audit log screen's data (design 5.4): the filters as typed and as applied, the page on
// screen and the cursors that led to it. Next follows the server's cursor, Previous goes back along
// the cursors already seen (the log is never counted whole, so there is no page count).

import { create } from "zustand";
import type { AuditEntry } from "../../../api/store.ts";
import { api, ApiError, unwrap } from "../api/client.ts";

/** The actions the API writes. The API filters by prefix, so a value without a dot is a whole area. */
export const AUDIT_ACTIONS: readonly { value: string; label: string }[] = [
  { value: "login", label: "Sign-in events (all)" },
  { value: "login.success", label: "login.success: signed in" },
  { value: "login.failed", label: "login.failed: failed sign-in" },
  { value: "login.locked", label: "login.locked: account locked" },
  { value: "logout", label: "logout: signed out" },
  { value: "password.change", label: "password.change: own password changed" },
  { value: "request", label: "Requests from the sign-in page (all)" },
  { value: "user", label: "User changes (all)" },
  { value: "user.create", label: "user.create: created" },
  { value: "user.update", label: "user.update: edited" },
  { value: "user.delete", label: "user.delete: deleted" },
  { value: "user.import", label: "user.import: CSV import" },
  { value: "user.unlock", label: "user.unlock: unlocked" },
  { value: "user.apps", label: "user.apps: apps assigned" },
  { value: "sessions.end", label: "sessions.end: signed out everywhere" },
  { value: "password.reset", label: "password.reset: password reset" },
  { value: "password.extend", label: "password.extend: expiry extended" },
  { value: "activation", label: "Activation requests (all)" },
  { value: "password-reset.reject", label: "password-reset.reject: reset request rejected" },
  { value: "registration", label: "Registration requests (all)" },
  { value: "two_factor", label: "Two-factor sign-in (all)" },
  { value: "two_factor.enrol", label: "two_factor.enrol: method set up" },
  { value: "two_factor.remove", label: "two_factor.remove: method removed" },
  { value: "two_factor.failed", label: "two_factor.failed: wrong code or passkey" },
  { value: "two_factor.recovery_used", label: "two_factor.recovery_used: recovery code used" },
  { value: "two_factor.recovery_codes", label: "two_factor.recovery_codes: new recovery codes" },
  { value: "two_factor.reset", label: "two_factor.reset: reset by an administrator" },
  { value: "settings.update", label: "settings.update: system settings" },
  { value: "reference", label: "Reference lists (all)" },
];

/** The page sizes offered. */
export const PAGE_SIZES = [25, 50, 100] as const;

/** The three filters of the log. */
export interface AuditFilters {
  actor: string;
  target: string;
  action: string;
}

/** One page of the log as the server answers it. */
export interface AuditPage {
  entries: AuditEntry[];
  /** Where the next page starts; null on the last page. */
  cursor: string | null;
}

/** No filter: the whole log. */
export const NO_FILTERS: AuditFilters = { actor: "", target: "", action: "" };

/** The query of GET /api/audit for the applied filters, a page's cursor ("" for the first) and size. */
export function auditQuery(
  filters: AuditFilters,
  cursor: string,
  limit: number,
): Record<string, string> {
  const query: Record<string, string> = { limit: String(limit) };
  if (cursor !== "") query.cursor = cursor;
  for (const key of ["actor", "target", "action"] as const) {
    if (filters[key].trim() !== "") query[key] = filters[key].trim();
  }
  return query;
}

/** Whether any filter is applied. */
export function isFiltered(filters: AuditFilters): boolean {
  return filters.actor !== "" || filters.target !== "" || filters.action !== "";
}

/** The screen's words for a failed load (the server's message follows the title). */
export const AUDIT_LOAD_TEXTS = {
  failed: "Error Loading Audit Log",
  offline: "The audit log is read from the server. Check the connection and retry.",
} as const;

/** The line above the table: loading, an empty page of a filtered log, or the page's count. */
export function pageLine(page: number, data: AuditPage, loading: boolean, filtered: boolean) {
  return loading
    ? "Loading..."
    : data.entries.length === 0
    ? "No entries on this page: the filter matched none of the entries read; try Next"
    : `Page ${page}: ${data.entries.length} entries${filtered ? " match" : ""}`;
}

/** The audit log screen's state and actions. */
export interface AuditLogState {
  /** The filters as typed (applied by `apply`). */
  form: AuditFilters;
  /** The filters of the page on screen. */
  filters: AuditFilters;
  /** The cursors of the pages before and of the page on screen ("" for the first). */
  trail: string[];
  limit: number;
  data: AuditPage | null;
  loading: boolean;
  error: ApiError | null;
  /** Starts afresh on the newest page without filters (the screen opens). */
  open(): Promise<void>;
  /** Changes the filters as typed. */
  edit(patch: Partial<AuditFilters>): void;
  /** Applies the typed filters from the newest page. */
  apply(): Promise<void>;
  /** Forgets every filter, typed and applied. */
  clear(): Promise<void>;
  next(): Promise<void>;
  previous(): Promise<void>;
  /** Back to the newest page. */
  first(): Promise<void>;
  /** Another page size, from the newest page. */
  setLimit(limit: number): Promise<void>;
  /** Reads the page the state names (Retry). */
  load(): Promise<void>;
}

// A newer request replaces an older one: a late answer must not overwrite the newer page.
let latest = 0;

/** The audit log store. */
export const useAuditLog = create<AuditLogState>()((set, get) => ({
  form: NO_FILTERS,
  filters: NO_FILTERS,
  trail: [""],
  limit: 50,
  data: null,
  loading: true,
  error: null,
  open() {
    set({ form: NO_FILTERS, filters: NO_FILTERS, trail: [""], limit: 50, data: null });
    return get().load();
  },
  edit(patch) {
    set({ form: { ...get().form, ...patch } });
  },
  apply() {
    set({ filters: get().form, trail: [""] });
    return get().load();
  },
  clear() {
    set({ form: NO_FILTERS, filters: NO_FILTERS, trail: [""] });
    return get().load();
  },
  next() {
    const cursor = get().data?.cursor ?? null;
    if (cursor === null) return Promise.resolve();
    set({ trail: [...get().trail, cursor] });
    return get().load();
  },
  previous() {
    set({ trail: get().trail.slice(0, -1) });
    return get().load();
  },
  first() {
    set({ trail: [""] });
    return get().load();
  },
  setLimit(limit) {
    set({ limit, trail: [""] });
    return get().load();
  },
  async load() {
    const request = ++latest;
    const { filters, trail, limit } = get();
    set({ loading: true, error: null });
    const query = auditQuery(filters, trail[trail.length - 1], limit);
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
