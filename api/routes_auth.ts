// Sign-in, sign-out, the session check, own password changes and the requests staff send from the
// sign-in page (which answer the same whether the code exists or not).

import { type Context, Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { HashPoolBusy } from "./hash_pool.ts";
import {
  hashPassword,
  hashPool,
  MAX_ATTEMPTS,
  newToken,
  PASSWORD_DAYS,
  SESSION_MS,
  verifyPassword,
} from "./auth.ts";
import { callerAddress, cookieName, type Deps, type Env, fail, ok, valid } from "./http.ts";
import { ANONYMOUS, audit, keys, type SessionRecord, type UserRecord } from "./store.ts";
import { passwordRule } from "./rules/password.ts";
import { endSession, epochOf, keepSession, prepareSession, withSessionsEnded } from "./sessions.ts";
import { releaseSlot, settleSlot, takeSlot } from "./signin_state.ts";
import { countOne, uncountOne, windowEnd } from "./throttle.ts";
import { changeBody, codeParam, loginBody, ownChangeBody } from "./rules/user_schemas.ts";
import { updateUser } from "./user_store.ts";
import { expiryFromNow, getSettings, newPasswordProblem, sessionUser } from "./users.ts";

const INVALID_LOGIN = "Invalid employee code or password";

/** Failed sign-ins one address may make within ADDRESS_WINDOW_MS before it must wait (429). */
export const ADDRESS_LIMIT = 50;
/** The window of the per-address count of failed sign-ins. */
export const ADDRESS_WINDOW_MS = 15 * 60_000;

/** The answer of a locked account: the spec-less text with the time, and the time alone for
 * screens that show it in the user's timezone. */
function lockedAnswer(c: Context<Env>, until: number) {
  const lockedUntil = new Date(until).toISOString();
  return c.json({
    success: false as const,
    message:
      `Account locked after ${MAX_ATTEMPTS} failed sign-ins until ${lockedUntil}. Ask an administrator to unlock it.`,
    lockedUntil,
  }, 423);
}

/** Routes of sign-in, session and sign-in page requests. */
export function authRoutes(deps: Deps) {
  const { kv } = deps;

  async function changeOwnPassword(
    user: UserRecord,
    currentPassword: string,
    newPassword: string,
    tokenHash: string | null,
    session: SessionRecord | null,
  ) {
    const entry = await kv.get<UserRecord>(keys.user(user.employeeCode));
    if (entry.value === null) {
      return { status: 404 as const, message: `User ${user.employeeCode} not found` };
    }
    if (!(await verifyPassword(currentPassword, entry.value.passwordHash))) {
      return { status: 400 as const, message: "Current password is incorrect" };
    }
    const settings = await getSettings(kv);
    const problem = await newPasswordProblem(entry.value, newPassword, settings);
    if (problem !== null) return { status: 400 as const, message: problem };
    const now = deps.now();
    const iso = new Date(now).toISOString();
    const after: UserRecord = {
      ...entry.value,
      passwordHash: await hashPassword(newPassword),
      lastPasswordChange: iso,
      passwordExpiry: expiryFromNow(PASSWORD_DAYS, now),
      needsPasswordChange: false,
      updatedAt: iso,
      updatedBy: user.employeeCode,
    };
    // other sessions of the account end (a new epoch); the one that changed the password stays
    const ended = withSessionsEnded(after);
    const res = await updateUser(kv, entry as Deno.KvEntry<UserRecord>, ended, (op) => {
      if (session !== null && tokenHash !== null) {
        keepSession(op, session, tokenHash, epochOf(ended));
      }
      audit(op, now, user, "password.change", user, "password changed");
    });
    if (!res.ok) {
      return { status: 409 as const, message: "The account changed meanwhile; please try again" };
    }
    return null;
  }

  /** Changes the caller's own password and answers. */
  async function changeAnswer(c: Context<Env>, user: UserRecord, current: string, next: string) {
    const problem = await changeOwnPassword(
      user,
      current,
      next,
      c.get("tokenHash"),
      c.get("session"),
    );
    return problem === null
      ? ok(c, { message: "Password changed" })
      : fail(c, problem.status, problem.message);
  }

  return new Hono<Env>()
    .get(
      "/health",
      (c) => ok(c, { message: "Staff Portal backend API", version: "2.0.0" }),
    )
    .post(
      "/api/auth/login",
      valid("json", loginBody),
      async (c) => {
        const { employeeCode, password } = c.req.valid("json");
        // the hash pool's queue is full: a burst is under way, and waiting would only grow it
        if (!hashPool().admits()) return fail(c, 429, new HashPoolBusy().message);
        const address = callerAddress(c, deps);
        // the address's count goes up before the slow check, so a burst cannot all pass a count
        // read before any of it was added; a success takes its count back
        const tried = await countOne(kv, "address", address, deps.now(), ADDRESS_WINDOW_MS);
        if (tried > ADDRESS_LIMIT) {
          await uncountOne(kv, "address", address, deps.now(), ADDRESS_WINDOW_MS);
          const until = new Date(windowEnd(deps.now(), ADDRESS_WINDOW_MS)).toISOString();
          return fail(
            c,
            429,
            `Too many failed sign-ins from this address. Try again after ${until}.`,
          );
        }
        const entry = await kv.get<UserRecord>(keys.user(employeeCode));
        const user = entry.value;
        const known = user !== null;
        const slot = await takeSlot(kv, employeeCode, deps.now, known);
        if (slot.kind === "locked") return lockedAnswer(c, slot.until);
        let matches: boolean;
        try {
          matches = await verifyPassword(password, user?.passwordHash ?? null);
        } catch (err) {
          if (!(err instanceof HashPoolBusy)) throw err;
          // not an attempt after all: give back the slot and the address's count
          await releaseSlot(kv, employeeCode, slot.id);
          await uncountOne(kv, "address", address, deps.now(), ADDRESS_WINDOW_MS);
          return fail(c, 429, err.message);
        }
        const now = deps.now();
        if (!matches || user === null) {
          const outcome = await settleSlot(
            kv,
            employeeCode,
            slot.id,
            false,
            now,
            known,
            (op, o) => {
              if (o.kind === "locked" && !o.counted) return;
              const what = o.kind === "locked" ? "login.locked" : "login.failed";
              const attempt = o.kind === "failed" || o.kind === "locked" ? o.attempt : 0;
              audit(
                op,
                now,
                ANONYMOUS,
                what,
                user ?? employeeCode,
                known
                  ? `failed attempt ${attempt}`
                  : `unknown employee code, failed attempt ${attempt}`,
              );
            },
          );
          return outcome.kind === "locked"
            ? lockedAnswer(c, outcome.until)
            : fail(c, 401, INVALID_LOGIN);
        }
        // the password was right: this was no failure of the address
        await uncountOne(kv, "address", address, now, ADDRESS_WINDOW_MS);
        const refusal = !user.isActive
          ? "Your account is not active. Send an activation request from the sign-in page."
          : user.passwordExpiry !== null && Date.parse(user.passwordExpiry) < now
          ? "Your password has expired. Send a password reset request from the sign-in page."
          : null;
        if (refusal !== null) {
          await releaseSlot(kv, employeeCode, slot.id);
          return fail(c, 403, refusal);
        }
        const settings = await getSettings(kv);
        const { token, tokenHash } = newToken();
        // the session is written with the sign-in's settling: read the user's sessions first
        const addSession = await prepareSession(kv, user, tokenHash, now);
        const outcome = await settleSlot(kv, employeeCode, slot.id, true, now, true, (op, o) => {
          if (o.kind !== "success") return;
          addSession(op);
          audit(op, now, user, "login.success", user, "signed in");
        });
        if (outcome.kind === "locked") return lockedAnswer(c, outcome.until);
        let signedIn = user;
        // signing in with the default password (set by a reset, an import or an approval, or now
        // the setting) asks for a change: the one write of the user a sign-in can make
        if (!user.needsPasswordChange && password === settings.defaultPassword) {
          signedIn = { ...user, needsPasswordChange: true };
          await updateUser(kv, entry as Deno.KvEntry<UserRecord>, signedIn);
        }
        setCookie(c, cookieName(deps.secureCookies), token, {
          httpOnly: true,
          sameSite: "Strict",
          secure: deps.secureCookies,
          path: "/",
          maxAge: SESSION_MS / 1000,
        });
        return ok(c, { token, user: sessionUser(signedIn) });
      },
    )
    .post("/api/auth/logout", async (c) => {
      const tokenHash = c.get("tokenHash");
      const user = c.get("user");
      const session = c.get("session");
      if (tokenHash !== null && user !== null && session !== null) {
        const op = endSession(kv.atomic(), session, tokenHash);
        audit(op, deps.now(), user, "logout", user, "signed out");
        await op.commit();
      }
      deleteCookie(c, cookieName(deps.secureCookies), { path: "/", secure: deps.secureCookies });
      return ok(c, { message: "Signed out" });
    })
    .get("/api/auth/password-policy", async (c) => {
      const settings = await getSettings(kv);
      return ok(c, {
        minLength: settings.minPasswordLength,
        rule: passwordRule(settings.minPasswordLength),
      });
    })
    .get(
      "/api/auth/me",
      (c) => ok(c, { ok: true, user: sessionUser(c.get("user")!) }),
    )
    .post(
      "/api/users/change-password",
      valid("json", ownChangeBody),
      async (c) => {
        const body = c.req.valid("json");
        const user = c.get("user")!;
        if (body.employeeCode !== user.employeeCode) {
          return fail(c, 403, "You can only change your own password");
        }
        return await changeAnswer(c, user, body.currentPassword, body.newPassword);
      },
    )
    .post(
      "/api/users/:code/change-password",
      valid("param", codeParam),
      valid("json", changeBody),
      async (c) => {
        const user = c.get("user")!;
        if (c.req.valid("param").code !== user.employeeCode) {
          return fail(c, 403, "You can only change your own password");
        }
        const body = c.req.valid("json");
        return await changeAnswer(c, user, body.currentPassword, body.newPassword);
      },
    );
}
