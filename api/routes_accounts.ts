// Staff accounts: the lists, statistics and expiring passwords, one account, create, edit and delete.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { hashPassword } from "./auth.ts";
import { type Deps, type Env, fail, ok, valid } from "./http.ts";
import { allows, inScope, seesAllStations, type TargetChange } from "./policy.ts";
import { countRequests, removeRequest, requestsOf } from "./requests_store.ts";
import { audit, publicUser, type UserRecord } from "./store.ts";
import { createUser, deleteUser } from "./user_store.ts";
import { LAST_SUPER_ADMIN, type UserOps } from "./user_ops.ts";
import { codeParam, createBody, role, updateBody } from "./user_schemas.ts";
import { getSettings, newUserRecord } from "./users.ts";

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

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional().default(1),
  limit: z.coerce.number().int().refine(
    (n) => [10, 25, 50, 100].includes(n),
    "Limit must be 10, 25, 50 or 100",
  ).optional().default(10),
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
  limit: z.coerce.number().int().refine(
    (n) => [10, 25, 50, 100].includes(n),
    "Limit must be 10, 25, 50 or 100",
  ).optional().default(25),
}).strict();

/** Sorts users in place by a list column; users without a value (never signed in, no expiry)
 * come last in either order. */
function sortUsers(users: UserRecord[], key: typeof SORT_KEYS[number], order: "asc" | "desc") {
  const sign = order === "asc" ? 1 : -1;
  const value = (u: UserRecord): string | null => {
    const v = u[key];
    return v === null || v === "" ? null : String(v);
  };
  users.sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      return (va === null ? 1 : 0) - (vb === null ? 1 : 0) ||
        a.employeeCode.localeCompare(b.employeeCode);
    }
    const byKey = key === "fullName" ? va.localeCompare(vb) : va < vb ? -1 : va > vb ? 1 : 0;
    return sign * byKey || a.employeeCode.localeCompare(b.employeeCode);
  });
}

/** The fields of an edit whose values differ from the stored user's. */
function changedFields(before: UserRecord, fields: Record<string, unknown>): string[] {
  return Object.keys(fields).filter((k) => {
    const stored = k === "station"
      ? before.station
      : (before as unknown as Record<string, unknown>)[k];
    const sent = k === "station" ? String(fields[k]).toUpperCase() : fields[k];
    return JSON.stringify(stored) !== JSON.stringify(sent);
  });
}

/** Routes of the staff accounts. */
export function accountRoutes(deps: Deps, ops: UserOps) {
  const { kv } = deps;
  const { target, change, answer, visibleCached, visibleUsers } = ops;

  /** One user for the caller: oneself, or anyone in scope for those who manage users. */
  async function readUser(c: Context<Env>, code: string) {
    const actor = c.get("user")!;
    if (code !== actor.employeeCode && !allows(actor, "manageUsers")) {
      return fail(c, 403, "You do not have permission for this action");
    }
    const found = await target(actor, code, {});
    return found.error
      ? fail(c, found.error.status, found.error.message)
      : ok(c, publicUser(found.entry.value));
  }

  return new Hono<Env>()
    .get(
      "/api/users",
      valid("query", z.object({ includeInactive: z.enum(["true", "false"]).optional() }).strict()),
      async (c) => {
        const all = await visibleUsers(c.get("user")!);
        const includeInactive = c.req.valid("query").includeInactive !== "false";
        return ok(c, all.filter((u) => includeInactive || u.isActive).map(publicUser));
      },
    )
    .get(
      "/api/users/paginated",
      valid("query", listQuery),
      async (c) => {
        const q = c.req.valid("query");
        const needle = q.search.trim().toLowerCase();
        const station = q.station?.toUpperCase();
        const searched: UserRecord[] = [];
        for (const u of await visibleCached(c.get("user")!)) {
          if (
            (needle === "" || u.search.includes(needle)) &&
            (station === undefined || u.user.station === station)
          ) {
            searched.push(u.user);
          }
        }
        const now = deps.now();
        const locked = (u: UserRecord) => u.lockedUntil !== null && Date.parse(u.lockedUntil) > now;
        const counts = {
          all: searched.length,
          active: searched.filter((u) => u.isActive).length,
          inactive: searched.filter((u) => !u.isActive).length,
          super_admin: searched.filter((u) => u.role === "super_admin").length,
          admin: searched.filter((u) => u.role === "admin").length,
          user: searched.filter((u) => u.role === "user").length,
          locked: searched.filter(locked).length,
        };
        const expiringBefore = q.expiring === undefined ? 0 : now + Number(q.expiring) * DAY_MS;
        const filtered = searched.filter((u) =>
          (q.role === undefined || u.role === q.role) &&
          (q.isActive === undefined || String(u.isActive) === q.isActive) &&
          (q.locked === undefined || locked(u)) &&
          (q.expiring === undefined ||
            (u.passwordExpiry !== null && Date.parse(u.passwordExpiry) <= expiringBefore))
        );
        sortUsers(filtered, q.sort, q.order);
        const pages = Math.max(1, Math.ceil(filtered.length / q.limit));
        const page = Math.min(q.page, pages);
        const users = filtered.slice((page - 1) * q.limit, page * q.limit).map(publicUser);
        return ok(c, { users, page, limit: q.limit, total: filtered.length, pages, counts });
      },
    )
    .get(
      "/api/users/expiring",
      valid("query", expiringQuery),
      async (c) => {
        const q = c.req.valid("query");
        const before = q.days === "all" ? Infinity : deps.now() + Number(q.days) * DAY_MS;
        const list = (await visibleCached(c.get("user")!))
          .filter((u) => u.expiry !== Infinity && u.expiry <= before)
          .sort((a, b) =>
            a.expiry - b.expiry || a.user.employeeCode.localeCompare(b.user.employeeCode)
          );
        const pages = Math.max(1, Math.ceil(list.length / q.limit));
        const page = Math.min(q.page, pages);
        const users = list.slice((page - 1) * q.limit, page * q.limit).map((u) =>
          publicUser(u.user)
        );
        return ok(c, { users, page, limit: q.limit, total: list.length, pages });
      },
    )
    .get("/api/users/stats", async (c) => {
      const actor = c.get("user")!;
      const now = deps.now();
      const day = 24 * 60 * 60 * 1000;
      const counts = {
        total: 0,
        active: 0,
        expiring7: 0,
        expiring30: 0,
        expired: 0,
        locked: 0,
      };
      const scope = seesAllStations(actor) ? undefined : actor.station;
      for (const { user, expiry } of await visibleCached(actor)) {
        counts.total++;
        if (user.isActive) counts.active++;
        if (user.lockedUntil !== null && Date.parse(user.lockedUntil) > now) counts.locked++;
        const left = expiry - now;
        if (left < 0) counts.expired++;
        else if (left <= 30 * day) {
          counts.expiring30++;
          if (left <= 7 * day) counts.expiring7++;
        }
      }
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
    })
    .post("/api/users", valid("json", createBody), async (c) => {
      const actor = c.get("user")!;
      const body = c.req.valid("json");
      if (!inScope(actor, { station: body.station.toUpperCase() })) {
        return fail(c, 403, "You can only create users of your own station");
      }
      if (body.role === "super_admin" && actor.role !== "super_admin") {
        return fail(c, 403, "Only a super admin can create a super admin account");
      }
      const settings = await getSettings(kv);
      const password = body.password ?? settings.defaultPassword;
      if (body.password !== undefined && body.password.length < settings.minPasswordLength) {
        return fail(
          c,
          400,
          `password: Password must be at least ${settings.minPasswordLength} characters`,
        );
      }
      const now = deps.now();
      const user = newUserRecord(body, await hashPassword(password), now, actor.employeeCode, {
        needsPasswordChange: true,
        expiryDays: body.passwordExpiryDays ?? 90,
      });
      const res = await createUser(
        kv,
        user,
        (op) =>
          audit(
            op,
            now,
            actor.employeeCode,
            "user.create",
            user.employeeCode,
            `role ${user.role}, station ${user.station}`,
          ),
      );
      if (!res.ok) {
        return fail(
          c,
          409,
          res.conflict === "exists"
            ? `Employee code ${user.employeeCode} already exists`
            : `Email ${user.email} is already used by another account`,
        );
      }

      return ok(c, publicUser(user), 201);
    })
    .get(
      "/api/users/by-employee-code/:code",
      valid("param", codeParam),
      async (c) => {
        return await readUser(c, c.req.valid("param").code);
      },
    )
    .get(
      "/api/users/:code",
      valid("param", codeParam),
      async (c) => {
        return await readUser(c, c.req.valid("param").code);
      },
    )
    .put(
      "/api/users/:code",
      valid("param", codeParam),
      valid("json", updateBody),
      async (c) => {
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const body = c.req.valid("json");
        if (code !== actor.employeeCode && !allows(actor, "manageUsers")) {
          return fail(c, 403, "You do not have permission for this action");
        }
        const { updatedAt: seen, ...fields } = body;
        const rules = (before: UserRecord): TargetChange => ({
          fields: changedFields(before, fields),
          admin: true,
          deactivate: fields.isActive === false && before.isActive,
          roleTo: fields.role,
          stationTo: fields.station?.toUpperCase(),
        });
        const edit = (u: UserRecord): UserRecord => {
          const next = { ...u, ...fields } as UserRecord;
          if (fields.phone !== undefined) next.workPhone = fields.phone;
          if (fields.station !== undefined) next.station = fields.station.toUpperCase();
          if (
            fields.firstName !== undefined || fields.lastName !== undefined ||
            fields.middleName !== undefined
          ) {
            next.fullName = [next.firstName, next.middleName, next.lastName].filter((p) =>
              p && p.trim() !== ""
            ).join(" ");
          }
          if (fields.isActive === true) next.activationStatus = "approved";
          return next;
        };
        const summary = Object.keys(fields).join(", ");
        // deactivation or a new role ends the user's sessions
        const ending = {
          when: (before: UserRecord) =>
            body.isActive === false || (body.role !== undefined && body.role !== before.role),
        };
        return answer(
          c,
          await change(actor, code, rules, edit, "user.update", summary, ending, seen),
        );
      },
    )
    .delete(
      "/api/users/:code",
      valid("param", codeParam),
      async (c) => {
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const found = await target(actor, code, { delete: true, admin: true });
        if (found.error) return fail(c, found.error.status, found.error.message);
        const now = deps.now();
        const pending = await requestsOf(kv, code);
        const res = await deleteUser(kv, found.entry, (op) => {
          // a code created again later must not show this person's requests
          for (const request of pending) removeRequest(op, request);
          audit(op, now, actor.employeeCode, "user.delete", code, found.entry.value.fullName);
        });
        if (res.ok) return ok(c, { message: `User ${code} deleted` });
        return res.conflict === "last-super-admin"
          ? fail(c, 409, LAST_SUPER_ADMIN.message)
          : fail(c, 409, "The account changed meanwhile; please reload and try again");
      },
    );
}
