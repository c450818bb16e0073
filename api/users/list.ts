// The user list's page, read from the compact index (users/index_buckets.ts): one pass over the users in
// the sort's order counts what the filters' labels show and picks out the page's codes.

import type { Role } from "../store.ts";
import type { IndexRow } from "./index_buckets.ts";

/** What a page of the list asks for (GET /api/users/paginated). */
export interface ListQuery {
  search: string;
  role?: Role;
  isActive?: "true" | "false";
  station?: string;
  order: "asc" | "desc";
  locked?: "true";
  expiring?: "7" | "30";
  /** Only the users with ("true") or without a second factor. */
  twoFactor?: "true" | "false";
  page: number;
  limit: number;
}

/** The counts the filters show, over the users the search and station leave. */
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
}

/** The users a list's filters leave, in order, and the counts its filter labels show. */
export interface ListMatches {
  rows: readonly IndexRow[];
  counts: ListCounts;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The users of `sorted` (every user ascending by the sort key, those without a value last) that
 * the query's search and filters leave, in the asked order, within the caller's station scope
 * (`station` null: all stations). One pass, with plain loops: it runs over every user.
 */
export function listMatches(
  sorted: readonly IndexRow[],
  hasValue: (r: IndexRow) => boolean,
  q: Omit<ListQuery, "page" | "limit">,
  ctx: { now: number; locked: ReadonlySet<string>; scope: string | null },
): ListMatches {
  const needle = q.search.trim().toLowerCase();
  const station = q.station?.toUpperCase() ?? ctx.scope;
  if (q.station !== undefined && ctx.scope !== null && station !== ctx.scope) {
    return { rows: [], counts: noCounts() };
  }
  const expiringBefore = q.expiring === undefined ? 0 : ctx.now + Number(q.expiring) * DAY_MS;
  const active = q.isActive === undefined ? undefined : q.isActive === "true";
  const twoFactor = q.twoFactor === undefined ? undefined : q.twoFactor === "true";
  const counts = noCounts();
  const rows: IndexRow[] = [];
  const order = orderOf(sorted, hasValue, q.order);
  for (let i = 0; i < order.length; i++) {
    const r = sorted[order.at(i)];
    if (station !== null && r.station !== station) continue;
    if (needle !== "" && !r.search.includes(needle)) continue;
    const locked = ctx.locked.size > 0 && ctx.locked.has(r.code);
    counts.all++;
    if (r.active) counts.active++;
    else counts.inactive++;
    counts[r.role]++;
    if (locked) counts.locked++;
    if (r.twoFactor) counts.twoFactor++;
    if (q.role !== undefined && r.role !== q.role) continue;
    if (active !== undefined && r.active !== active) continue;
    if (q.locked !== undefined && !locked) continue;
    if (twoFactor !== undefined && r.twoFactor !== twoFactor) continue;
    if (q.expiring !== undefined && (r.expiry === null || r.expiry > expiringBefore)) continue;
    rows.push(r);
  }
  return { rows, counts };
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
