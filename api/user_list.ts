// The user list's page, read from the compact index (user_index.ts): one pass over the users in
// the sort's order counts what the filters' labels show and picks out the page's codes.

import type { Role } from "./store.ts";
import type { IndexRow } from "./user_index.ts";

/** What a page of the list asks for (GET /api/users/paginated). */
export interface ListQuery {
  search: string;
  role?: Role;
  isActive?: "true" | "false";
  station?: string;
  order: "asc" | "desc";
  locked?: "true";
  expiring?: "7" | "30";
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
}

/** A page of the list: its codes in order, and the totals. */
export interface ListPage {
  codes: string[];
  page: number;
  pages: number;
  total: number;
  counts: ListCounts;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The page of `sorted` (every user ascending by the sort key, those without a value last) that
 * the query asks for, within `visible` (the caller's station scope).
 */
export function listPage(
  sorted: readonly IndexRow[],
  hasValue: (r: IndexRow) => boolean,
  q: ListQuery,
  ctx: { now: number; locked: ReadonlySet<string>; visible: (r: IndexRow) => boolean },
): ListPage {
  const needle = q.search.trim().toLowerCase();
  const station = q.station?.toUpperCase();
  const expiringBefore = q.expiring === undefined ? 0 : ctx.now + Number(q.expiring) * DAY_MS;
  const counts: ListCounts = {
    all: 0,
    active: 0,
    inactive: 0,
    super_admin: 0,
    admin: 0,
    user: 0,
    locked: 0,
  };
  const matching: IndexRow[] = [];
  for (const r of ordered(sorted, hasValue, q.order)) {
    if (!ctx.visible(r)) continue;
    if (needle !== "" && !r.search.includes(needle)) continue;
    if (station !== undefined && r.station !== station) continue;
    const locked = ctx.locked.has(r.code);
    counts.all++;
    if (r.active) counts.active++;
    else counts.inactive++;
    counts[r.role]++;
    if (locked) counts.locked++;
    if (q.role !== undefined && r.role !== q.role) continue;
    if (q.isActive !== undefined && String(r.active) !== q.isActive) continue;
    if (q.locked !== undefined && !locked) continue;
    if (q.expiring !== undefined && (r.expiry === null || r.expiry > expiringBefore)) continue;
    matching.push(r);
  }
  const pages = Math.max(1, Math.ceil(matching.length / q.limit));
  const page = Math.min(q.page, pages);
  const codes = matching.slice((page - 1) * q.limit, page * q.limit).map((r) => r.code);
  return { codes, page, pages, total: matching.length, counts };
}

/** The rows in the asked order: descending reverses those with a value; the others stay last. */
function* ordered(
  sorted: readonly IndexRow[],
  hasValue: (r: IndexRow) => boolean,
  order: "asc" | "desc",
): Iterable<IndexRow> {
  if (order === "asc") {
    yield* sorted;
    return;
  }
  let end = sorted.length;
  while (end > 0 && !hasValue(sorted[end - 1])) end--;
  for (let i = end - 1; i >= 0; i--) yield sorted[i];
  for (let i = end; i < sorted.length; i++) yield sorted[i];
}
