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
import { callerAddress, cookieName, type Deps, type Env, fail, ok, valid } from "../http.ts";
import { ANONYMOUS, audit, keys, type UserRecord } from "../store.ts";
import { passwordRule } from "../rules/password.ts";
import { endSession, epochOf, keepSession, prepareSession, withSessionsEnded } from "./sessions.ts";
import { releaseSlot, settleSlot, takeSlot } from "./signin_state.ts";
import { countOne, uncountOne, windowEnd } from "./throttle.ts";
import { changeBody, codeParam, loginBody, ownChangeBody } from "../rules/user_schemas.ts";
import { updateUser } from "../users/store.ts";
import { expiryFromNow, getSettings, newPasswordProblem, sessionUser } from "../users/users.ts";
import { temporaryRefusal } from "./one_time.ts";

const INVALID_LOGIN = "Invalid employee code or password";

/** Failed sign-ins one address may make within ADDRESS_WINDOW_MS before it must wait (429). */
export const ADDRESS_LIMIT = 50;
/** The window of the per-address count of failed sign-ins. */
export const ADDRESS_WINDOW_MS = 15 * 60_000;
/** How long a sign-in from an address past ADDRESS_LIMIT waits before its check. */
const ADDRESS_SLOW_MS = 1000;
/** The answer when the account changed under a sign-in. */
const CHANGED = "The account changed meanwhile; please try again";

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
    c: Context<Env>,
    user: UserRecord,
    currentPassword: string,
    newPassword: string,
  ) {
    const code = user.employeeCode;
    const tokenHash = c.get("tokenHash");
    const session = c.get("session");
    // whose hashing this is: bounded per account and per session (auth/hash_pool.ts)
    const tag = { owners: [`account:${code}`, `session:${tokenHash}`] };
    // a wrong current password is a failed sign-in: counted, audited, locking (design 5.3)
    const slot = await takeSlot(kv, code, deps.now, true);
    if (slot.kind === "locked") return lockedAnswer(c, slot.until);
    let settled = false;
    try {
      const entry = await kv.get<UserRecord>(keys.user(code));
      if (entry.value === null) return fail(c, 404, `User ${code} not found`);
      if (!(await verifyPassword(currentPassword, entry.value.passwordHash, tag))) {
        settled = true;
        const now = deps.now();
        const outcome = await settleSlot(kv, code, slot.id, false, now, true, (op, o) => {
          if (o.kind === "locked" && !o.counted) return;
          const what = o.kind === "locked" ? "password.change.locked" : "password.change.failed";
          const attempt = o.kind === "failed" || o.kind === "locked" ? o.attempt : 0;
          audit(op, now, user, what, user, `wrong current password, failed attempt ${attempt}`);
        });
        return outcome.kind === "locked"
          ? lockedAnswer(c, outcome.until)
          : fail(c, 400, "Current password is incorrect");
      }
      const settings = await getSettings(kv);
      const problem = await newPasswordProblem(entry.value, newPassword, settings, tag);
      if (problem !== null) return fail(c, 400, problem);
      const now = deps.now();
      const iso = new Date(now).toISOString();
      // other sessions of the account end (a new epoch); the one that changed the password stays
      const after = withSessionsEnded({
        ...entry.value,
        passwordHash: await hashPassword(newPassword, tag),
        lastPasswordChange: iso,
        passwordExpiry: expiryFromNow(PASSWORD_DAYS, now),
        needsPasswordChange: false,
        temporaryPassword: null,
        updatedAt: iso,
        updatedBy: code,
      });
      const res = await updateUser(kv, entry as Deno.KvEntry<UserRecord>, after, (op) => {
        if (session !== null && tokenHash !== null) {
          keepSession(op, session, tokenHash, epochOf(after));
        }
        audit(op, now, entry.value!, "password.change", entry.value!, "password changed");
      });
      if (!res.ok) return fail(c, 409, "The account changed meanwhile; please try again");
      return null;
    } finally {
      // a right current password (or a check that never ran) was no failed attempt
      if (!settled) await releaseSlot(kv, code, slot.id);
    }
  }

  /** Changes the caller's own password and answers. */
  async function changeAnswer(c: Context<Env>, user: UserRecord, current: string, next: string) {
    const refused = await changeOwnPassword(c, user, current, next);
    return refused ?? ok(c, { message: "Password changed" });
  }

  /** A sign-in: the address's and the account's counts, the password check off the event loop,
   * the one use of a temporary password, and the session (design 5.3). */
  async function signIn(c: Context<Env>, body: { employeeCode: string; password: string }) {
    const { employeeCode, password } = body;
    // the hash pool's queue is full: a burst is under way, and waiting would only grow it
    if (!hashPool().admits({ signIn: true })) return fail(c, 429, new HashPoolBusy().message);
    const address = callerAddress(c, deps);
    // the address's count goes up before the slow check, so a burst cannot all pass a count
    // read before any of it was added; a success takes its count back. Past the limit the
    // address is slowed and its failures told to wait, but a right password still signs in: a
    // station's NAT or a proxy must not shut a whole airport out (design 5.3)
    const tried = await countOne(kv, "address", address, deps.now(), ADDRESS_WINDOW_MS);
    const throttled = tried > ADDRESS_LIMIT;
    if (throttled) await new Promise((r) => setTimeout(r, ADDRESS_SLOW_MS));
    const entry = await kv.get<UserRecord>(keys.user(employeeCode));
    const user = entry.value;
    const known = user !== null;
    const slot = await takeSlot(kv, employeeCode, deps.now, known);
    if (slot.kind === "locked") return lockedAnswer(c, slot.until);
    let matches: boolean;
    try {
      matches = await verifyPassword(password, user?.passwordHash ?? null, { signIn: true });
    } catch (err) {
      if (!(err instanceof HashPoolBusy)) throw err;
      // not an attempt after all: give back the slot and the address's count
      await releaseSlot(kv, employeeCode, slot.id);
      await uncountOne(kv, "address", address, deps.now(), ADDRESS_WINDOW_MS);
      return fail(c, 429, err.message);
    }
    const now = deps.now();
    if (!matches || user === null) {
      const outcome = await settleSlot(kv, employeeCode, slot.id, false, now, known, (op, o) => {
        if (o.kind === "locked" && !o.counted) return;
        const what = o.kind === "locked" ? "login.locked" : "login.failed";
        const attempt = o.kind === "failed" || o.kind === "locked" ? o.attempt : 0;
        const summary = known
          ? `failed attempt ${attempt}`
          : `unknown employee code, failed attempt ${attempt}`;
        audit(op, now, ANONYMOUS, what, user ?? employeeCode, summary);
      });
      if (outcome.kind === "locked") return lockedAnswer(c, outcome.until);
      if (!throttled) return fail(c, 401, INVALID_LOGIN);
      const until = new Date(windowEnd(now, ADDRESS_WINDOW_MS)).toISOString();
      return fail(c, 429, `Too many failed sign-ins from this address. Try again after ${until}.`);
    }
    // the password was right: this was no failure of the address
    await uncountOne(kv, "address", address, now, ADDRESS_WINDOW_MS);
    const refusal = !user.isActive
      ? "Your account is not active. Send an activation request from the sign-in page."
      : temporaryRefusal(user, now) ??
        (user.passwordExpiry !== null && Date.parse(user.passwordExpiry) < now
          ? "Your password has expired. Send a password reset request from the sign-in page."
          : null);
    if (refusal !== null) {
      await releaseSlot(kv, employeeCode, slot.id);
      return fail(c, 403, refusal);
    }
    // a temporary password opens one sign-in: it is spent before the session exists, in a write
    // checked against the record read, so two sign-ins with it cannot both pass
    const signedIn = await spendTemporary(entry as Deno.KvEntry<UserRecord>, now);
    if (typeof signedIn === "string") {
      await releaseSlot(kv, employeeCode, slot.id);
      return fail(c, signedIn === CHANGED ? 409 : 403, signedIn);
    }
    const { token, tokenHash } = newToken();
    // the session is written with the sign-in's settling: read the user's sessions first
    const addSession = await prepareSession(kv, signedIn, tokenHash, now);
    const outcome = await settleSlot(kv, employeeCode, slot.id, true, now, true, (op, o) => {
      if (o.kind !== "success") return;
      addSession(op);
      audit(op, now, signedIn, "login.success", signedIn, "signed in");
    });
    if (outcome.kind === "locked") return lockedAnswer(c, outcome.until);
    setCookie(c, cookieName(deps.secureCookies), token, {
      httpOnly: true,
      sameSite: "Strict",
      secure: deps.secureCookies,
      path: "/",
      maxAge: SESSION_MS / 1000,
    });
    return ok(c, { token, user: sessionUser(signedIn) });
  }

  /** Marks a temporary password used (the user as written), or why it cannot sign in now. */
  async function spendTemporary(
    entry: Deno.KvEntry<UserRecord>,
    now: number,
  ): Promise<UserRecord | string> {
    const t = entry.value.temporaryPassword;
    if (t == null) return entry.value;
    const spent = { ...entry.value, temporaryPassword: { ...t, used: true } };
    if ((await updateUser(kv, entry, spent)).ok) return spent;
    const again = (await kv.get<UserRecord>(entry.key)).value;
    return (again && temporaryRefusal(again, now)) ?? CHANGED;
  }

  return new Hono<Env>()
    .get(
      "/health",
      (c) => ok(c, { message: "Staff Portal backend API", version: "2.0.0" }),
    )
    .post(
      "/api/auth/login",
      valid("json", loginBody),
      async (c) => await signIn(c, c.req.valid("json")),
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
