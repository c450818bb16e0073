// The request queues of the admin area: activation, password-reset and registration requests,
// approved or rejected, each in one atomic write with its audit entry.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { hasNoPassword, issuePassword, shownOnce } from "../auth/one_time.ts";
import { type Deps, type Env, fail, ok, signedIn, valid } from "../http.ts";
import { can, inScope, type Problem, requestOffer, targetProblem } from "../rules/access.ts";
import {
  countRequests,
  pageRequests,
  pendingRequest,
  removeRequest,
  REQUEST_KINDS,
  withAccounts,
} from "./store.ts";
import { audit, auditAt, type AuditSummary } from "../store/audit.ts";
import { keys } from "../store/keys.ts";
import type { RequestKind, RequestRecord, UserRecord } from "../store/records.ts";
import { createUser, publicUser, updateUser } from "../users/store.ts";
import type { UserOps } from "../users/ops.ts";
import { appIds, codeParam, cursor, days, reason } from "../rules/user_schemas.ts";
import { adminAppsProblem, type AppId } from "../rules/apps.ts";
import { FIELD_MAX } from "../rules/user_fields.ts";
import { MESSAGES, refusal, say } from "../rules/messages.ts";
import { expiryFromNow, newUserRecord } from "../users/users.ts";
import { getSettings } from "../settings/settings.ts";
import { passwordExpiryDaysOf } from "../rules/password_policy.ts";
import { fieldChanges } from "../users/changes.ts";

const queueQuery = z.object({
  limit: z.coerce.number().int().min(1, "list:limit_range").max(100, "list:limit_range")
    .optional().default(25),
  cursor,
  /** Text in the employee code or the name. */
  search: z.string().trim().max(100, "list:search_long").optional().default(""),
  /** One station's requests ('' or none: every station in the caller's scope). */
  station: z.string().trim().max(FIELD_MAX.station, "field:station_rule")
    .regex(/^([A-Za-z]{3})?$/, "field:station_rule").transform((s) => s.toUpperCase())
    .optional().default(""),
}).strict();

/** An approved registration's body: the apps the new account opens (normal apps only). */
const registrationApproval = z.object({
  accessibleApps: appIds.optional().default([]),
}).strict();

const requestParam = z.object({
  kind: z.enum(REQUEST_KINDS as [RequestKind, ...RequestKind[]], {
    error: "list:kind",
  }),
  // any code an old version stored, so that every request can be deleted
  code: z.string().min(1).max(200),
});

/** The station a request belongs to (records from before requests kept it: from the account). */
function stationOf(request: RequestRecord, user: UserRecord | null): string {
  return request.station ?? user?.station ?? request.registration?.station ?? "";
}

/** The pending request when the actor may handle it, or why not: 404 for one outside their
 * scope (as for none), 403 for one about an account they may not act on (`targetProblem`, the
 * rule every action on the account follows). */
async function handleable(
  kv: Deno.Kv,
  actor: UserRecord,
  kind: RequestKind,
  code: string,
): Promise<Deno.KvEntry<RequestRecord> | Problem> {
  const none = refusal(404 as const, `requests:none:${kind}`, { code });
  const request = await pendingRequest(kv, kind, code);
  if (request === null) return none;
  const user = (await kv.get<UserRecord>(keys.user(code))).value;
  const problem = user === null ? null : targetProblem(actor, user, { action: true });
  if (problem !== null) return problem.status === 404 ? none : problem;
  return inScope(actor, { station: stationOf(request.value, user) }) ? request : none;
}

/** Removes a pending request with its audit entry (`${kind}.${what}`): a reject or a delete. */
async function dropRequest(
  c: Context<Env>,
  deps: Deps,
  where: { kind: RequestKind; code: string },
  what: "reject" | "delete",
  summary: AuditSummary,
) {
  const { kind, code } = where;
  const actor = signedIn(c);
  const request = await handleable(deps.kv, actor, kind, code);
  if ("status" in request) return request;
  const op = removeRequest(deps.kv.atomic(), request);
  const target = { employeeCode: code, station: request.value.station ?? "" };
  audit(op, auditAt(deps.now(), c.get("settings")), actor, `${kind}.${what}`, target, summary);
  return (await op.commit()).ok;
}

/** Rejects a pending request with the admin's reason. */
async function rejectRequest(
  c: Context<Env>,
  deps: Deps,
  kind: RequestKind,
  code: string,
  reasonText: string | undefined,
) {
  const why = (reasonText ?? "").trim();
  // none typed (the screens send the spec's 'No reason provided' for it): the catalogue's words
  const none = why === "" || why === MESSAGES["requests:no_reason"];
  const summary = none ? say("requests:no_reason") : why;
  const done = await dropRequest(c, deps, { kind, code }, "reject", summary);
  if (typeof done === "object") return fail(c, done.status, done);
  return done
    ? ok(c, none ? say("requests:rejected_no_reason") : say("requests:rejected", { why }))
    : fail(c, 409, `requests:handled:${kind}`, { code });
}

/** Deletes a pending request without an answer to its sender. */
async function deleteRequest(c: Context<Env>, deps: Deps, kind: RequestKind, code: string) {
  const done = await dropRequest(c, deps, { kind, code }, "delete", say("audit:request_deleted"));
  if (typeof done === "object") return fail(c, done.status, done);
  return done
    ? ok(c, say(`requests:deleted:${kind}`, { code }))
    : fail(c, 409, `requests:handled:${kind}`, { code });
}

/** A page of a queue (newest first) within the actor's scope, and the count of the queue of
 * the chosen station (all in scope without one). A station admin naming another station gets
 * an empty queue, as for a station without requests. */
async function queue(
  c: Context<Env>,
  kv: Deno.Kv,
  kind: RequestKind,
  q: z.infer<typeof queueQuery>,
) {
  const actor = signedIn(c);
  const scope = can(actor, "allStations") ? undefined : actor.station;
  if (scope !== undefined && q.station !== "" && q.station !== scope) {
    return ok(c, { requests: [], cursor: null, total: 0 });
  }
  const station = q.station === "" ? scope : q.station;
  const ask = { station, search: q.search, limit: q.limit, cursor: q.cursor };
  const [page, total] = await Promise.all([
    pageRequests(kv, kind, ask),
    countRequests(kv, kind, station),
  ]);
  if (kind === "registration") return ok(c, { ...page, total });
  return ok(c, { ...page, requests: await withAccounts(kv, page.requests), total });
}

/** What approving an activation asks of the target rules: an activation, as an edit that
 * activates the account asks it. */
const ACTIVATE = { admin: true, action: true, fields: ["isActive"] };

/** The answer to approving an activation request about an account that is already active: such
 * a request can only be dismissed (issue 48). */
export const ALREADY_ACTIVE = (code: string) =>
  refusal(409 as const, "requests:already_active", { code });

/** The answer to an approval with a period by an admin who may not extend passwords. */
const NO_EXTENSION = refusal(403 as const, "requests:no_extension");

/**
 * Activates an inactive account with exactly the rules of the actions it performs (issue 48):
 * the activation's target rules, and a period (`given` days, or the password expiry setting)
 * only for an admin who may extend passwords; without that flag the expiry stays as it was. An
 * imported account (no password) gets a one-time password with a fresh expiry, as a reset does.
 */
async function approveActivation(
  c: Context<Env>,
  deps: Deps,
  ops: UserOps,
  code: string,
  given: number | undefined,
) {
  const { kv } = deps;
  const actor = signedIn(c);
  const none = () => fail(c, 404, "requests:none:activation", { code });
  // the account and its requests in one read
  const found = await ops.target(actor, code, ACTIVATE, true);
  if (found.error) {
    return found.error.status === 404 ? none() : fail(c, found.error.status, found.error);
  }
  const request = found.pending.find((r) => r.value.kind === "activation");
  if (request === undefined) return none();
  const before = found.entry.value;
  // a request about an active account can only be dismissed (issue 48)
  const offer = requestOffer(actor, { kind: "activation", employeeCode: code, account: before });
  if (offer === "dismiss") {
    return fail(c, 409, ALREADY_ACTIVE(code));
  }
  const extends_ = can(actor, "extendPasswords");
  if (given !== undefined && !extends_) return fail(c, NO_EXTENSION.status, NO_EXTENSION);
  const now = deps.now();
  const settings = await getSettings(kv);
  const at = auditAt(now, settings);
  const issued = hasNoPassword(before) ? await issuePassword(settings, now) : null;
  const d = given ?? (extends_ || issued !== null ? passwordExpiryDaysOf(settings) : null);
  const after: UserRecord = {
    ...before,
    ...issued?.fields,
    isActive: true,
    activationStatus: "approved",
    passwordExpiry: d === null ? before.passwordExpiry : expiryFromNow(d, now),
    updatedAt: new Date(now).toISOString(),
    updatedBy: actor.employeeCode,
    // a commit whose answer is lost is known by it (users/store.ts)
    opId: crypto.randomUUID(),
  };
  const summary = d === null
    ? say("audit:expiry_unchanged")
    : d === 0
    ? say("audit:no_expiry")
    : say("audit:days", { days: d });
  const res = await updateUser(kv, found.entry, after, (op) => {
    removeRequest(op, request);
    audit(op, at, actor, "activation.approve", after, summary, undefined, {
      changes: fieldChanges(before, after),
    });
  });
  return res.ok
    ? ok(c, { ...ops.present(after, found.signIn.value), ...shownOnce(issued) })
    : fail(c, 409, "requests:handled:activation", { code });
}

/** Creates the account a registration asked for, with a one-time password and the chosen apps
 * (a user account: admin apps are refused as on the user page). */
async function approveRegistration(c: Context<Env>, deps: Deps, code: string, apps: AppId[]) {
  const { kv } = deps;
  const actor = signedIn(c);
  const refused = adminAppsProblem("user", apps, "accessibleApps");
  if (refused !== null) return fail(c, 400, refused);
  const request = await handleable(kv, actor, "registration", code);
  if ("status" in request || request.value.registration === undefined) {
    return fail(c, 404, "requests:none:registration", { code });
  }
  const reg = request.value.registration;
  const now = deps.now();
  const at = auditAt(now, c.get("settings"));
  const issued = await issuePassword(await getSettings(kv), now);
  const user = newUserRecord(
    {
      ...reg,
      employeeCode: code,
      firstName: reg.firstName,
      lastName: reg.lastName,
      gender: reg.gender === "Female" ? "Female" : "Male",
      accessibleApps: [...new Set(apps)],
    },
    issued.fields.passwordHash,
    now,
    actor.employeeCode,
    { needsPasswordChange: true },
  );
  Object.assign(user, issued.fields);
  // a commit whose answer is lost is known by it (users/store.ts)
  user.opId = crypto.randomUUID();
  const res = await createUser(kv, user, (op) => {
    removeRequest(op, request);
    const apps = user.accessibleApps.join(", ") || "none";
    const summary = say("audit:station_apps", { station: user.station, apps });
    audit(op, at, actor, "registration.approve", user, summary);
  });
  return res.ok ? ok(c, { ...publicUser(user), ...shownOnce(issued) }, 201) : fail(
    c,
    409,
    "requests:registration_taken",
    { code },
  );
}

/** Routes of the request queues, mounted at /api/users. */
export function requestRoutes(deps: Deps) {
  const { kv } = deps;
  return new Hono<Env>()
    .get(
      "/activation-requests",
      valid("query", queueQuery),
      (c) => queue(c, kv, "activation", c.req.valid("query")),
    )
    .get(
      "/password-reset-requests",
      valid("query", queueQuery),
      (c) => queue(c, kv, "password-reset", c.req.valid("query")),
    )
    .get(
      "/registration-requests",
      valid("query", queueQuery),
      (c) => queue(c, kv, "registration", c.req.valid("query")),
    )
    .delete("/requests/:kind/:code", valid("param", requestParam), (c) => {
      const { kind, code } = c.req.valid("param");
      return deleteRequest(c, deps, kind, code);
    });
}

/** Routes of the requests of one account, mounted at /api/users/:code. */
export function accountRequestRoutes(deps: Deps, ops: UserOps) {
  const code = (c: Context<Env, string, { out: { param: { code: string } } }>) =>
    c.req.valid("param").code;
  return new Hono<Env>()
    .post(
      "/approve-activation",
      valid("param", codeParam),
      valid("json", z.object({ days: days.optional() }).strict()),
      (c) => approveActivation(c, deps, ops, code(c), c.req.valid("json").days),
    )
    .post(
      "/reject-activation",
      valid("param", codeParam),
      valid("json", reason),
      (c) => rejectRequest(c, deps, "activation", code(c), c.req.valid("json").reason),
    )
    .post(
      "/reject-password-reset",
      valid("param", codeParam),
      valid("json", reason),
      (c) => rejectRequest(c, deps, "password-reset", code(c), c.req.valid("json").reason),
    )
    .post(
      "/reject-registration",
      valid("param", codeParam),
      valid("json", reason),
      (c) => rejectRequest(c, deps, "registration", code(c), c.req.valid("json").reason),
    )
    .post(
      "/approve-registration",
      valid("param", codeParam),
      valid("json", registrationApproval),
      (c) => approveRegistration(c, deps, code(c), c.req.valid("json").accessibleApps),
    );
}
