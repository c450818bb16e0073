// The lists of staff accounts: the paginated list with its search, filters, sorts and counts, the
// expiring passwords a page at a time, the dashboard's statistics, and the spec's whole list
// (capped). They read the compact index (user_index.ts) and the counters, never a whole prefix.

import { Hono } from "hono";
import { z } from "zod";
import { type Deps, type Env, ok, valid } from "./http.ts";
import { seesAllStations } from "./policy.ts";
import { countRequests } from "./requests_store.ts";
import { role } from "./rules/user_schemas.ts";
import { lockedAccounts } from "./signin_state.ts";
import { byValue, type IndexRow, type IndexSort } from "./user_index.ts";
import { listPage } from "./user_list.ts";
import type { UserOps } from "./user_ops.ts";

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
    "Limit must be 10, 25, 50 or 100",
  ).optional().default(fallback);

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional().default(1),
  limit: pageLimit(10),
  search: z.string().max(100).optional().default(""),
  role: role.optional(),
  isActive: z.enum(["true", "false"]).optional(),
  station: z.string().max(3).optional(),
  sort: z.enum(SORT_KEYS, { error: `Sort is one of ${SORT_KEYS.join(", ")}` }).optional()
    .default("employeeCode"),
  order: z.enum(["asc", "desc"]).optional().default("asc"),
  locked: z.literal("true").optional(),
  expiring: z.enum(["7", "30"]).optional(),
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

/** Routes of the lists of accounts. */
export function userListRoutes(deps: Deps, ops: UserOps) {
  const { kv } = deps;
  const { index, signIns, sees, usersOf, presentAll } = ops;

  /** Every user by the last sign-in (read from the sign-in states only for this sort). */
  async function byLastLogin(): Promise<{ rows: IndexRow[]; has: (r: IndexRow) => boolean }> {
    await signIns.refresh();
    const last = (r: IndexRow) => signIns.get(r.code).lastLogin;
    const rows = [...index.rows()].sort(byValue(last, (r) => r.code));
    return { rows, has: (r) => last(r) !== null };
  }

  return new Hono<Env>()
    .get(
      "/api/users",
      valid("query", z.object({ includeInactive: z.enum(["true", "false"]).optional() }).strict()),
      async (c) => {
        await index.refresh();
        const visible = sees(c.get("user")!);
        const includeInactive = c.req.valid("query").includeInactive !== "false";
        const rows = index.by("employeeCode").filter((r) =>
          visible(r) && (includeInactive || r.active)
        );
        // the spec's whole list, for compatibility: the first users by code, and how many there are
        c.header("x-total-count", String(rows.length));
        if (rows.length > FULL_LIST_CAP) c.header("x-capped", String(FULL_LIST_CAP));
        const users = await usersOf(rows.slice(0, FULL_LIST_CAP).map((r) => r.code));
        return ok(c, await presentAll(users));
      },
    )
    .get("/api/users/paginated", valid("query", listQuery), async (c) => {
      const q = c.req.valid("query");
      const now = deps.now();
      await index.refresh();
      const sorted = q.sort === "lastLogin"
        ? await byLastLogin()
        : { rows: index.by(q.sort), has: HAS_VALUE[q.sort] };
      const locked = new Set((await lockedAccounts(kv, now)).keys());
      const page = listPage(sorted.rows, sorted.has, q, {
        now,
        locked,
        visible: sees(c.get("user")!),
      });
      const { codes, ...totals } = page;
      const users = await presentAll(await usersOf(codes));
      return ok(c, { ...totals, users, limit: q.limit });
    })
    .get("/api/users/expiring", valid("query", expiringQuery), async (c) => {
      const q = c.req.valid("query");
      await index.refresh();
      const visible = sees(c.get("user")!);
      const before = q.days === "all" ? Infinity : deps.now() + Number(q.days) * DAY_MS;
      const list = index.by("passwordExpiry").filter((r) =>
        r.expiry !== null && r.expiry <= before && visible(r)
      );
      const pages = Math.max(1, Math.ceil(list.length / q.limit));
      const page = Math.min(q.page, pages);
      const codes = list.slice((page - 1) * q.limit, page * q.limit).map((r) => r.code);
      const users = await presentAll(await usersOf(codes));
      return ok(c, { users, page, limit: q.limit, total: list.length, pages });
    })
    .get("/api/users/stats", async (c) => {
      const actor = c.get("user")!;
      const now = deps.now();
      await index.refresh();
      const visible = sees(actor);
      const counts = { total: 0, active: 0, expiring7: 0, expiring30: 0, expired: 0, locked: 0 };
      const locked = await lockedAccounts(kv, now);
      for (const r of index.rows()) {
        if (!visible(r)) continue;
        counts.total++;
        if (r.active) counts.active++;
        if (locked.has(r.code)) counts.locked++;
        if (r.expiry === null) continue;
        const left = r.expiry - now;
        if (left < 0) counts.expired++;
        else if (left <= 30 * DAY_MS) {
          counts.expiring30++;
          if (left <= 7 * DAY_MS) counts.expiring7++;
        }
      }
      const scope = seesAllStations(actor) ? undefined : actor.station;
      return ok(c, {
        totalUsers: counts.total,
        activeUsers: counts.active,
        inactiveUsers: counts.total - counts.active,
        expiringIn7Days: counts.expiring7,
        expiringIn30Days: counts.expiring30,
        expiredPasswords: counts.expired,
        lockedUsers: counts.locked,
        pendingActivationRequests: await countRequests(kv, "activation", scope),
        pendingPasswordResetRequests: await countRequests(kv, "password-reset", scope),
        pendingRegistrationRequests: await countRequests(kv, "registration", scope),
      });
    });
}
