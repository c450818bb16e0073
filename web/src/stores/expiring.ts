// The Expiring Users screen (spec 2.11): the server's pages of users whose passwords expire within
// 7 or 30 days (expired ones included) or of every user with an expiry date, soonest first; select
// users of the page and extend them by 30 days, 90 days or a year.

import { create } from "zustand";
import type { PublicUser } from "../../../api/store.ts";
import { api, ApiError, unwrap } from "../api/client.ts";
import { extendCall } from "./admin_requests.ts";
import {
  type Days,
  daysLabel,
  details,
  eachOf,
  type EachResult,
  type Status,
} from "./admin_rules.ts";
import { plural } from "../numbers.ts";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** How urgent an expiry is: red, orange, amber or blue on the cards (spec section 4). */
export type Tone = "expired" | "urgent" | "soon" | "later";

/** The words that say the tone, so that colour is never the only sign. */
export const TONE_LABEL: Record<Tone, string> = {
  expired: "Expired",
  urgent: "3 days or less",
  soon: "7 days or less",
  later: "More than 7 days",
};

/** Time left before a password expires, as the cards show it. */
export interface Remaining {
  /** Milliseconds left (negative once expired). */
  left: number;
  tone: Tone;
  /** 'Expired', 'N days left', 'N hours left' or 'Less than an hour left'. */
  text: string;
}

/** The time left of an expiry at `now` (whole days rounded up, so a fresh 30-day expiry reads 30). */
export function remaining(expiry: string, now: number): Remaining {
  const left = Date.parse(expiry) - now;
  const tone: Tone = left < 0
    ? "expired"
    : left <= 3 * DAY
    ? "urgent"
    : left <= 7 * DAY
    ? "soon"
    : "later";
  const text = left < 0
    ? "Expired"
    : left >= DAY
    ? `${plural(Math.ceil(left / DAY), "day")} left`
    : left >= HOUR
    ? `${plural(Math.ceil(left / HOUR), "hour")} left`
    : "Less than an hour left";
  return { left, tone, text };
}

/** The windows of the Expiring Users filter (spec section 2.11; 30 days by default). */
export type ExpiringFilter = "7" | "30" | "all";

/** The filter choices with their labels, in the spec's order. */
export const EXPIRING_FILTERS: readonly { id: ExpiringFilter; label: string }[] = [
  { id: "7", label: "Next 7 Days" },
  { id: "30", label: "Next 30 Days" },
  { id: "all", label: "All Expiring" },
];

/** Page sizes of the screen (spec 9). */
export const EXPIRING_PAGE_SIZES = [10, 25, 50, 100] as const;

/** A page size of the screen. */
export type ExpiringPageSize = (typeof EXPIRING_PAGE_SIZES)[number];

/** A user on the Expiring Users screen: a user that has an expiry date. */
export type ExpiringUser = PublicUser & { passwordExpiry: string };

/** The Expiring Users screen's state and actions. */
export interface ExpiringState {
  /** The users of the page; null before the first load. */
  users: ExpiringUser[] | null;
  /** When the page was read: the time left of every card is measured from it. */
  loadedAt: number;
  total: number;
  page: number;
  pages: number;
  limit: ExpiringPageSize;
  loading: boolean;
  error: string | null;
  filter: ExpiringFilter;
  /** Selected employee codes (of the page shown). */
  selected: string[];
  busy: boolean;
  progress: { done: number; total: number } | null;
  status: Status | null;
  load(): Promise<void>;
  /** Takes the address's filter; a change goes back to page 1 with nothing selected. */
  setFilter(filter: ExpiringFilter): void;
  setPage(page: number): void;
  setLimit(limit: ExpiringPageSize): void;
  toggle(code: string): void;
  /** Selects exactly these codes (select all), or none. */
  selectOnly(codes: readonly string[]): void;
  /** Extends every selected password by `days`, reporting success and failure counts. */
  extendSelected(days: Days): Promise<EachResult>;
  clearStatus(): void;
  /** Whose data the store holds. */
  owner: string | null;
  /** Forgets what another user loaded on this page (a shared computer), keeping one's own. */
  claim(owner: string): void;
}

let loadSeq = 0;

/** The Expiring Users store. */
export const useExpiring = create<ExpiringState>()((set, get) => ({
  users: null,
  loadedAt: 0,
  total: 0,
  page: 1,
  pages: 1,
  limit: 25,
  loading: false,
  error: null,
  filter: "30",
  selected: [],
  busy: false,
  progress: null,
  status: null,
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
      const shown = new Set(users.map((u) => u.employeeCode));
      set((s) => ({
        users,
        loadedAt: Date.now(),
        total: data.total,
        page: data.page,
        pages: data.pages,
        error: null,
        selected: s.selected.filter((c) => shown.has(c)),
      }));
    } catch (err) {
      if (seq !== loadSeq) return;
      set({
        error: err instanceof ApiError && err.status !== 0
          ? err.message || "Failed to load users"
          : "Failed to load users: the server cannot be reached",
      });
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

  setPage(page) {
    const to = Math.min(Math.max(1, page), get().pages);
    if (to === get().page) return;
    set({ page: to, selected: [] });
    void get().load();
  },

  setLimit(limit) {
    set({ limit, page: 1, selected: [] });
    void get().load();
  },

  toggle(code) {
    const selected = get().selected;
    set({
      selected: selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code],
    });
  },

  selectOnly(codes) {
    set({ selected: [...codes] });
  },

  async extendSelected(days) {
    const codes = get().selected;
    set({ busy: true, status: null, progress: { done: 0, total: codes.length } });
    try {
      const result = await eachOf(
        codes,
        (code) => extendCall(code, days),
        (done) => set({ progress: { done, total: codes.length } }),
      );
      set({
        selected: result.failed.map((f) => f.code),
        status: result.failed.length === 0
          ? { ok: true, text: `Extended ${plural(result.ok, "password")} by ${daysLabel(days)}` }
          : {
            ok: false,
            text:
              `Failed to extend password(s): ${result.ok} extended, ${result.failed.length} failed`,
            details: details(result),
          },
      });
      return result;
    } finally {
      await get().load();
      set({ busy: false, progress: null });
    }
  },

  clearStatus() {
    set({ status: null });
  },
}));
