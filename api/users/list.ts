// The user list's page, read from the compact index (users/index_buckets.ts): one pass over the users in
// the sort's order counts what the filters' labels show and picks out the page's codes.

import type { Role } from "../rules/roles.ts";
import type { IndexRow } from "./index_buckets.ts";
import { foldSearch } from "./search_fold.ts";

/** What a page of the list asks for (GET /api/users/paginated). */
export interface ListQuery {
  search: string;
  role?: Role;
  isActive?: "true" | "false";
  station?: string;
  order: "asc" | "desc";
  locked?: "true";
  /** Expired or expiring within 7 or 30 days, or expired only. */
  expiring?: ExpiryFilter;
  /** Only the users with ("true") or without a second factor. */
  twoFactor?: "true" | "false";
  page: number;
  limit: number;
}

/** The password expiry filter of the list: expired or within 7 or 30 days, or expired only. */
export type ExpiryFilter = "7" | "30" | "expired";

/**
 * The counts the filters show. `all` is every user in scope the search leaves; each other
 * count is of the users every other filter leaves (the role counts follow the station, status
 * and the rest), so a filter's option reads how many users choosing it would list.
 */
export interface ListCounts {
  all: number;
  active: number;
  inactive: number;
  super_admin: number;
  admin: number;
  user: number;
  locked: number;
  /** Users with a second factor. */
  twoFactor: number;
  /** Users without a second factor. */
  noTwoFactor: number;
  /** Users whose password has expired. */
  expired: number;
  /** Expired or expiring within 7 days (the filter's '7'). */
  expiring7: number;
  /** Expired or expiring within 30 days. */
  expiring30: number;
  /** Every station in scope with its users, zero ones included (the station picker's list). */
  stations: Record<string, number>;
}

/** The users a list's filters leave, in order, and the counts its filter labels show. */
export interface ListMatches {
  rows: readonly IndexRow[];
  counts: ListCounts;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The clock of the lists and the dashboard's counts: the end of `now`'s minute, so that the
 * views kept within a minute and the counts beside them read the same time. The end, not the
 * start: a password set a moment ago for 30 days is within the 30-day window, as it is by the
 * time of any reader; one that expires within the minute counts as expired a little early. */
export const listMinute = (now: number) => Math.ceil(now / 60_000) * 60_000;

/** Where a password expiry stands at `now`: the one rule of the list's filter and the
 * dashboard's counts, so that 'N passwords expired' links to a list of exactly N. */
export type ExpiryBand = "none" | "expired" | "7" | "30" | "later";

/** The band of an expiry (ms, or null) at `now`. */
export function expiryBand(expiry: number | null, now: number): ExpiryBand {
  if (expiry === null) return "none";
  const left = expiry - now;
  return left < 0 ? "expired" : left <= 7 * DAY_MS ? "7" : left <= 30 * DAY_MS ? "30" : "later";
}

/** The bands each expiry filter takes (the windows take the expired ones too). */
const EXPIRY_TAKES: Record<ExpiryFilter, ReadonlySet<ExpiryBand>> = {
  expired: new Set(["expired"]),
  "7": new Set(["expired", "7"]),
  "30": new Set(["expired", "7", "30"]),
};

/** The filters, as bits: a row that fails exactly one is counted in that one's options. */
const STATION = 1, ROLE = 2, STATUS = 4, LOCKED = 8, TWO_FACTOR = 16, EXPIRY = 32;

/**
 * The users of `sorted` (every user ascending by the sort key, those without a value last) that
 * the query's search and filters leave, in the asked order, within the caller's station scope
 * (`station` null: all stations), and the counts of each filter given the others. One pass,
 * with plain loops: it runs over every user.
 */
export function listMatches(
  sorted: readonly IndexRow[],
  hasValue: (r: IndexRow) => boolean,
  q: Omit<ListQuery, "page" | "limit">,
  ctx: { now: number; locked: ReadonlySet<string>; scope: string | null },
): ListMatches {
  const needle = foldSearch(q.search.trim());
  const station = q.station?.toUpperCase() ?? null;
  if (station !== null && ctx.scope !== null && station !== ctx.scope) {
    return { rows: [], counts: noCounts() };
  }
  const active = q.isActive === undefined ? undefined : q.isActive === "true";
  const twoFactor = q.twoFactor === undefined ? undefined : q.twoFactor === "true";
  const takes = q.expiring === undefined ? null : EXPIRY_TAKES[q.expiring];
  const counts = noCounts();
  const rows: IndexRow[] = [];
  const order = orderOf(sorted, hasValue, q.order);
  for (let i = 0; i < order.length; i++) {
    const r = sorted[order.at(i)];
    if (ctx.scope !== null && r.station !== ctx.scope) continue;
    if (needle !== "" && !r.search.includes(needle)) continue;
    counts.all++;
    counts.stations[r.station] ??= 0;
    const locked = ctx.locked.size > 0 && ctx.locked.has(r.code);
    const band = expiryBand(r.expiry, ctx.now);
    let missed = 0;
    if (station !== null && r.station !== station) missed |= STATION;
    if (q.role !== undefined && r.role !== q.role) missed |= ROLE;
    if (active !== undefined && r.active !== active) missed |= STATUS;
    if (q.locked !== undefined && !locked) missed |= LOCKED;
    if (twoFactor !== undefined && r.twoFactor !== twoFactor) missed |= TWO_FACTOR;
    if (takes !== null && !takes.has(band)) missed |= EXPIRY;
    // more than one filter refuses the row: no option of any filter would list it
    if ((missed & (missed - 1)) !== 0) continue;
    if (missed === 0) rows.push(r);
    if ((missed | STATION) === STATION) counts.stations[r.station]++;
    if ((missed | ROLE) === ROLE) counts[r.role]++;
    if ((missed | STATUS) === STATUS) counts[r.active ? "active" : "inactive"]++;
    if ((missed | LOCKED) === LOCKED && locked) counts.locked++;
    if ((missed | TWO_FACTOR) === TWO_FACTOR) counts[r.twoFactor ? "twoFactor" : "noTwoFactor"]++;
    if ((missed | EXPIRY) === EXPIRY) countExpiry(counts, band);
  }
  return { rows, counts };
}

function countExpiry(counts: ListCounts, band: ExpiryBand): void {
  if (band === "expired") counts.expired++;
  if (band === "expired" || band === "7") counts.expiring7++;
  if (band === "expired" || band === "7" || band === "30") counts.expiring30++;
}

function noCounts(): ListCounts {
  return {
    all: 0,
    active: 0,
    inactive: 0,
    super_admin: 0,
    admin: 0,
    user: 0,
    locked: 0,
    twoFactor: 0,
    noTwoFactor: 0,
    expired: 0,
    expiring7: 0,
    expiring30: 0,
    stations: {},
  };
}

/**
 * The positions of `sorted` in the asked order: ascending as it is; descending reverses the rows
 * with a value, and those without stay last.
 */
function orderOf(
  sorted: readonly IndexRow[],
  hasValue: (r: IndexRow) => boolean,
  order: "asc" | "desc",
): { length: number; at: (i: number) => number } {
  if (order === "asc") return { length: sorted.length, at: (i) => i };
  let end = sorted.length;
  while (end > 0 && !hasValue(sorted[end - 1])) end--;
  return { length: sorted.length, at: (i) => (i < end ? end - 1 - i : i) };
}

/** Page `page` (from 1, brought within range) of `rows`, `limit` to a page. */
export function pageOf<T>(rows: readonly T[], page: number, limit: number) {
  const pages = Math.max(1, Math.ceil(rows.length / limit));
  const at = Math.min(page, pages);
  return { items: rows.slice((at - 1) * limit, at * limit), page: at, pages };
}

/**
 * What lists computed from the index, by a key that names everything they depend on (the
 * index's and the locks' versions among it): the next page of the same list, or the same list
 * for another client, is a slice. The least recently used go first.
 */
export class ViewCache<T> {
  private readonly views = new Map<string, T>();

  constructor(private readonly max: number) {}

  /** The view of `key`, made by `make` when it is not kept. */
  get(key: string, make: () => T): T {
    const kept = this.views.get(key);
    if (kept !== undefined) {
      this.views.delete(key);
      this.views.set(key, kept);
      return kept;
    }
    const made = make();
    this.views.set(key, made);
    if (this.views.size > this.max) this.views.delete(this.views.keys().next().value!);
    return made;
  }
}
