// The request queues of the admin area: activation, password-reset and registration requests,
// approved or rejected, each in one atomic write with its audit entry.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { hasNoPassword, issuePassword, shownOnce } from "../auth/one_time.ts";
import { type Deps, type Env, fail, ok, valid } from "../http.ts";
import { can, inScope, targetProblem } from "../rules/access.ts";
import {
  countRequests,
  pageRequests,
  pendingRequest,
  removeRequest,
  REQUEST_KINDS,
} from "./store.ts";
import { audit, keys, type RequestKind, type RequestRecord, type UserRecord } from "../store.ts";
import { createUser, publicUser, updateUser } from "../users/store.ts";
import type { UserOps } from "../users/ops.ts";
import { codeParam, cursor, days, reason } from "../rules/user_schemas.ts";
import { expiryFromNow, getSettings, newUserRecord } from "../users/users.ts";

const queueQuery = z.object({
  limit: z.coerce.number().int().min(1, "Limit is 1 to 100").max(100, "Limit is 1 to 100")
    .optional().default(25),
  cursor,
}).strict();

const requestParam = z.object({
  kind: z.enum(REQUEST_KINDS as [RequestKind, ...RequestKind[]], {
    error: "Kind is activation, password-reset or registration",
  }),
  // any code an old version stored, so that every request can be deleted
  code: z.string().min(1).max(200),
});

/** The station a request belongs to (records from before requests kept it: from the account). */
function stationOf(request: RequestRecord, user: UserRecord | null): string {
  return request.station ?? user?.station ?? request.registration?.station ?? "";
}

/** Routes of the request queues. */
export function requestRoutes(deps: Deps, ops: UserOps) {
  const { kv } = deps;
  const { target } = ops;

  /** The pending request when the actor may handle it (404 for one outside their scope). */
  async function handleable(actor: UserRecord, kind: RequestKind, code: string) {
    const request = await pendingRequest(kv, kind, code);
    if (request === null) return null;
    const user = (await kv.get<UserRecord>(keys.user(code))).value;
    if (user !== null && targetProblem(actor, user, { action: true }) !== null) return null;
    return inScope(actor, { station: stationOf(request.value, user) }) ? request : null;
  }

  async function rejectRequest(
    c: Context<Env>,
    kind: RequestKind,
    code: string,
    reasonText: string | undefined,
  ) {
    const actor = c.get("user")!;
    const why = (reasonText ?? "").trim() || "No reason provided";
    const request = await handleable(actor, kind, code);
    if (request === null) return fail(c, 404, `No pending ${kind} request for ${code}`);
    const now = deps.now();
    const op = removeRequest(kv.atomic(), request);
    const target = { employeeCode: code, station: request.value.station ?? "" };
    audit(op, now, actor, `${kind}.reject`, target, why);
    const res = await op.commit();
    return res.ok
      ? ok(c, { message: `Request rejected: ${why}` })
      : fail(c, 409, `The ${kind} request for ${code} was already handled`);
  }

  /** A page of a queue within the actor's scope, and the count of the whole queue. */
  async function queue(actor: UserRecord, kind: RequestKind, q: z.infer<typeof queueQuery>) {
    const station = can(actor, "allStations") ? undefined : actor.station;
    const page = await pageRequests(kv, kind, station, q.limit, q.cursor);
    return { ...page, total: await countRequests(kv, kind, station) };
  }

  return new Hono<Env>()
    .get(
      "/api/users/activation-requests",
      valid("query", queueQuery),
      async (c) => ok(c, await queue(c.get("user")!, "activation", c.req.valid("query"))),
    )
    .get(
      "/api/users/password-reset-requests",
      valid("query", queueQuery),
      async (c) => ok(c, await queue(c.get("user")!, "password-reset", c.req.valid("query"))),
    )
    .get(
      "/api/users/registration-requests",
      valid("query", queueQuery),
      async (c) => ok(c, await queue(c.get("user")!, "registration", c.req.valid("query"))),
    )
    .delete(
      "/api/users/requests/:kind/:code",
      valid("param", requestParam),
      async (c) => {
        const actor = c.get("user")!;
        const { kind, code } = c.req.valid("param");
        const request = await handleable(actor, kind, code);
        if (request === null) return fail(c, 404, `No pending ${kind} request for ${code}`);
        const op = removeRequest(kv.atomic(), request);
        const target = { employeeCode: code, station: request.value.station ?? "" };
        audit(op, deps.now(), actor, `${kind}.delete`, target, "request deleted");
        const res = await op.commit();
        return res.ok
          ? ok(c, { message: `The ${kind} request of ${code} was deleted` })
          : fail(c, 409, `The ${kind} request for ${code} was already handled`);
      },
    )
    .post(
      "/api/users/:code/approve-activation",
      valid("param", codeParam),
      valid("json", z.object({ days: days.optional().default(90) }).strict()),
      async (c) => {
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const request = await handleable(actor, "activation", code);
        if (request === null) return fail(c, 404, `No pending activation request for ${code}`);
        const found = await target(actor, code, { action: true });
        if (found.error) return fail(c, found.error.status, found.error.message);
        const now = deps.now();
        const d = c.req.valid("json").days;
        // an imported account has no password: its activation issues a one-time password
        const issued = hasNoPassword(found.entry.value)
          ? await issuePassword(await getSettings(kv), now)
          : null;
        const after: UserRecord = {
          ...found.entry.value,
          ...issued?.fields,
          isActive: true,
          activationStatus: "approved",
          passwordExpiry: expiryFromNow(d, now),
          updatedAt: new Date(now).toISOString(),
          updatedBy: actor.employeeCode,
        };
        const res = await updateUser(kv, found.entry, after, (op) => {
          removeRequest(op, request);
          audit(op, now, actor, "activation.approve", after, `${d} days`);
        });
        return res.ok
          ? ok(c, { ...await ops.present(after), ...shownOnce(issued) })
          : fail(c, 409, `The activation request for ${code} was already handled`);
      },
    )
    .post(
      "/api/users/:code/reject-activation",
      valid("param", codeParam),
      valid("json", reason),
      async (c) =>
        await rejectRequest(c, "activation", c.req.valid("param").code, c.req.valid("json").reason),
    )
    .post(
      "/api/users/:code/reject-password-reset",
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
      valid("param", codeParam),
      valid("json", z.object({}).strict()),
      async (c) => {
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const request = await handleable(actor, "registration", code);
        if (request === null || request.value.registration === undefined) {
          return fail(
            c,
            404,
            `No pending registration request for ${code}`,
          );
        }
        const reg = request.value.registration;
        const now = deps.now();
        const issued = await issuePassword(await getSettings(kv), now);
        const user = newUserRecord(
          {
            ...reg,
            employeeCode: code,
            firstName: reg.firstName,
            lastName: reg.lastName,
            gender: reg.gender === "Female" ? "Female" : "Male",
          },
          issued.fields.passwordHash,
          now,
          actor.employeeCode,
          { needsPasswordChange: true },
        );
        Object.assign(user, issued.fields);
        const res = await createUser(kv, user, (op) => {
          removeRequest(op, request);
          audit(
            op,
            now,
            actor,
            "registration.approve",
            user,
            `station ${user.station}`,
          );
        });
        return res.ok ? ok(c, { ...publicUser(user), ...shownOnce(issued) }, 201) : fail(
          c,
          409,
          `The registration of ${code} was already handled, or its code or email is taken`,
        );
      },
    );
}
