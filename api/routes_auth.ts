// Sign-in, sign-out, the session check, own password changes and the requests staff send from the
// sign-in page (which answer the same whether the code exists or not).

import { type Context, Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import {
  hashPassword,
  lockDuration,
  MAX_ATTEMPTS,
  newToken,
  PASSWORD_DAYS,
  SESSION_MS,
  verifyPassword,
} from "./auth.ts";
import { callerAddress, cookieName, type Deps, type Env, fail, ok, valid } from "./http.ts";
import { ANONYMOUS, audit, keys, putUser, type SessionRecord, type UserRecord } from "./store.ts";
import { expiryFromNow, getSettings, newPasswordProblem, sessionUser } from "./users.ts";

const code = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(40, "Employee code is too long")
    .transform((s) => s.toUpperCase());

const loginBody = z.object({
  employeeCode: code("Please enter your employee code"),
  password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password")
    .max(200),
}).strict();

const changeBody = z.object({
  currentPassword: z.string({ error: "Please enter your current password" }).min(
    1,
    "Please enter your current password",
  ).max(200),
  newPassword: z.string({ error: "Please enter a new password" }).min(
    1,
    "Please enter a new password",
  ).max(200),
}).strict();

const INVALID_LOGIN = "Invalid employee code or password";

/** Failed sign-ins one address may make within ADDRESS_WINDOW_MS before it must wait (429). */
export const ADDRESS_LIMIT = 50;
/** The window of the per-address count of failed sign-ins. */
export const ADDRESS_WINDOW_MS = 15 * 60_000;

interface AddressFailures {
  failures: number;
  since: number;
}

/** Counts a failed sign-in of an address (a lost race only loses one count). */
async function countAddressFailure(kv: Deno.Kv, address: string, now: number): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const entry = await kv.get<AddressFailures>(keys.addressFailures(address));
    const current = entry.value !== null && entry.value.since + ADDRESS_WINDOW_MS > now
      ? entry.value
      : { failures: 0, since: now };
    const res = await kv.atomic().check(entry).set(
      keys.addressFailures(address),
      { failures: current.failures + 1, since: current.since },
      { expireIn: ADDRESS_WINDOW_MS },
    ).commit();
    if (res.ok) return;
  }
}

/** Routes of sign-in, session and sign-in page requests. */
export function authRoutes(deps: Deps) {
  const { kv } = deps;

  async function changeOwnPassword(
    user: UserRecord,
    currentPassword: string,
    newPassword: string,
    tokenHash: string | null,
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
    const op = putUser(kv.atomic().check(entry), after);
    // other sessions of the account end; the one that changed the password stays
    for await (const s of kv.list({ prefix: [...keys.userSessions(user.employeeCode)] })) {
      const hash = s.key[2] as string;
      if (hash !== tokenHash) op.delete(s.key).delete(keys.session(hash));
    }
    audit(op, now, user.employeeCode, "password.change", user.employeeCode, "password changed");
    const res = await op.commit();
    if (!res.ok) {
      return { status: 409 as const, message: "The account changed meanwhile; please try again" };
    }
    return null;
  }

  /** Changes the caller's own password and answers. */
  async function changeAnswer(c: Context<Env>, user: UserRecord, current: string, next: string) {
    const problem = await changeOwnPassword(user, current, next, c.get("tokenHash"));
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
        const now = deps.now();
        const address = callerAddress(c, deps);
        const failures = (await kv.get<AddressFailures>(keys.addressFailures(address))).value;
        if (
          failures !== null && failures.since + ADDRESS_WINDOW_MS > now &&
          failures.failures >= ADDRESS_LIMIT
        ) {
          const until = new Date(failures.since + ADDRESS_WINDOW_MS).toISOString();
          return fail(
            c,
            429,
            `Too many failed sign-ins from this address. Try again after ${until}.`,
          );
        }
        const entry = await kv.get<UserRecord>(keys.user(employeeCode));
        const user = entry.value;
        const matches = await verifyPassword(password, user?.passwordHash ?? null);
        if (!matches) await countAddressFailure(kv, address, now);
        if (user === null) {
          const op = kv.atomic();
          audit(op, now, ANONYMOUS, "login.failed", employeeCode, "unknown employee code");
          await op.commit();
          return fail(c, 401, INVALID_LOGIN);
        }
        const lockedUntil = user.lockedUntil === null ? 0 : Date.parse(user.lockedUntil);
        if (lockedUntil > now) {
          return fail(
            c,
            423,
            `Account locked after ${MAX_ATTEMPTS} failed sign-ins until ${
              new Date(lockedUntil).toISOString()
            }. Ask an administrator to unlock it.`,
          );
        }
        if (!matches) {
          const attempts = user.loginAttempts + 1;
          const locking = attempts >= MAX_ATTEMPTS;
          const after: UserRecord = locking
            ? {
              ...user,
              loginAttempts: 0,
              lockCount: user.lockCount + 1,
              lockedUntil: new Date(now + lockDuration(user.lockCount)).toISOString(),
            }
            : { ...user, loginAttempts: attempts };
          const op = putUser(kv.atomic().check(entry), after);
          audit(
            op,
            now,
            ANONYMOUS,
            locking ? "login.locked" : "login.failed",
            employeeCode,
            `failed attempt ${attempts}`,
          );
          await op.commit();
          if (locking) {
            return fail(
              c,
              423,
              `Account locked after ${MAX_ATTEMPTS} failed sign-ins until ${after.lockedUntil}. Ask an administrator to unlock it.`,
            );
          }
          return fail(c, 401, INVALID_LOGIN);
        }
        if (!user.isActive) {
          return fail(
            c,
            403,
            "Your account is not active. Send an activation request from the sign-in page.",
          );
        }
        if (user.passwordExpiry !== null && Date.parse(user.passwordExpiry) < now) {
          return fail(
            c,
            403,
            "Your password has expired. Send a password reset request from the sign-in page.",
          );
        }
        const settings = await getSettings(kv);
        const { token, tokenHash } = await newToken();
        const after: UserRecord = {
          ...user,
          loginAttempts: 0,
          lockCount: 0,
          lockedUntil: null,
          lastLogin: new Date(now).toISOString(),
          lastSeen: new Date(now).toISOString(),
          needsPasswordChange: user.needsPasswordChange || password === settings.defaultPassword,
        };
        const record: SessionRecord = { employeeCode, createdAt: now, expiresAt: now + SESSION_MS };
        const op = putUser(kv.atomic().check(entry), after)
          .set(keys.session(tokenHash), record, { expireIn: SESSION_MS })
          .set(keys.userSession(employeeCode, tokenHash), true, { expireIn: SESSION_MS });
        audit(op, now, employeeCode, "login.success", employeeCode, "signed in");
        const res = await op.commit();
        if (!res.ok) {
          return fail(
            c,
            409,
            "Sign-in collided with a change to the account; please try again",
          );
        }
        setCookie(c, cookieName(deps.secureCookies), token, {
          httpOnly: true,
          sameSite: "Strict",
          secure: deps.secureCookies,
          path: "/",
          maxAge: SESSION_MS / 1000,
        });
        return ok(c, { token, user: sessionUser(after) });
      },
    )
    .post("/api/auth/logout", async (c) => {
      const tokenHash = c.get("tokenHash");
      const user = c.get("user");
      if (tokenHash !== null && user !== null) {
        const op = kv.atomic().delete(keys.session(tokenHash)).delete(
          keys.userSession(user.employeeCode, tokenHash),
        );
        audit(op, deps.now(), user.employeeCode, "logout", user.employeeCode, "signed out");
        await op.commit();
      }
      deleteCookie(c, cookieName(deps.secureCookies), { path: "/", secure: deps.secureCookies });
      return ok(c, { message: "Signed out" });
    })
    .get(
      "/api/auth/me",
      (c) => ok(c, { ok: true, user: sessionUser(c.get("user")!) }),
    )
    .post(
      "/api/users/change-password",
      valid("json", changeBody.extend({ employeeCode: code("Please enter your employee code") })),
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
      valid("param", z.object({ code: code("Employee code is required") })),
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
