// Sign-in, sign-out, the session check and the password policy, mounted at /api/auth (the
// sign-in itself is sign_in.ts; own password changes are password_routes.ts).

import { type Context, Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { cookieName, type Deps, type Env, ok, signedIn, valid } from "../http.ts";
import { audit, auditAt } from "../store/audit.ts";
import { passwordRule } from "../rules/password.ts";
import { setupDeadline } from "../two_factor/policy.ts";
import {
  passwordExpiryDaysOf,
  passwordHistoryOf,
  withExpiryPolicy,
} from "../rules/password_policy.ts";
import { endSession } from "./sessions.ts";
import { loginBody } from "../rules/user_schemas.ts";
import { getSettings } from "../settings/settings.ts";
import { sessionUser } from "../users/users.ts";
import { signIn } from "./sign_in.ts";
import { stepUp } from "./step_up.ts";
import { stepUpBody } from "../rules/step_up.ts";
import { say } from "../rules/messages.ts";

/** Ends the caller's session (when there is one) and clears the cookie. */
async function signOut(c: Context<Env>, deps: Deps) {
  const tokenHash = c.get("tokenHash");
  const user = c.get("user");
  const session = c.get("session");
  if (tokenHash !== null && user !== null && session !== null) {
    const op = endSession(deps.kv.atomic(), session, tokenHash);
    const at = auditAt(deps.now(), c.get("settings"));
    audit(op, at, user, "logout", user, say("audit:signed_out"));
    await op.commit();
  }
  deleteCookie(c, cookieName(deps.secureCookies), { path: "/", secure: deps.secureCookies });
  return ok(c, { message: "Signed out" });
}

/** The server's password policy, for every password form (the history's length for the forms of
 * one's own change), and the days a changed password or an approved activation lasts, for the
 * texts that state the period. */
async function passwordPolicy(c: Context<Env>, kv: Deno.Kv) {
  const settings = await getSettings(kv);
  return ok(c, {
    minLength: settings.minPasswordLength,
    rule: passwordRule(settings.minPasswordLength).message,
    passwordExpiryDays: passwordExpiryDaysOf(settings),
    passwordHistory: passwordHistoryOf(settings),
  });
}

/** Routes of sign-in and the session, mounted at /api/auth. */
export function authRoutes(deps: Deps) {
  return new Hono<Env>()
    .post("/login", valid("json", loginBody), (c) => signIn(c, deps, c.req.valid("json")))
    .post("/logout", (c) => signOut(c, deps))
    .get("/password-policy", (c) => passwordPolicy(c, deps.kv))
    .post(
      "/step-up",
      valid("json", stepUpBody),
      (c) => stepUp(c, deps, c.req.valid("json").password),
    )
    .get("/me", (c) =>
      ok(c, {
        ok: true,
        // the policy as it stands now: one set since the sign-in applies to this session too
        user: sessionUser(
          withExpiryPolicy(signedIn(c), c.get("settings")),
          setupDeadline(c.get("settings"), signedIn(c)),
          deps.now(),
        ),
      }));
}
