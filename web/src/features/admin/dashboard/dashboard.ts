// The admin dashboard's data: the statistics and the three request queues, loaded in parallel on
// open, on Refresh and every 30 s, and the greeting by the time of day in the user's timezone.
//
// A failed load never shows made-up numbers: statistics that could not be read are unknown (null)
// until a load succeeds, or stay those of the last good load with the time they were read. Each
// queue's first page gives its newest requests and its total; a queue that failed is unknown, so
// its pending count comes from the statistics instead.

import { create } from "zustand";
import type { RequestRecord } from "../../../../../api/store/records.ts";
import { api, ApiError, unwrap } from "../../../lib/api/client.ts";
import { DEFAULT_TIME_ZONE, hourIn } from "../../../lib/time.ts";
import { loadPage, NO_LISTS } from "../requests/admin_requests.ts";
import { REQUEST_KINDS, type RequestKind } from "../requests/request_rules.ts";
import { ADM_DASHBOARD } from "./texts/adm_dashboard.ts";
import { text } from "../../../i18n/i18n.ts";

/** 'Good Morning' before 12:00, 'Good Afternoon' before 18:00, else 'Good Evening' (in the zone). */
export function greeting(
  now: Date,
  zone = DEFAULT_TIME_ZONE,
): "Good Morning" | "Good Afternoon" | "Good Evening" {
  const hour = hourIn(now, zone);
  return hour < 12 ? "Good Morning" : hour < 18 ? "Good Afternoon" : "Good Evening";
}

/** Each greeting's message. */
const GREETING_KEYS = {
  "Good Morning": "greetMorning",
  "Good Afternoon": "greetAfternoon",
  "Good Evening": "greetEvening",
} as const;

/** The dashboard's greeting line: the greeting and the first name ('Admin' without one), in the
 * language shown. */
export function greetingLine(
  now: Date,
  firstName: string | null | undefined,
  zone = DEFAULT_TIME_ZONE,
): string {
  const name = firstName?.trim() || text(ADM_DASHBOARD, "defaultName");
  return text(ADM_DASHBOARD, GREETING_KEYS[greeting(now, zone)], { name });
}

/** The statistics of GET /api/users/stats. */
export interface DashboardStats {
  totalUsers: number;
  activeUsers: number;
  inactiveUsers: number;
  expiringIn7Days: number;
  expiringIn30Days: number;
  expiredPasswords: number;
  lockedUsers: number;
  pendingActivationRequests: number;
  pendingPasswordResetRequests: number;
  pendingRegistrationRequests: number;
}

/** The pending count of a kind in the statistics. */
export function pendingOf(stats: DashboardStats, kind: RequestKind): number {
  return kind === "activation"
    ? stats.pendingActivationRequests
    : kind === "password-reset"
    ? stats.pendingPasswordResetRequests
    : stats.pendingRegistrationRequests;
}

/** The name of a queue in `failed` (the screen says it in its language). */
export const KIND_NAME: Record<RequestKind, string> = {
  activation: "activation requests",
  "password-reset": "password reset requests",
  registration: "registration requests",
};

/** What the dashboard loads, and its state. */
export interface DashboardState {
  /** The last statistics read; null until a load gets them. */
  stats: DashboardStats | null;
  /** When `stats` were read (epoch ms). */
  statsAt: number | null;
  /** The queues' first pages; null when not loaded (the user may not list them, or it failed). */
  lists: Record<RequestKind, RequestRecord[] | null>;
  /** The queues' pending counts (all pages); null when not loaded. */
  totals: Record<RequestKind, number | null>;
  loading: boolean;
  /** Whether a load has finished since the page opened. */
  loaded: boolean;
  /** What the last load could not get ('statistics', 'activation requests', ...). */
  failed: string[];
  /** Why the last load could not read the statistics, or null when it could. */
  statsError: ApiError | null;
  /** When the last successful load finished (epoch ms): a failed one does not move it. */
  lastUpdated: number | null;
  /** Loads the statistics and, for those who manage users, the three queues, in parallel. */
  load(canList: boolean): Promise<void>;
  /** Whose data the store holds. */
  owner: string | null;
  /** Forgets what another user loaded on this page (a shared computer), keeping one's own. */
  claim(owner: string): void;
}

const NO_TOTALS: Record<RequestKind, number | null> = {
  activation: null,
  "password-reset": null,
  registration: null,
};

/** The pending count of a queue: its total when loaded, else the statistics, else unknown (null). */
export function pendingCount(
  s: Pick<DashboardState, "totals" | "stats">,
  kind: RequestKind,
): number | null {
  return s.totals[kind] ?? (s.stats === null ? null : pendingOf(s.stats, kind));
}

/** A failed call as the LoadError box reads it. */
function asApiError(err: unknown): ApiError {
  return err instanceof ApiError ? err : new ApiError(String(err), 0);
}

/** The dashboard store. */
export const useDashboard = create<DashboardState>()((set, get) => ({
  stats: null,
  statsAt: null,
  lists: NO_LISTS,
  totals: NO_TOTALS,
  loading: false,
  loaded: false,
  failed: [],
  statsError: null,
  lastUpdated: null,
  owner: null,
  claim(owner) {
    if (get().owner === owner) return;
    set({
      owner,
      stats: null,
      statsAt: null,
      lists: NO_LISTS,
      totals: NO_TOTALS,
      loaded: false,
      failed: [],
      statsError: null,
      lastUpdated: null,
    });
  },
  async load(canList) {
    // the 30 s timer and Refresh may meet: one load at a time
    if (get().loading) return;
    set({ loading: true });
    const [stats, ...lists] = await Promise.allSettled([
      unwrap(api.api.users.stats.$get()),
      ...REQUEST_KINDS.map((k) => canList ? loadPage(k) : Promise.resolve(null)),
    ]);
    const now = Date.now();
    const failed: string[] = [];
    if (stats.status === "rejected") failed.push("statistics");
    const next = { ...NO_LISTS };
    const totals = { ...NO_TOTALS };
    REQUEST_KINDS.forEach((kind, i) => {
      const r = lists[i];
      if (r.status === "rejected") failed.push(KIND_NAME[kind]);
      else if (r.value !== null) {
        next[kind] = r.value.requests;
        totals[kind] = r.value.total;
      }
    });
    set({
      // the time of the last load that read the statistics: a failed one says so, not "updated"
      ...(stats.status === "fulfilled"
        ? { stats: stats.value, statsAt: now, lastUpdated: now, statsError: null }
        : { statsError: asApiError(stats.reason) }),
      lists: next,
      totals,
      loading: false,
      loaded: true,
      failed,
    });
  },
}));
