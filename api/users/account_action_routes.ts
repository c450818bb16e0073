// Actions on one account: unlock, password reset and extension, and its apps.

import { Hono } from "hono";
import { z } from "zod";
import { issuePassword, shownOnce } from "../auth/one_time.ts";
import { type Deps, type Env, fail, ok, valid } from "../http.ts";
import type { UserOps } from "./ops.ts";
import { isAdminApp } from "../rules/apps.ts";
import { appIds, codeParam, days } from "../rules/user_schemas.ts";
import { adminPasswordProblem, expiryFromNow, extendedExpiry, getSettings } from "./users.ts";

/** Routes of the account actions. */
export function accountActionRoutes(deps: Deps, ops: UserOps) {
  const { kv } = deps;
  const { target, change, answer, always, present } = ops;
  return new Hono<Env>()
    .post(
      "/api/users/:code/reset-password",
      valid("param", codeParam),
      valid("json", z.object({ newPassword: z.string().min(1).max(200).optional() }).strict()),
      async (c) => {
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const { newPassword } = c.req.valid("json");
        const settings = await getSettings(kv);
        const weak = newPassword === undefined
          ? null
          : adminPasswordProblem(newPassword, { employeeCode: code }, settings.minPasswordLength);
        if (weak !== null) return fail(c, 400, weak);
        const now = deps.now();
        // a one-time password, or the one the admin typed: temporary either way (design 5.3)
        const issued = await issuePassword(settings, now, newPassword);
        const r = await change(
          actor,
          code,
          { action: true },
          (u) => ({ ...u, ...issued.fields, passwordExpiry: expiryFromNow(90, now) }),
          "password.reset",
          newPassword === undefined ? "one-time password" : "custom password",
          { ending: { ...always, requestKind: "password-reset" }, clearsLock: true },
        );
        return "user" in r
          ? ok(c, { ...await present(r.user), ...shownOnce(issued) })
          : fail(c, r.status, r.message);
      },
    )
    .post(
      "/api/users/:code/unlock",
      valid("param", codeParam),
      valid("json", z.object({}).strict()),
      async (c) => {
        const r = await change(
          c.get("user")!,
          c.req.valid("param").code,
          { action: true },
          (u) => u,
          "user.unlock",
          "unlocked",
          { clearsLock: true },
        );
        return answer(c, r);
      },
    )
    .post(
      "/api/users/:code/extend-password",
      valid("param", codeParam),
      valid("json", z.object({ days }).strict()),
      async (c) => {
        const d = c.req.valid("json").days;
        const now = deps.now();
        const r = await change(
          c.get("user")!,
          c.req.valid("param").code,
          { action: true },
          (u) => ({ ...u, passwordExpiry: extendedExpiry(u.passwordExpiry, d, now) }),
          "password.extend",
          `${d} days`,
        );
        return answer(c, r);
      },
    )
    .post(
      "/api/users/:code/assign-apps",
      valid("param", codeParam),
      valid("json", z.object({ appIds }).strict()),
      async (c) => {
        const apps = c.req.valid("json").appIds;
        const actor = c.get("user")!;
        const code = c.req.valid("param").code;
        const found = await target(actor, code, { action: true });
        if (found.error) return fail(c, found.error.status, found.error.message);
        const adminApps = apps.filter(isAdminApp);
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
            { action: true },
            (u) => ({ ...u, accessibleApps: [...new Set(apps)] }),
            "user.apps",
            apps.join(", ") || "none",
          ),
        );
      },
    );
}
