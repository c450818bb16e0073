// The lists of staff accounts: the paginated list with its search, filters, sorts and counts, the
// expiring passwords a page at a time, the dashboard's statistics, and the spec's whole list
// (capped). They read the compact index (users/index_buckets.ts) and the counters, never a whole prefix.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { type Deps, type Env, ok, okUsers, signedIn, valid } from "../http.ts";
import { freshLists, pendingOf } from "./early_reads.ts";
import { role } from "../rules/user_schemas.ts";
import type { IndexRow, IndexSort } from "./index_buckets.ts";
import {
  expiryBand,
  type ListMatches,
  listMatches,
  listMinute,
  pageOf,
  ViewCache,
} from "./list.ts";
import type { UserOps } from "./ops.ts";
import { foldSearch } from "./search_fold.ts";

const SORT_KEYS = [
  "employeeCode",
  "fullName",
  "station",
  "role",
  "isActive",
  "lastLogin",
  "passwordExpiry",
] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Users the spec's GET /api/users answers at most (the paginated list pages the rest). */
export const FULL_LIST_CAP = 1000;

const pageLimit = (fallback: number) =>
  z.coerce.number().int().refine(
    (n) => [10, 25, 50, 100].includes(n),
    "list:limit_choice",
  ).optional().default(fallback);

/** The list's search and filters (a page's query, and the filter of a bulk action over every
 * user they match). */
export const listFilter = z.object({
  search: z.string().max(100).optional().default(""),
  role: role.optional(),
  isActive: z.enum(["true", "false"]).optional(),
  station: z.string().max(3).optional(),
  locked: z.literal("true").optional(),
  expiring: z.enum(["7", "30", "expired"]).optional(),
  twoFactor: z.enum(["true", "false"]).optional(),
}).strict();

const listQuery = listFilter.extend({
  page: z.coerce.number().int().min(1).max(100000).optional().default(1),
  limit: pageLimit(10),
  sort: z.enum(SORT_KEYS, { error: "list:sort" }).optional()
    .default("employeeCode"),
  order: z.enum(["asc", "desc"]).optional().default("asc"),
}).strict();

const expiringQuery = z.object({
  days: z.enum(["7", "30", "all"]).optional().default("30"),
  page: z.coerce.number().int().min(1).max(100000).optional().default(1),
  limit: pageLimit(25),
}).strict();

/** Whether a row has a value to sort by (those without come last either way). */
const HAS_VALUE: Record<IndexSort, (r: IndexRow) => boolean> = {
  employeeCode: () => true,
  fullName: (r) => r.name !== "",
  station: (r) => r.station !== "",
  role: () => true,
  isActive: () => true,
  passwordExpiry: (r) => r.expiry !== null,
};

type ListQuery = z.infer<typeof listQuery>;
type ExpiringQuery = z.infer<typeof expiringQuery>;
type StatCounts = Record<
  "total" | "active" | "expiring7" | "expiring30" | "expired" | "locked",
  number
>;

/** The counts of the dashboard over the rows in scope. */
function countStats(
  rows: readonly IndexRow[],
  scope: string | null,
  locked: ReadonlySet<string>,
  now: number,
): StatCounts {
  const n = { total: 0, active: 0, expiring7: 0, expiring30: 0, expired: 0, locked: 0 };
  for (const r of rows) {
    if (scope !== null && r.station !== scope) continue;
    n.total++;
    if (r.active) n.active++;
    if (locked.has(r.code)) n.locked++;
    const band = expiryBand(r.expiry, now);
    if (band === "expired") n.expired++;
    else if (band === "7" || band === "30") {
      n.expiring30++;
      if (band === "7") n.expiring7++;
    }
  }
  return n;
}

/** The rows whose password expires before `before`, in scope, soonest first. */
function expiringRows(byExpiry: readonly IndexRow[], scope: string | null, before: number) {
  const out: IndexRow[] = [];
  // ascending by expiry, those without one last: stop at the first beyond the window
  for (const r of byExpiry) {
    if (r.expiry === null || r.expiry > before) break;
    if (scope === null || r.station === scope) out.push(r);
  }
  return out;
}

/** The lists' answers, each kept in a view cache by what it depends on (a few MB at most). */
class UserLists {
  readonly #lists = new ViewCache<ListMatches>(12);
  readonly #expiring = new ViewCache<readonly IndexRow[]>(8);
  readonly #stats = new ViewCache<StatCounts>(16);
  readonly #byLastLogin = new ViewCache<readonly IndexRow[]>(1);

  constructor(readonly deps: Deps, readonly ops: UserOps) {}

  /** Every user by the last sign-in (the sign-in states are read only for this sort). */
  async lastLoginOrder(): Promise<readonly IndexRow[]> {
    const { index, signIns } = this.ops;
    await signIns.refresh();
    return this.#byLastLogin.get(`${index.version}/${signIns.version}`, () => {
      const rows = index.rows();
      // the times once per user, not once per comparison: 100,000 users sort in tens of ms
      const at = rows.map((r) => signIns.lastLogin(r.code) ?? Infinity);
      const order = Array.from(rows.keys()).sort((a, b) =>
        at[a] - at[b] || (rows[a].code < rows[b].code ? -1 : 1)
      );
      return order.map((i) => rows[i]);
    });
  }

  /** The spec's whole list, for compatibility: the first users by code, and how many there are. */
  async full(c: Context<Env>, includeInactive: boolean) {
    const ops = this.ops;
    const { index } = ops;
    await ops.refresh();
    const scope = this.ops.scopeOf(signedIn(c));
    const rows = index.by("employeeCode").filter((r) =>
      (scope === null || r.station === scope) && (includeInactive || r.active)
    );
    c.header("x-total-count", String(rows.length));
    if (rows.length > FULL_LIST_CAP) c.header("x-capped", String(FULL_LIST_CAP));
    return ok(c, await ops.presented(rows.slice(0, FULL_LIST_CAP).map((r) => r.code)));
  }

  /** A page of the list with its search, filters and sort, and the filters' counts. */
  async paginated(c: Context<Env>, query: ListQuery) {
    const ops = this.ops;
    const { index, signIns, locks } = ops;
    const { page, limit, ...q } = query;
    const now = listMinute(this.deps.now());
    // the index, the sign-in states' stamps and the locks are read at once (see `presented`)
    const locked = await freshLists(c, this.deps, ops);
    const scope = this.ops.scopeOf(signedIn(c));
    const byLogin = q.sort === "lastLogin";
    const rows = q.sort === "lastLogin" ? await this.lastLoginOrder() : index.by(q.sort);
    const has = q.sort === "lastLogin"
      ? (r: IndexRow) => signIns.lastLogin(r.code) !== null
      : HAS_VALUE[q.sort];
    const key = JSON.stringify([
      index.version,
      locks.version,
      byLogin ? signIns.version : 0,
      scope,
      { ...q, search: foldSearch(q.search.trim()) },
      now,
    ]);
    const view = this.#lists.get(key, () => listMatches(rows, has, q, { now, locked, scope }));
    const shown = pageOf(view.rows, page, limit);
    const users = await ops.presentedJson(shown.items.map((r) => r.code));
    const { pages } = shown;
    return okUsers(c, users, {
      page: shown.page,
      pages,
      total: view.rows.length,
      counts: view.counts,
      limit,
    });
  }

  /** A page of the users whose password expires within the window. */
  async expiring(c: Context<Env>, q: ExpiringQuery) {
    const ops = this.ops;
    const { index } = ops;
    const now = listMinute(this.deps.now());
    await freshLists(c, this.deps, ops);
    const scope = this.ops.scopeOf(signedIn(c));
    const key = JSON.stringify([index.version, scope, q.days, now]);
    const before = q.days === "all" ? Infinity : now + Number(q.days) * DAY_MS;
    const list = this.#expiring.get(
      key,
      () => expiringRows(index.by("passwordExpiry"), scope, before),
    );
    const shown = pageOf(list, q.page, q.limit);
    const users = await ops.presentedJson(shown.items.map((r) => r.code));
    return okUsers(c, users, {
      page: shown.page,
      limit: q.limit,
      total: list.length,
      pages: shown.pages,
    });
  }

  /** The dashboard's statistics. */
  async stats(c: Context<Env>) {
    const { index, locks } = this.ops;
    const now = listMinute(this.deps.now());
    const scope = this.ops.scopeOf(signedIn(c));
    // the index, the locks and the requests' counters are read at once (see `presented`)
    const [locked, pending] = await Promise.all([
      freshLists(c, this.deps, this.ops),
      pendingOf(c, this.deps.kv, scope),
    ]);
    const key = JSON.stringify([index.version, locks.version, scope, now]);
    const counts = this.#stats.get(key, () => countStats(index.rows(), scope, locked, now));
    return ok(c, {
      totalUsers: counts.total,
      activeUsers: counts.active,
      inactiveUsers: counts.total - counts.active,
      expiringIn7Days: counts.expiring7,
      expiringIn30Days: counts.expiring30,
      expiredPasswords: counts.expired,
      lockedUsers: counts.locked,
      ...pending,
    });
  }
}

/** Routes of the lists of accounts, mounted at /api/users. */
export function userListRoutes(deps: Deps, ops: UserOps) {
  const lists = new UserLists(deps, ops);
  return new Hono<Env>()
    .get(
      "/",
      valid("query", z.object({ includeInactive: z.enum(["true", "false"]).optional() }).strict()),
      (c) => lists.full(c, c.req.valid("query").includeInactive !== "false"),
    )
    .get("/paginated", valid("query", listQuery), (c) => lists.paginated(c, c.req.valid("query")))
    .get("/expiring", valid("query", expiringQuery), (c) => lists.expiring(c, c.req.valid("query")))
    .get("/stats", (c) => lists.stats(c));
}
