// The request queues of the admin area: activation, password-reset and registration requests,
// approved or rejected, each in one atomic write with its audit entry.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { hashPassword } from "./auth.ts";
import { type Deps, type Env, fail, ok, valid } from "./http.ts";
import { inScope, targetProblem } from "./policy.ts";
import {
  audit,
  createUser,
  keys,
  publicUser,
  type RequestKind,
  updateUser,
  type UserRecord,
} from "./store.ts";
import type { UserOps } from "./user_ops.ts";
import { codeParam, days, reason } from "./user_schemas.ts";
import { expiryFromNow, getSettings, newUserRecord } from "./users.ts";

/** Routes of the request queues. */
export function requestRoutes(deps: Deps, ops: UserOps) {
  const { kv } = deps;
  const { target, requests, takeRequest } = ops;

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
      user !== null && targetProblem(actor, user, { action: true }) !== null ||
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

  return new Hono<Env>()
    .get(
      "/api/users/activation-requests",
      async (c) => ok(c, await requests(c.get("user")!, "activation")),
    )
    .get(
      "/api/users/password-reset-requests",
      async (c) => ok(c, await requests(c.get("user")!, "password-reset")),
    )
    .get(
      "/api/users/registration-requests",
      async (c) => ok(c, await requests(c.get("user")!, "registration")),
    )
    .post(
      "/api/users/:code/approve-activation",
      valid("param", codeParam),
      valid("json", z.object({ days: days.optional().default(90) }).strict()),
      async (c) => {
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const request = await takeRequest("activation", code);
        if (request === null) return fail(c, 404, `No pending activation request for ${code}`);
        const found = await target(actor, code, { action: true });
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
        const res = await updateUser(kv, found.entry, after, (op) => {
          op.check(request).delete(keys.request("activation", code));
          audit(op, now, actor.employeeCode, "activation.approve", code, `${d} days`);
        });
        return res.ok
          ? ok(c, publicUser(after))
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
        const res = await createUser(kv, user, (op) => {
          op.check(request).delete(keys.request("registration", code));
          audit(
            op,
            now,
            actor.employeeCode,
            "registration.approve",
            code,
            `station ${user.station}`,
          );
        });
        return res.ok ? ok(c, publicUser(user), 201) : fail(
          c,
          409,
          `The registration of ${code} was already handled, or its code or email is taken`,
        );
      },
    );
}
