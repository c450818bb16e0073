// Staff accounts: one account, create, edit and delete (the lists are users/list_routes.ts).

import { type Context, Hono, type MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { hasNoPassword, type Issued, issuePassword, shownOnce } from "../auth/one_time.ts";
import {
  carriesSession,
  type Deps,
  type Env,
  fail,
  ok,
  signedIn,
  valid,
  withoutStepUp,
} from "../http.ts";
import { createNeedsStepUp, roleNeedsStepUp } from "../rules/step_up.ts";
import { can, createProblem, type TargetChange } from "../rules/access.ts";
import { removeRequest } from "../requests/store.ts";
import { audit, auditAt } from "../store/audit.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { deleteUser, publicUser } from "./store.ts";
import { createAccount, type CreateBody, typedPasswordProblem } from "./create.ts";
import { flagsOnRoleChange } from "../rules/flags.ts";
import { LAST_SUPER_ADMIN, targetKeys, type UserOps } from "./ops.ts";
import type { z } from "zod";
import { codeParam, createBody, updateBody } from "../rules/user_schemas.ts";
import { getSettings } from "../settings/settings.ts";
import { passwordExpiryDaysOf } from "../rules/password_policy.ts";
import { say } from "../rules/messages.ts";

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

type UpdateBody = z.infer<typeof updateBody>;
type EditFields = Omit<UpdateBody, "updatedAt">;

/** The reads `earlyUserRead` began, by request: the code and its user with the sign-in state. */
const earlyReads = new WeakMap<
  Request,
  { code: string; read: Promise<Deno.KvEntryMaybe<unknown>[]> }
>();

/**
 * Starts the read of the user a GET /api/users/:code names while the session check reads the
 * caller's session, for a request that carries one: the read does not depend on the caller, and
 * on a remote store each read in turn is a round trip (about 90 ms on Deploy from another region,
 * issue 49). Nothing read is answered, and no refusal waits for it, until the guard and the route
 * have let the caller see that user.
 */
export function earlyUserRead(deps: Deps): MiddlewareHandler<Env> {
  return async (c, next) => {
    const route = c.req.method === "GET" && carriesSession(c)
      ? matchedRoutes(c).find((r) => r.method !== "ALL")?.path
      : undefined;
    if (route === "/api/users/:code") {
      // the code as the route's validator will read it; the route uses the read only if they agree
      const parsed = codeParam.safeParse({ code: tryDecode(c.req.path.split("/").pop() ?? "") });
      if (parsed.success) {
        const read = deps.kv.getMany(targetKeys(parsed.data.code));
        read.catch(() => {});
        earlyReads.set(c.req.raw, { code: parsed.data.code, read });
      }
    }
    await next();
  };
}

/** A path segment decoded once, as the router decodes it (as it is when it does not decode). */
function tryDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** One user for the caller: oneself, or anyone in scope for those who manage users. */
async function readUser(c: Context<Env>, ops: UserOps, code: string) {
  const actor = signedIn(c);
  if (code !== actor.employeeCode && !can(actor, "manageUsers")) {
    return fail(c, 403, "auth:no_permission");
  }
  const early = earlyReads.get(c.req.raw);
  const found = await ops.target(
    actor,
    code,
    {},
    false,
    early?.code === code ? early.read : undefined,
  );
  return found.error
    ? fail(c, found.error.status, found.error)
    : ok(c, ops.present(found.entry.value, found.signIn.value));
}

/** Creates one account from the create form. */
async function createOne(c: Context<Env>, deps: Deps, body: CreateBody) {
  const actor = signedIn(c);
  const refused = createProblem(actor, body);
  if (refused !== null) return fail(c, refused.status, refused);
  // an administrator, or a password the actor chose: the actor's password confirmed lately first
  const unconfirmed = createNeedsStepUp(body) ? withoutStepUp(c, deps) : null;
  if (unconfirmed !== null) return unconfirmed;
  const settings = await getSettings(deps.kv);
  const weak = typedPasswordProblem(body, settings);
  if (weak !== null) return fail(c, 400, weak);
  const created = await createAccount(deps.kv, actor, body, {
    settings,
    now: deps.now(),
    summary: (user) => say("audit:role_station", { role: user.role, station: user.station }),
    expiryDays: body.passwordExpiryDays ?? passwordExpiryDaysOf(settings),
  });
  if (!created.ok) {
    const { user } = created;
    return created.conflict === "exists"
      ? fail(c, 409, "users:code_exists", { code: user.employeeCode })
      : fail(c, 409, "users:email_taken", { email: user.email ?? "" });
  }
  return ok(c, { ...publicUser(created.user), ...shownOnce(created.issued) }, 201);
}

/** What an edit asks of the target rules. */
function editRules(fields: EditFields) {
  return (before: UserRecord): TargetChange => ({
    fields: changedFields(before, fields),
    admin: true,
    deactivate: fields.isActive === false && before.isActive,
    roleTo: fields.role,
    stationTo: fields.station?.toUpperCase(),
  });
}

/** The user after an edit by `actor`; `issued` is the one-time password an activation of an
 * imported account (no password) gets, told through `gave` when it was given. */
function applyEdit(
  actor: UserRecord,
  fields: EditFields,
  issued: Issued | null,
  gave: (issued: Issued | null) => void,
) {
  return (u: UserRecord): UserRecord => {
    const next = { ...u, ...fields } as UserRecord;
    const given = issued !== null && hasNoPassword(u) ? issued : null;
    gave(given);
    if (given !== null) Object.assign(next, given.fields);
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
      next.fullName = [next.firstName, next.middleName, next.lastName]
        .filter((p) => p && p.trim() !== "").join(" ");
    }
    if (fields.isActive === true) next.activationStatus = "approved";
    return next;
  };
}

/** Edits an account (oneself, or one in scope for those who manage users). */
async function editUser(c: Context<Env>, deps: Deps, ops: UserOps, code: string, body: UpdateBody) {
  const actor = signedIn(c);
  if (code !== actor.employeeCode && !can(actor, "manageUsers")) {
    return fail(c, 403, "auth:no_permission");
  }
  const { updatedAt: seen, ...fields } = body;
  // a promotion to an administrator role: the actor's password confirmed lately first
  if (roleNeedsStepUp(fields.role) && withoutStepUp(c, deps) !== null) {
    const stored = (await deps.kv.get<UserRecord>(keys.user(code))).value;
    if (stored !== null && stored.role !== fields.role) return withoutStepUp(c, deps)!;
  }
  // an imported account has no password: activating it issues its one-time password
  const issued = fields.isActive === true
    ? await issuePassword(await getSettings(deps.kv), deps.now())
    : null;
  let gave: Issued | null = null;
  const edit = applyEdit(actor, fields, issued, (given) => gave = given);
  // deactivation or a new role ends the user's sessions
  const ending = {
    when: (before: UserRecord) =>
      body.isActive === false || (body.role !== undefined && body.role !== before.role),
  };
  const summary = Object.keys(fields).join(", ");
  const r = await ops.change(actor, code, editRules(fields), edit, "user.update", summary, {
    ending,
    seen,
    settings: c.get("settings"),
  });
  return "user" in r
    ? ok(c, { ...ops.present(r.user, r.signIn), ...shownOnce(gave) })
    : fail(c, r.status, r);
}

/** Deletes an account with its pending requests. */
async function removeUser(c: Context<Env>, deps: Deps, ops: UserOps, code: string) {
  const { kv } = deps;
  const actor = signedIn(c);
  // the account and its pending requests in one read
  const found = await ops.target(actor, code, { delete: true, admin: true }, true);
  if (found.error) return fail(c, found.error.status, found.error);
  const now = deps.now();
  const res = await deleteUser(kv, found.entry, (op) => {
    // a code created again later must not show this person's requests
    for (const request of found.pending) removeRequest(op, request);
    const at = auditAt(now, c.get("settings"));
    audit(op, at, actor, "user.delete", found.entry.value, found.entry.value.fullName);
  });
  if (res.ok) return ok(c, say("users:deleted", { code }));
  return res.conflict === "last-super-admin"
    ? fail(c, 409, LAST_SUPER_ADMIN)
    : fail(c, 409, "account:changed_reload_retry");
}

/** Routes of the staff accounts that begin with a word, mounted at /api/users. */
export function accountRoutes(deps: Deps, ops: UserOps) {
  return new Hono<Env>()
    .post("/", valid("json", createBody), (c) => createOne(c, deps, c.req.valid("json")))
    .get(
      "/by-employee-code/:code",
      valid("param", codeParam),
      (c) => readUser(c, ops, c.req.valid("param").code),
    );
}

/** Routes of one staff account, mounted at /api/users/:code. */
export function oneAccountRoutes(deps: Deps, ops: UserOps) {
  return new Hono<Env>()
    .get("/", valid("param", codeParam), (c) => readUser(c, ops, c.req.valid("param").code))
    .put(
      "/",
      valid("param", codeParam),
      valid("json", updateBody),
      (c) => editUser(c, deps, ops, c.req.valid("param").code, c.req.valid("json")),
    )
    .delete(
      "/",
      valid("param", codeParam),
      (c) => removeUser(c, deps, ops, c.req.valid("param").code),
    );
}
