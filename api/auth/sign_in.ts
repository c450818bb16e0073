// A sign-in (design 5.3): the address's and the account's counts, the password check off the event
// loop, the one use of a temporary password, and the session. Also the locked answer, which a
// wrong current password on a password change gives too.

import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { HashPoolBusy, type JobTag } from "./hash_pool.ts";
import { hashPool, newToken, verifyPassword } from "./auth.ts";
import { sessionLifetimeMs } from "../rules/sessions.ts";
import { withExpiryPolicy } from "../rules/password_policy.ts";
import { keptUserAgent } from "../rules/user_agent.ts";
import { callerAddress, cookieName, type Deps, type Env, fail, ok } from "../http.ts";
import { ANONYMOUS, audit, auditAt, type AuditSettings } from "../store/audit.ts";
import { keys } from "../store/keys.ts";
import type { Settings, UserRecord } from "../store/records.ts";
import { prepareSession } from "./sessions.ts";
import type { Locked } from "./lock_history.ts";
import { releaseSlot, settleSlot, takeSlot } from "./signin_state.ts";
import { lockText, withLock } from "./lock_history.ts";
import { countOne, noteOnce, uncountOne, windowEnd } from "./throttle.ts";
import { updateUser } from "../users/store.ts";
import { getSettings } from "../settings/settings.ts";
import { sessionUser } from "../users/users.ts";
import { temporaryRefusal } from "./one_time.ts";
import { type Problem, say } from "../rules/messages.ts";
import { hasFactor, readTwoFactor } from "../two_factor/store.ts";
import { setupDeadline } from "../two_factor/policy.ts";
import {
  beginSecondStep,
  isRemembered,
  methodsOf,
  rememberDays,
} from "../two_factor/second_step.ts";

/** Failed sign-ins one address may make within ADDRESS_WINDOW_MS before it must wait (429). */
export const ADDRESS_LIMIT = 50;
/** The window of the per-address count of failed sign-ins. */
export const ADDRESS_WINDOW_MS = 15 * 60_000;
/** How long a sign-in from an address past ADDRESS_LIMIT waits before its check. */
const ADDRESS_SLOW_MS = 1000;

/** The answer of a locked account: the spec-less text with the time and the settings' count of
 * failures, and the time alone for screens that show it in the user's timezone. */
export function lockedAnswer(c: Context<Env>, locked: Locked) {
  const lockedUntil = new Date(locked.until).toISOString();
  const { code, params, message } = say("auth:locked", { count: locked.after, time: lockedUntil });
  return c.json({ success: false as const, code, message, params, lockedUntil }, 423);
}

/** Settles a failed attempt (a wrong password at sign-in or on a password change): counted, and
 * perhaps locking. `note` writes its audit entry in the same write, told whether it locked and
 * which attempt it was, and for a lock what its entry adds (lockText: which lock in a row, and
 * the addresses of its failures); an attempt on an account locked already is not noted again.
 * `address` is the caller's, counted among the failures' sources. */
export function settleFailure(
  kv: Deno.Kv,
  code: string,
  slotId: string,
  now: number,
  known: boolean,
  note: (
    op: Deno.AtomicOperation,
    locked: boolean,
    attempt: number | undefined,
    lock: string,
  ) => void,
  address?: string,
) {
  return settleSlot(kv, code, slotId, false, now, known, (op, o) => {
    if (o.kind === "locked" && !o.counted) return;
    const lock = o.kind === "locked" ? lockText(o, now) : "";
    note(op, o.kind === "locked", o.kind === "failed" || o.kind === "locked" ? o.attempt : 0, lock);
  }, { address });
}

/** The hash pool's tag of a sign-in's check: its lane is its address, and the address and the
 * code each hold a bounded share of the queue; an address past its limit of failures has one
 * check at a time, so that the workers stay free for everyone else. */
export function signInTag(address: string, employeeCode: string, throttled = false): JobTag {
  const owners = [`address ${address}`, `sign-in ${employeeCode}`];
  return { signIn: true, owners, ...(throttled ? { share: 1 } : {}) };
}

/** What one sign-in works with once its counts are taken. */
interface Attempt {
  deps: Deps;
  employeeCode: string;
  slotId: string;
  address: string;
  throttled: boolean;
  /** The settings as read with the account: a failure's audit entry is kept for their
   * retention. */
  settings: AuditSettings;
}

/** A sign-in, answered. */
export async function signIn(
  c: Context<Env>,
  deps: Deps,
  body: { employeeCode: string; password: string },
) {
  const { kv } = deps;
  const { employeeCode, password } = body;
  const address = callerAddress(c, deps);
  // the address is counted first, before the hash queue and before the slow check, so a burst
  // cannot all pass a count read before any of it was added, and an attempt told the server is
  // busy counts too; a success takes its count back. Past the limit the address is slowed and
  // its failures told to wait, but a right password still signs in: a station's NAT or a proxy
  // must not shut a whole airport out (design 5.3)
  const tried = await countOne(kv, "address", address, deps.now(), ADDRESS_WINDOW_MS);
  const throttled = tried > ADDRESS_LIMIT;
  if (throttled) await new Promise((r) => setTimeout(r, ADDRESS_SLOW_MS));
  // the hash queue is shared by address and by code (auth/hash_pool.ts): one that has its share
  // in it waits its turn, told so at once, and the others still find room
  const tag = signInTag(address, employeeCode, throttled);
  if (!hashPool().admits(tag)) return fail(c, 429, new HashPoolBusy().problem);
  // the settings in the same read: a failure's audit entry is kept as long as they say
  const [entry, stored] = await kv.getMany<[UserRecord, AuditSettings]>([
    keys.user(employeeCode),
    keys.settings(),
  ]);
  const user = entry.value;
  const slot = await takeSlot(kv, employeeCode, deps.now, user !== null);
  if (slot.kind === "locked") return lockedAnswer(c, slot);
  const settings = stored.value ?? {};
  const attempt: Attempt = { deps, employeeCode, slotId: slot.id, address, throttled, settings };
  let matches: boolean;
  try {
    matches = await verifyPassword(password, user?.passwordHash ?? null, tag);
  } catch (err) {
    if (!(err instanceof HashPoolBusy)) throw err;
    // not an attempt on the account after all: its slot is given back (the address's count
    // stays: a busy answer is no free try)
    await releaseSlot(kv, employeeCode, slot.id, user !== null);
    return fail(c, 429, err.problem);
  }
  if (!matches || user === null) return await wrongPassword(c, attempt, user);
  return await rightPassword(c, attempt, entry as Deno.KvEntry<UserRecord>);
}

/** A wrong password (or an unknown code): counted, audited, perhaps locking. Past the address
 * limit a failure is counted (the address's count) but not audited one by one: one entry says the
 * address passed the limit, and locks are still audited. */
async function wrongPassword(c: Context<Env>, attempt: Attempt, user: UserRecord | null) {
  const { deps, employeeCode } = attempt;
  const known = user !== null;
  const now = deps.now();
  const outcome = await settleFailure(
    deps.kv,
    employeeCode,
    attempt.slotId,
    now,
    known,
    (op, locked, n, lock) => {
      if (attempt.throttled && !locked) return;
      const said = say(known ? "audit:failed_attempt" : "audit:unknown_code_attempt", {
        n: String(n),
      });
      const summary = withLock(said, lock);
      audit(
        op,
        auditAt(now, attempt.settings),
        ANONYMOUS,
        locked ? "login.locked" : "login.failed",
        user ?? employeeCode,
        summary,
        undefined,
        { address: attempt.address },
      );
    },
    attempt.address,
  );
  if (outcome.kind === "locked") return lockedAnswer(c, outcome);
  if (!attempt.throttled) return fail(c, 401, "auth:invalid_login");
  const until = new Date(windowEnd(now, ADDRESS_WINDOW_MS)).toISOString();
  await noteOnce(deps.kv, "address-noted", attempt.address, now, ADDRESS_WINDOW_MS, (op) => {
    const summary = `more than ${ADDRESS_LIMIT} failed sign-ins from this address in ` +
      `${ADDRESS_WINDOW_MS / 60_000} min: its failures until ${until} are counted, not logged ` +
      "one by one";
    const at = auditAt(now, attempt.settings);
    audit(op, at, ANONYMOUS, "login.failed", user ?? employeeCode, summary, undefined, {
      address: attempt.address,
    });
  });
  return fail(c, 429, "auth:address_throttled", { time: until });
}

/** Why a right password (or a passkey) still does not sign in now, or null. */
export function refusalOf(user: UserRecord, now: number): Problem | null {
  if (!user.isActive) return say("auth:not_active");
  return temporaryRefusal(user, now) ??
    (user.passwordExpiry !== null && Date.parse(user.passwordExpiry) < now
      ? say("auth:password_expired_request")
      : null);
}

/** `refusalOf` with the expiry setting applied (off, no date expires a password): the settings
 * are read only for a password past its date. */
export async function refusalNow(kv: Deno.Kv, user: UserRecord, now: number) {
  const expired = user.passwordExpiry !== null && Date.parse(user.passwordExpiry) < now;
  return refusalOf(expired ? withExpiryPolicy(user, await getSettings(kv)) : user, now);
}

/** A right password: the refusals, then the second step for an account with a second factor
 * (unless this PC is remembered for it), else the session. */
async function rightPassword(c: Context<Env>, attempt: Attempt, entry: Deno.KvEntry<UserRecord>) {
  const { deps, employeeCode, slotId } = attempt;
  const { kv } = deps;
  const now = deps.now();
  // the password was right: this was no failure of the address
  await uncountOne(kv, "address", attempt.address, now, ADDRESS_WINDOW_MS);
  const refusal = await refusalNow(kv, entry.value, now);
  if (refusal !== null) {
    await releaseSlot(kv, employeeCode, slotId);
    return fail(c, 403, refusal);
  }
  const factors = entry.value.twoFactorEnabled
    ? (await readTwoFactor(kv, employeeCode)).value
    : null;
  if (hasFactor(factors)) {
    const settings = await getSettings(kv);
    if (!(await isRemembered(c, kv, entry.value, factors, settings))) {
      // no session yet, and no success counted: the failures so far stand until the second
      // factor is right, so a known password does not buy more guesses at the code
      await releaseSlot(kv, employeeCode, slotId);
      const token = await beginSecondStep(kv, entry.value, now);
      const days = rememberDays(settings);
      return ok(c, {
        secondFactor: {
          token,
          methods: methodsOf(factors),
          canRemember: days > 0,
          rememberDays: days,
        },
      });
    }
    return await finishSignIn(
      c,
      deps,
      entry,
      slotId,
      say("audit:signed_in_remembered"),
      { settings },
    );
  }
  return await finishSignIn(c, deps, entry, slotId, say("audit:signed_in"));
}

/**
 * Issues the session of a sign-in whose checks all passed (the password, and the second factor
 * when the account has one): the temporary password spent, the attempt settled as a success
 * with `summary` audited and `extra` in the same write, the cookie set; `more` joins the answer.
 * `settings` are those the caller read already (read here when not given); `pastLock` lets a
 * user-verified passkey sign in while password guesses hold the account locked.
 */
export async function finishSignIn(
  c: Context<Env>,
  deps: Deps,
  entry: Deno.KvEntry<UserRecord>,
  slotId: string,
  summary: Problem,
  opts: {
    extra?: (op: Deno.AtomicOperation) => void;
    more?: { recoveryCodesLeft?: number };
    settings?: Settings;
    /** A user-verified passkey: signs in past a lock of password guesses (which stays). */
    pastLock?: boolean;
  } = {},
) {
  const { extra = () => {}, more = {} } = opts;
  const { kv } = deps;
  const employeeCode = entry.value.employeeCode;
  const now = deps.now();
  // a temporary password opens one sign-in: it is spent before the session exists, in a write
  // checked against the record read, so two sign-ins with it cannot both pass
  const signedIn = await spendTemporary(kv, entry, now);
  if ("code" in signedIn) {
    await releaseSlot(kv, employeeCode, slotId);
    return fail(c, signedIn.code === "account:changed_retry" ? 409 : 403, signedIn);
  }
  const settings = opts.settings ?? await getSettings(kv);
  const setupBy = setupDeadline(settings, signedIn);
  const { token, tokenHash } = newToken();
  // the lifetime in force now is the session's for good; its list shows where it came from
  const lifetimeMs = sessionLifetimeMs(settings);
  // the session is written with the sign-in's settling: read the user's sessions first
  const addSession = await prepareSession(kv, signedIn, tokenHash, now, {
    ...(setupBy === null ? {} : { twoFactorSetupBy: setupBy }),
    address: callerAddress(c, deps),
    userAgent: keptUserAgent(c.req.header("user-agent")),
    lifetimeMs,
  });
  const outcome = await settleSlot(kv, employeeCode, slotId, true, now, true, (op, o) => {
    if (o.kind !== "success") return;
    addSession(op);
    extra(op);
    audit(op, auditAt(now, settings), signedIn, "login.success", signedIn, summary, undefined, {
      address: callerAddress(c, deps),
    });
  }, { pastLock: opts.pastLock === true });
  if (outcome.kind === "locked") return lockedAnswer(c, outcome);
  setCookie(c, cookieName(deps.secureCookies), token, {
    httpOnly: true,
    sameSite: "Strict",
    secure: deps.secureCookies,
    path: "/",
    maxAge: lifetimeMs / 1000,
  });
  const user = sessionUser(withExpiryPolicy(signedIn, settings), setupBy, now);
  return ok(c, { token, user, ...more });
}

/** Marks a temporary password used (the user as written), or why it cannot sign in now. */
async function spendTemporary(
  kv: Deno.Kv,
  entry: Deno.KvEntry<UserRecord>,
  now: number,
): Promise<UserRecord | Problem> {
  const t = entry.value.temporaryPassword;
  if (t == null) return entry.value;
  const spent = { ...entry.value, temporaryPassword: { ...t, used: true } };
  if ((await updateUser(kv, entry, spent)).ok) return spent;
  const again = (await kv.get<UserRecord>(entry.key)).value;
  return (again && temporaryRefusal(again, now)) ?? say("account:changed_retry");
}
