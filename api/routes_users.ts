// User administration: lists, detail, create, edit, delete, the request queues, unlock, reset,
// extend, apps, sessions and statistics. Every change is one atomic operation with its audit entry.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { hashPassword } from "./auth.ts";
import { checkImport, type ImportedUser, usersCsv } from "./csv.ts";
import { UserCache } from "./user_cache.ts";
import { type Deps, type Env, fail, guard, ok, valid } from "./http.ts";
import { allows, inScope, seesAllStations, type TargetChange, targetProblem } from "./policy.ts";
import {
  audit,
  createUser,
  deleteUser,
  endSessions,
  keys,
  listValues,
  publicUser,
  putUser,
  type RequestKind,
  type RequestRecord,
  type SessionRecord,
  updateUser,
  type UserRecord,
} from "./store.ts";
import { expiryFromNow, extendedExpiry, getSettings, newUserRecord } from "./users.ts";

const CODE_RE = /^[A-Z0-9._-]{1,40}$/;
const codeParam = z.object({
  // the spec's CSV save path sends the record _id, `user_` + employee code
  code: z.string().transform((s) =>
    decodeURIComponent(s).trim().replace(/^user_/, "").toUpperCase()
  ).pipe(
    z.string().regex(CODE_RE, "Employee code has letters, digits, '.', '_' or '-' only"),
  ),
});
const role = z.enum(["super_admin", "admin", "user"], {
  error: "Role must be super_admin, admin or user",
});
const APPS = [
  "ffm-to-uws",
  "uld-extractor",
  "admin-apps",
  "user-management",
  "database-management",
  "system-settings",
  "reports",
  "audit-logs",
] as const;
const appIds = z.array(z.enum(APPS, { error: "Unknown app id" })).max(APPS.length);
const days = z.union([z.literal(30), z.literal(90), z.literal(365)], {
  error: "Days must be 30, 90 or 365",
});
const reason = z.object({ reason: z.string().trim().max(500).optional() }).strict();
const str = (max: number) => z.string().trim().max(max);

const createBody = z.object({
  employeeCode: z.string({ error: "Employee Code is required" }).trim().min(
    1,
    "Employee Code is required",
  ).max(40)
    .transform((s) => s.toUpperCase()).pipe(
      z.string().regex(CODE_RE, "Employee code has letters, digits, '.', '_' or '-' only"),
    ),
  firstName: z.string({ error: "First Name is required" }).trim().min(1, "First Name is required")
    .max(60),
  lastName: z.string({ error: "Last Name is required" }).trim().min(1, "Last Name is required").max(
    60,
  ),
  station: z.string({ error: "Station is required" }).trim().min(1, "Station is required").max(
    3,
    "Station has at most 3 characters",
  ),
  middleName: str(60).optional(),
  fullName: str(120).optional(),
  email: z.union([z.literal(""), z.string().trim().max(120).email("Invalid email format")])
    .optional(),
  phone: str(40).optional(),
  department: str(80).optional(),
  jobTitle: str(80).optional(),
  position: str(80).optional(),
  gender: z.enum(["Male", "Female"], { error: "Gender must be 'Male' or 'Female'" }).optional(),
  role: role.optional(),
  password: z.string().min(1).max(200).optional(),
  isActive: z.boolean().optional(),
  accessibleApps: appIds.optional(),
  permissions: z.array(str(60)).max(50).optional(),
  passwordExpiryDays: z.union([z.literal(30), z.literal(90), z.literal(180), z.literal(365)])
    .optional(),
}).strict();

const updateBody = z.object({
  firstName: str(60).min(1, "First Name is required").optional(),
  lastName: str(60).min(1, "Last Name is required").optional(),
  middleName: str(60).optional(),
  email: z.union([z.literal(""), z.string().trim().max(120).email("Invalid email format")])
    .optional(),
  phone: str(40).optional(),
  station: str(3).min(1, "Station is required").optional(),
  department: str(80).optional(),
  jobTitle: str(80).optional(),
  position: str(80).optional(),
  gender: z.enum(["Male", "Female"]).optional(),
  role: role.optional(),
  isActive: z.boolean().optional(),
  accessibleApps: appIds.optional(),
  canManageUsers: z.boolean().optional(),
  canAccessAdminApps: z.boolean().optional(),
  canExtendPasswords: z.boolean().optional(),
  canViewAllStations: z.boolean().optional(),
  updatedAt: z.string().max(40).optional(),
}).strict();

type Outcome = { user: UserRecord } | { status: 400 | 403 | 404 | 409; message: string };

/** Tries of a user write that lost a race with another write to the same user (each round of a
 * race has a winner, so this many parallel edits of one user all land). */
const WRITE_TRIES = 20;

/** A short random pause before a retry, so that the writers of a race spread out. */
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt));
const CHANGED_MEANWHILE = {
  status: 409 as const,
  message: "The account changed meanwhile; please reload and try again",
};

const PROFILE_FIELDS = new Set(["email", "phone", "department", "updatedAt"]);
const PERMISSION_FIELDS = [
  "canManageUsers",
  "canAccessAdminApps",
  "canExtendPasswords",
  "canViewAllStations",
] as const;

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

/** Routes of the user administration: lists and accounts, and the request and account actions. */
export function userRoutes(deps: Deps) {
  const { kv } = deps;

  /** The target user entry, or the answer that refuses it (404 outside scope). */
  async function target(actor: UserRecord, code: string, change: TargetChange) {
    const entry = await kv.get<UserRecord>(keys.user(code));
    if (entry.value === null) {
      return { error: { status: 404 as const, message: `User ${code} not found` } };
    }
    const problem = targetProblem(actor, entry.value, change);
    if (problem !== null) return { error: problem };
    return { entry: entry as Deno.KvEntry<UserRecord> };
  }

  const cache = new UserCache(kv);

  async function visibleCached(actor: UserRecord) {
    const all = await cache.all();
    return seesAllStations(actor) ? all : all.filter((u) => u.user.station === actor.station);
  }

  async function visibleUsers(actor: UserRecord): Promise<UserRecord[]> {
    return (await visibleCached(actor)).map((u) => u.user);
  }

  async function requests(actor: UserRecord, kind: RequestKind) {
    const list = await listValues<RequestRecord>(kv, keys.requests(kind));
    if (seesAllStations(actor)) return list;
    const users = new Map((await visibleUsers(actor)).map((u) => [u.employeeCode, u]));
    return list.filter((r) =>
      users.has(r.employeeCode) || r.registration?.station === actor.station
    );
  }

  /**
   * Applies `edit` to a user in one atomic write with its audit entry (and the email index when
   * the email changes). With `ending`, when `ending.when` holds for the user as read, the user's
   * sessions end and `ending.requestKind`'s pending request is closed in the same write.
   */
  async function change(
    actor: UserRecord,
    code: string,
    rules: TargetChange,
    edit: (u: UserRecord) => UserRecord | Promise<UserRecord>,
    action: string,
    summary: string,
    ending?: { when: (before: UserRecord) => boolean; requestKind?: RequestKind },
  ): Promise<Outcome> {
    // another write between the read and the commit: read again and re-apply (the rules are
    // checked again on what is there now); a few tries, then the caller is told
    for (let attempt = 1;; attempt++) {
      const found = await target(actor, code, rules);
      if (found.error) return found.error;
      const now = deps.now();
      const ends = ending !== undefined && ending.when(found.entry.value);
      const after = {
        ...(await edit(found.entry.value)),
        updatedAt: new Date(now).toISOString(),
        updatedBy: actor.employeeCode,
      };
      const res = await updateUser(kv, found.entry, after, async (op) => {
        if (ends) {
          if (ending.requestKind !== undefined) op.delete(keys.request(ending.requestKind, code));
          await endSessions(kv, code, op);
        }
        audit(op, now, actor.employeeCode, action, code, summary);
      });
      if (res.ok) return { user: after };
      if (res.conflict === "email") {
        return {
          status: 409 as const,
          message: `Email ${after.email} is already used by another account`,
        };
      }
      if (attempt === WRITE_TRIES) return CHANGED_MEANWHILE;
      await backoff(attempt);
    }
  }

  /** Ends the user's sessions whatever the change (with `change`). */
  const always = { when: () => true };

  /** Takes a pending request in the same atomic write as `write` (exactly one approval wins). */
  async function takeRequest(kind: RequestKind, code: string) {
    const entry = await kv.get<RequestRecord>(keys.request(kind, code));
    return entry.value === null ? null : (entry as Deno.KvEntry<RequestRecord>);
  }

  const answer = (c: Context<Env>, r: Outcome) =>
    "user" in r ? ok(c, publicUser(r.user)) : fail(c, r.status, r.message);

  const lists = new Hono<Env>()
    .get(
      "/api/users",
      guard("GET", "/api/users"),
      valid("query", z.object({ includeInactive: z.enum(["true", "false"]).optional() }).strict()),
      async (c) => {
        const all = await visibleUsers(c.get("user")!);
        const includeInactive = c.req.valid("query").includeInactive !== "false";
        return ok(c, all.filter((u) => includeInactive || u.isActive).map(publicUser));
      },
    )
    .get(
      "/api/users/paginated",
      guard("GET", "/api/users/paginated"),
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
      guard("GET", "/api/users/expiring"),
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
    .get("/api/users/stats", guard("GET", "/api/users/stats"), async (c) => {
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
        pendingActivationRequests: (await requests(actor, "activation")).length,
        pendingPasswordResetRequests: (await requests(actor, "password-reset")).length,
        pendingRegistrationRequests: (await requests(actor, "registration")).length,
      });
    })
    .get(
      "/api/users/activation-requests",
      guard("GET", "/api/users/activation-requests"),
      async (c) => ok(c, await requests(c.get("user")!, "activation")),
    )
    .get(
      "/api/users/password-reset-requests",
      guard("GET", "/api/users/password-reset-requests"),
      async (c) => ok(c, await requests(c.get("user")!, "password-reset")),
    )
    .get(
      "/api/users/registration-requests",
      guard("GET", "/api/users/registration-requests"),
      async (c) => ok(c, await requests(c.get("user")!, "registration")),
    )
    .get("/api/users/export", guard("GET", "/api/users/export"), async (c) => {
      const users = (await visibleUsers(c.get("user")!)).map(publicUser);
      const day = new Date(deps.now()).toISOString().slice(0, 10);
      return c.body(usersCsv(users), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="users_${day}.csv"`,
      });
    })
    .post("/api/users/import", guard("POST", "/api/users/import"), async (c) => {
      const type = c.req.header("content-type") ?? "";
      let text: string | null = null;
      if (type.startsWith("multipart/form-data")) {
        const form = await c.req.parseBody().catch(() => null);
        const file = form?.file;
        text = file instanceof File ? await file.text() : typeof file === "string" ? file : null;
      } else if (type.startsWith("text/csv") || type.startsWith("text/plain")) {
        text = await c.req.text();
      } else if (type.startsWith("application/json")) {
        const body = await c.req.json().catch(() => null);
        text = typeof body?.csv === "string" ? body.csv : null;
      }
      if (text === null || text.trim() === "") {
        return fail(c, 400, "Please upload a CSV file or paste CSV content");
      }
      const check = checkImport(text);
      const actor = c.get("user")!;
      if (check.errors.length === 0) {
        for (const u of check.users) {
          if (!inScope(actor, { station: u.station })) {
            check.errors.push(`Row ${u.row}: station ${u.station} is outside your station`);
          }
          const byEmail = await kv.get<string>(keys.userByEmail(u.email));
          if (byEmail.value !== null && byEmail.value !== u.employeeCode) {
            check.errors.push(`Row ${u.row}: Email ${u.email} is already used by ${byEmail.value}`);
          }
          const existing = await kv.get<UserRecord>(keys.user(u.employeeCode));
          if (
            existing.value !== null &&
            targetProblem(actor, existing.value, { admin: true }) !== null
          ) {
            check.errors.push(`Row ${u.row}: you may not change user ${u.employeeCode}`);
          }
        }
      }
      if (check.errors.length > 0) {
        return c.json({
          success: false as const,
          message: `Import blocked: ${check.errors.length} error${
            check.errors.length === 1 ? "" : "s"
          }; nothing was saved`,
          errors: check.errors,
          warnings: check.warnings,
        }, 400);
      }
      const result = await importUsers(actor, check.users);
      return ok(c, {
        ...result,
        warnings: check.warnings,
        message:
          `Import completed: ${result.created} created, ${result.updated} updated, ${result.failed.length} errors`,
      });
    })
    .post(
      "/api/users/bulk",
      guard("POST", "/api/users/bulk"),
      valid("json", z.object({ users: z.array(createBody).min(1).max(500) }).strict()),
      async (c) => {
        const actor = c.get("user")!;
        const settings = await getSettings(kv);
        const hash = await hashPassword(settings.defaultPassword);
        const results: { employeeCode: string; ok: boolean; message: string }[] = [];
        for (const body of c.req.valid("json").users) {
          if (
            !inScope(actor, { station: body.station.toUpperCase() }) ||
            (body.role === "super_admin" && actor.role !== "super_admin")
          ) {
            results.push({
              employeeCode: body.employeeCode,
              ok: false,
              message: "You may not create this user",
            });
            continue;
          }
          const now = deps.now();
          const user = newUserRecord(
            body,
            body.password ? await hashPassword(body.password) : hash,
            now,
            actor.employeeCode,
            { needsPasswordChange: true },
          );
          const res = await createUser(
            kv,
            user,
            (op) => audit(op, now, actor.employeeCode, "user.create", user.employeeCode, "bulk"),
          );
          results.push({
            employeeCode: user.employeeCode,
            ok: res.ok,
            message: res.ok
              ? "created"
              : res.conflict === "exists"
              ? "Employee code already exists"
              : "Email already used",
          });
        }
        return ok(c, {
          created: results.filter((r) => r.ok).length,
          failed: results.filter((r) => !r.ok).length,
          results,
        });
      },
    )
    .post("/api/users", guard("POST", "/api/users"), valid("json", createBody), async (c) => {
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
      guard("GET", "/api/users/by-employee-code/:code"),
      valid("param", codeParam),
      async (c) => {
        return await readUser(c, c.req.valid("param").code);
      },
    )
    .get(
      "/api/users/:code",
      guard("GET", "/api/users/:code"),
      valid("param", codeParam),
      async (c) => {
        return await readUser(c, c.req.valid("param").code);
      },
    )
    .put(
      "/api/users/:code",
      guard("PUT", "/api/users/:code"),
      valid("param", codeParam),
      valid("json", updateBody),
      async (c) => {
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const body = c.req.valid("json");
        const adminEdit = Object.keys(body).some((k) => !PROFILE_FIELDS.has(k));
        const manager = allows(actor, "manageUsers");
        if (code !== actor.employeeCode && !manager) {
          return fail(c, 403, "You do not have permission for this action");
        }
        if (code === actor.employeeCode && adminEdit && !manager) {
          return fail(c, 403, "You can edit your email, phone and department only");
        }
        // an admin who could set permission flags could give themselves every station (design 3)
        if (actor.role !== "super_admin" && PERMISSION_FIELDS.some((k) => k in body)) {
          return fail(c, 403, "Only a super admin can change permissions");
        }
        const rules: TargetChange = {
          admin: adminEdit,
          deactivate: body.isActive === false,
          roleTo: body.role,
        };
        const { updatedAt: _seen, ...fields } = body;
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
        return answer(c, await change(actor, code, rules, edit, "user.update", summary, ending));
      },
    )
    .delete(
      "/api/users/:code",
      guard("DELETE", "/api/users/:code"),
      valid("param", codeParam),
      async (c) => {
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const found = await target(actor, code, { delete: true, admin: true });
        if (found.error) return fail(c, found.error.status, found.error.message);
        const now = deps.now();
        const res = await deleteUser(
          kv,
          found.entry,
          (op) =>
            audit(op, now, actor.employeeCode, "user.delete", code, found.entry.value.fullName),
        );
        return res.ok
          ? ok(c, { message: `User ${code} deleted` })
          : fail(c, 409, "The account changed meanwhile; please reload and try again");
      },
    );

  // request queues and account actions: a second chain keeps the route types shallow enough
  // for the type checker
  const actions = new Hono<Env>()
    .post(
      "/api/users/:code/approve-activation",
      guard("POST", "/api/users/:code/approve-activation"),
      valid("param", codeParam),
      valid("json", z.object({ days: days.optional().default(90) }).strict()),
      async (c) => {
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const request = await takeRequest("activation", code);
        if (request === null) return fail(c, 404, `No pending activation request for ${code}`);
        const found = await target(actor, code, { admin: true });
        if (found.error) return fail(c, found.error.status, found.error.message);
        const now = deps.now();
        const d = c.req.valid("json").days;
        const after: UserRecord = {
          ...found.entry.value,
          isActive: true,
          activationStatus: "approved",
          passwordExpiry: expiryFromNow(d, now),
          updatedAt: new Date(now).toISOString(),
          updatedBy: actor.employeeCode,
        };
        const op = putUser(kv.atomic().check(found.entry).check(request), after).delete(
          keys.request("activation", code),
        );
        audit(op, now, actor.employeeCode, "activation.approve", code, `${d} days`);
        const res = await op.commit();
        return res.ok
          ? ok(c, publicUser(after))
          : fail(c, 409, `The activation request for ${code} was already handled`);
      },
    )
    .post(
      "/api/users/:code/reject-activation",
      guard("POST", "/api/users/:code/reject-activation"),
      valid("param", codeParam),
      valid("json", reason),
      async (c) =>
        await rejectRequest(c, "activation", c.req.valid("param").code, c.req.valid("json").reason),
    )
    .post(
      "/api/users/:code/reject-password-reset",
      guard("POST", "/api/users/:code/reject-password-reset"),
      valid("param", codeParam),
      valid("json", reason),
      async (c) =>
        await rejectRequest(
          c,
          "password-reset",
          c.req.valid("param").code,
          c.req.valid("json").reason,
        ),
    )
    .post(
      "/api/users/:code/reject-registration",
      guard("POST", "/api/users/:code/reject-registration"),
      valid("param", codeParam),
      valid("json", reason),
      async (c) =>
        await rejectRequest(
          c,
          "registration",
          c.req.valid("param").code,
          c.req.valid("json").reason,
        ),
    )
    .post(
      "/api/users/:code/approve-registration",
      guard("POST", "/api/users/:code/approve-registration"),
      valid("param", codeParam),
      valid("json", z.object({}).strict()),
      async (c) => {
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const request = await takeRequest("registration", code);
        if (request === null || request.value.registration === undefined) {
          return fail(
            c,
            404,
            `No pending registration request for ${code}`,
          );
        }
        const reg = request.value.registration;
        if (!inScope(actor, { station: reg.station ?? "" })) {
          return fail(
            c,
            404,
            `No pending registration request for ${code}`,
          );
        }
        const settings = await getSettings(kv);
        const now = deps.now();
        const user = newUserRecord(
          {
            ...reg,
            employeeCode: code,
            firstName: reg.firstName,
            lastName: reg.lastName,
            gender: reg.gender === "Female" ? "Female" : "Male",
          },
          await hashPassword(settings.defaultPassword),
          now,
          actor.employeeCode,
          { needsPasswordChange: true },
        );
        const op = kv.atomic().check(request).check({ key: keys.user(code), versionstamp: null })
          .delete(keys.request("registration", code));
        putUser(op, user);
        if (user.email !== "") {
          op.check({ key: keys.userByEmail(user.email), versionstamp: null })
            .set(keys.userByEmail(user.email), code);
        }
        audit(op, now, actor.employeeCode, "registration.approve", code, `station ${user.station}`);
        const res = await op.commit();
        return res.ok ? ok(c, publicUser(user), 201) : fail(
          c,
          409,
          `The registration of ${code} was already handled, or its code or email is taken`,
        );
      },
    )
    .post(
      "/api/users/:code/reset-password",
      guard("POST", "/api/users/:code/reset-password"),
      valid("param", codeParam),
      valid("json", z.object({ newPassword: z.string().min(1).max(200).optional() }).strict()),
      async (c) => {
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const { newPassword } = c.req.valid("json");
        const settings = await getSettings(kv);
        if (
          newPassword !== undefined && newPassword.length < Math.max(6, settings.minPasswordLength)
        ) {
          return fail(
            c,
            400,
            `newPassword: Password must be at least ${
              Math.max(6, settings.minPasswordLength)
            } characters`,
          );
        }
        const hash = await hashPassword(newPassword ?? settings.defaultPassword);
        const now = deps.now();
        const r = await change(
          actor,
          code,
          { admin: true },
          (u) => ({
            ...u,
            passwordHash: hash,
            needsPasswordChange: true,
            lockedUntil: null,
            loginAttempts: 0,
            lockCount: 0,
            lastPasswordChange: new Date(now).toISOString(),
            passwordExpiry: expiryFromNow(90, now),
          }),
          "password.reset",
          newPassword === undefined ? "reset to the default password" : "custom password",
          { ...always, requestKind: "password-reset" },
        );
        return answer(c, r);
      },
    )
    .post(
      "/api/users/:code/unlock",
      guard("POST", "/api/users/:code/unlock"),
      valid("param", codeParam),
      valid("json", z.object({}).strict()),
      async (c) => {
        const r = await change(
          c.get("user")!,
          c.req.valid("param").code,
          { admin: true },
          (u) => ({ ...u, lockedUntil: null, loginAttempts: 0, lockCount: 0 }),
          "user.unlock",
          "unlocked",
        );
        return answer(c, r);
      },
    )
    .post(
      "/api/users/:code/extend-password",
      guard("POST", "/api/users/:code/extend-password"),
      valid("param", codeParam),
      valid("json", z.object({ days }).strict()),
      async (c) => {
        const d = c.req.valid("json").days;
        const now = deps.now();
        const r = await change(
          c.get("user")!,
          c.req.valid("param").code,
          {},
          (u) => ({ ...u, passwordExpiry: extendedExpiry(u.passwordExpiry, d, now) }),
          "password.extend",
          `${d} days`,
        );
        return answer(c, r);
      },
    )
    .post(
      "/api/users/:code/assign-apps",
      guard("POST", "/api/users/:code/assign-apps"),
      valid("param", codeParam),
      valid("json", z.object({ appIds }).strict()),
      async (c) => {
        const apps = c.req.valid("json").appIds;
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const found = await target(actor, code, { admin: true });
        if (found.error) return fail(c, found.error.status, found.error.message);
        const adminApps = apps.filter((a) => a !== "ffm-to-uws" && a !== "uld-extractor");
        if (found.entry.value.role === "user" && adminApps.length > 0) {
          return fail(
            c,
            400,
            `appIds: admin apps (${
              adminApps.join(", ")
            }) are for admin and super_admin accounts only`,
          );
        }
        return answer(
          c,
          await change(
            actor,
            code,
            { admin: true },
            (u) => ({ ...u, accessibleApps: [...new Set(apps)] }),
            "user.apps",
            apps.join(", ") || "none",
          ),
        );
      },
    )
    .get(
      "/api/users/:code/sessions",
      guard("GET", "/api/users/:code/sessions"),
      valid("param", codeParam),
      async (c) => {
        const code = c.req.valid("param").code;
        const found = await target(c.get("user")!, code, {});
        if (found.error) return fail(c, found.error.status, found.error.message);
        const sessions: { createdAt: string; expiresAt: string }[] = [];
        for await (const s of kv.list({ prefix: [...keys.userSessions(code)] })) {
          const record = await kv.get<SessionRecord>(keys.session(s.key[2] as string));
          if (record.value !== null && record.value.expiresAt > deps.now()) {
            sessions.push({
              createdAt: new Date(record.value.createdAt).toISOString(),
              expiresAt: new Date(record.value.expiresAt).toISOString(),
            });
          }
        }
        return ok(c, sessions);
      },
    )
    .delete(
      "/api/users/:code/sessions",
      guard("DELETE", "/api/users/:code/sessions"),
      valid("param", codeParam),
      async (c) => {
        const r = await change(
          c.get("user")!,
          c.req.valid("param").code,
          { admin: true },
          (u) => u,
          "sessions.end",
          "signed out everywhere",
          always,
        );
        return "user" in r
          ? ok(c, { message: `All sessions of ${r.user.employeeCode} ended` })
          : fail(c, r.status, r.message);
      },
    );

  return { lists, actions };

  /** Creates new users (imported-user record, default password) and updates existing ones by code. */
  async function importUsers(actor: UserRecord, users: readonly ImportedUser[]) {
    const settings = await getSettings(kv);
    const hash = await hashPassword(settings.defaultPassword);
    let created = 0;
    let updated = 0;
    const failed: string[] = [];
    for (const u of users) {
      const now = deps.now();
      const iso = new Date(now).toISOString();
      const existing = await kv.get<UserRecord>(keys.user(u.employeeCode));
      if (existing.value === null) {
        const record = newUserRecord({ ...u, phone: u.workPhone }, hash, now, "csv_import", {
          needsPasswordChange: true,
          activationStatus: "inactive",
        });
        Object.assign(record, {
          isActive: false,
          role: "user",
          canManageUsers: false,
          canAccessAdminApps: false,
          canExtendPasswords: false,
          canViewAllStations: false,
          fullName: u.fullName,
        });
        const res = await createUser(
          kv,
          record,
          (op) => audit(op, now, actor.employeeCode, "user.import", u.employeeCode, "created"),
        );
        if (res.ok) created++;
        else {failed.push(
            `Row ${u.row}: ${
              res.conflict === "exists" ? "employee code taken meanwhile" : "email taken meanwhile"
            }`,
          );}
        continue;
      }
      const after: UserRecord = {
        ...existing.value,
        fullName: u.fullName,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        station: u.station,
        jobTitle: u.jobTitle,
        position: u.position || existing.value.position,
        phone: u.workPhone || existing.value.phone,
        workPhone: u.workPhone || existing.value.workPhone,
        gender: u.gender,
        department: u.department || existing.value.department,
        updatedAt: iso,
        updatedBy: actor.employeeCode,
      };
      const res = await updateUser(
        kv,
        existing as Deno.KvEntry<UserRecord>,
        after,
        (op) => audit(op, now, actor.employeeCode, "user.import", u.employeeCode, "updated"),
      );
      if (res.ok) updated++;
      else failed.push(`Row ${u.row}: ${u.employeeCode} changed meanwhile or its email is taken`);
    }
    return { created, updated, failed };
  }

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

  async function rejectRequest(
    c: Context<Env>,
    kind: RequestKind,
    code: string,
    reasonText: string | undefined,
  ) {
    const actor = c.get("user")!;
    const why = (reasonText ?? "").trim() || "No reason provided";
    const request = await takeRequest(kind, code);
    if (request === null) return fail(c, 404, `No pending ${kind} request for ${code}`);
    const user = (await kv.get<UserRecord>(keys.user(code))).value;
    const station = user?.station ?? request.value.registration?.station ?? "";
    if (
      user !== null && targetProblem(actor, user, { admin: true }) !== null ||
      !inScope(actor, { station })
    ) {
      return fail(c, 404, `No pending ${kind} request for ${code}`);
    }
    const now = deps.now();
    const op = kv.atomic().check(request).delete(keys.request(kind, code));
    audit(op, now, actor.employeeCode, `${kind}.reject`, code, why);
    const res = await op.commit();
    return res.ok
      ? ok(c, { message: `Request rejected: ${why}` })
      : fail(c, 409, `The ${kind} request for ${code} was already handled`);
  }
}
