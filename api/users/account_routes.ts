// Staff accounts: one account, create, edit and delete (the lists are users/list_routes.ts).

import { type Context, Hono } from "hono";
import { hasNoPassword, issuePassword, shownOnce } from "../auth/one_time.ts";
import { type Deps, type Env, fail, ok, valid } from "../http.ts";
import { can, createProblem, type TargetChange } from "../rules/access.ts";
import { removeRequest, requestsOf } from "../requests/store.ts";
import { audit, type UserRecord } from "../store.ts";
import { createUser, deleteUser, publicUser } from "./store.ts";
import { flagsOnRoleChange, grantedFlags } from "../rules/flags.ts";
import { LAST_SUPER_ADMIN, type UserOps } from "./ops.ts";
import { codeParam, createBody, updateBody } from "../rules/user_schemas.ts";
import { adminPasswordProblem, getSettings, newUserRecord } from "./users.ts";

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
  const { target, change, present } = ops;

  /** One user for the caller: oneself, or anyone in scope for those who manage users. */
  async function readUser(c: Context<Env>, code: string) {
    const actor = c.get("user")!;
    if (code !== actor.employeeCode && !can(actor, "manageUsers")) {
      return fail(c, 403, "You do not have permission for this action");
    }
    const found = await target(actor, code, {});
    return found.error
      ? fail(c, found.error.status, found.error.message)
      : ok(c, await present(found.entry.value));
  }

  return new Hono<Env>()
    .post("/api/users", valid("json", createBody), async (c) => {
      const actor = c.get("user")!;
      const body = c.req.valid("json");
      const refused = createProblem(actor, body);
      if (refused !== null) return fail(c, refused.status, refused.message);
      const settings = await getSettings(kv);
      const weak = body.password === undefined
        ? null
        : adminPasswordProblem(body.password, body, settings.minPasswordLength);
      if (weak !== null) return fail(c, 400, weak);
      const now = deps.now();
      // the given password, or a one-time password: either lasts one sign-in (design 5.3)
      const issued = await issuePassword(settings, now, body.password);
      const user = {
        ...newUserRecord(body, issued.fields.passwordHash, now, actor.employeeCode, {
          needsPasswordChange: true,
          expiryDays: body.passwordExpiryDays ?? 90,
        }),
        ...issued.fields,
      };
      // the role's flags, never one the creator lacks (design 5.3)
      Object.assign(user, grantedFlags(actor, user.role));
      const res = await createUser(
        kv,
        user,
        (op) =>
          audit(
            op,
            now,
            actor,
            "user.create",
            user,
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

      return ok(c, { ...publicUser(user), ...shownOnce(issued) }, 201);
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
        if (code !== actor.employeeCode && !can(actor, "manageUsers")) {
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
        // an imported account has no password: activating it issues its one-time password
        const issued = fields.isActive === true
          ? await issuePassword(await getSettings(kv), deps.now())
          : null;
        let gave: typeof issued = null;
        const edit = (u: UserRecord): UserRecord => {
          const next = { ...u, ...fields } as UserRecord;
          gave = issued !== null && hasNoPassword(u) ? issued : null;
          if (gave !== null) Object.assign(next, gave.fields);
          // a new role gives its flags as a create does, never one the actor lacks (design 5.3)
          if (fields.role !== undefined && fields.role !== u.role) {
            Object.assign(next, flagsOnRoleChange(actor, fields.role, fields));
          }
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
        const r = await change(actor, code, rules, edit, "user.update", summary, {
          ending,
          seen,
        });
        return "user" in r
          ? ok(c, { ...await present(r.user), ...shownOnce(gave) })
          : fail(c, r.status, r.message);
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
          audit(op, now, actor, "user.delete", found.entry.value, found.entry.value.fullName);
        });
        if (res.ok) return ok(c, { message: `User ${code} deleted` });
        return res.conflict === "last-super-admin"
          ? fail(c, 409, LAST_SUPER_ADMIN.message)
          : fail(c, 409, "The account changed meanwhile; please reload and try again");
      },
    );
}
