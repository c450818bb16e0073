// The second step of a sign-in and the sign-in with a passkey, mounted at /api/auth (issue 26).
// A wrong code or passkey counts toward the account's lockout exactly as a wrong password does,
// and no session exists before the second factor is right.

import { type Context, Hono } from "hono";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { releaseSlot, takeSlot } from "../auth/signin_state.ts";
import { epochOf } from "../auth/sessions.ts";
import { finishSignIn, lockedAnswer, refusalNow, settleFailure } from "../auth/sign_in.ts";
import { countOne } from "../auth/throttle.ts";
import { callerAddress, type Deps, type Env, fail, ok, valid } from "../http.ts";
import { passkeyOptionsBody, passkeySignInBody, secondFactorBody } from "../rules/two_factor.ts";
import { ANONYMOUS, audit, auditAt, type AuditSettings } from "../store/audit.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { getSettings } from "../settings/settings.ts";
import { notePasskeyUse, spendRecovery, spendTotp, type Used } from "./factors.ts";
import { authenticationOptions, verifyAuthentication } from "./passkeys.ts";
import { readSecondStep, rememberDays, rememberDevice, type SecondStep } from "./second_step.ts";
import { readTwoFactor } from "./store.ts";
import { withLock } from "../auth/lock_history.ts";
import { type Problem, say } from "../rules/messages.ts";

/** Passkey challenges one address may ask for in the window (they are kept in KV). */
const OPTIONS_LIMIT = 60;
const OPTIONS_WINDOW_MS = 15 * 60_000;

/** What the factor step of a sign-in works with once its slot is taken. */
interface Factor {
  deps: Deps;
  entry: Deno.KvEntry<UserRecord>;
  slotId: string;
  /** The second step it finishes (null: a sign-in with a passkey alone). */
  step: Deno.KvEntry<SecondStep> | null;
  remember: boolean;
  /** A passkey alone (user-verified): a lock of password guesses does not stop it. */
  pastLock: boolean;
  /** The settings as read with the account: the step's audit entries are kept for their
   * retention. */
  settings: AuditSettings;
}

/** Takes the account's slot and reads it: the factor's context, or the answer that ends here
 * (locked, gone, refused). */
async function begin(
  c: Context<Env>,
  deps: Deps,
  code: string,
  step: Deno.KvEntry<SecondStep> | null,
  remember: boolean,
): Promise<Factor | ReturnType<typeof fail> | ReturnType<typeof lockedAnswer>> {
  // a passkey alone is user-verified (passkeys.ts): password guesses do not lock it out
  const pastLock = step === null;
  const slot = await takeSlot(deps.kv, code, deps.now, true, pastLock);
  if (slot.kind === "locked") return lockedAnswer(c, slot);
  const [entry, stored] = await deps.kv.getMany<[UserRecord, AuditSettings]>([
    keys.user(code),
    keys.settings(),
  ]);
  if (entry.value === null || (step !== null && epochOf(entry.value) !== step.value.epoch)) {
    await releaseSlot(deps.kv, code, slot.id);
    return fail(c, 401, step === null ? "two_factor:passkey_failed" : "two_factor:step_over");
  }
  const refusal = await refusalNow(deps.kv, entry.value, deps.now());
  if (refusal !== null) {
    await releaseSlot(deps.kv, code, slot.id);
    return fail(c, 403, refusal);
  }
  const slotId = slot.id;
  const settings = stored.value ?? {};
  return {
    deps,
    entry: entry as Deno.KvEntry<UserRecord>,
    slotId,
    step,
    remember,
    pastLock,
    settings,
  };
}

/** A wrong factor: counted like a wrong password, audited, perhaps locking. */
async function wrongFactor(
  c: Context<Env>,
  f: Factor,
  what: (n: string) => Problem,
  problem: Problem,
) {
  const now = f.deps.now();
  const user = f.entry.value;
  const outcome = await settleFailure(
    f.deps.kv,
    user.employeeCode,
    f.slotId,
    now,
    true,
    (op, locked, n, lock) => {
      const action = locked ? "login.locked" : "two_factor.failed";
      const at = auditAt(now, f.settings);
      audit(op, at, ANONYMOUS, action, user, withLock(what(String(n)), lock), undefined, {
        address: callerAddress(c, f.deps),
      });
    },
    callerAddress(c, f.deps),
  );
  if (outcome.kind === "locked") return lockedAnswer(c, outcome);
  return fail(c, 401, problem);
}

/** A right factor: the session, the step ended, the PC remembered when asked and allowed. */
async function rightFactor(
  c: Context<Env>,
  f: Factor,
  summary: Problem,
  extra: (op: Deno.AtomicOperation) => void = () => {},
  more: { recoveryCodesLeft?: number } = {},
) {
  const { deps } = f;
  const code = f.entry.value.employeeCode;
  const settings = await getSettings(deps.kv);
  const days = rememberDays(settings);
  const record = f.remember && days > 0 ? (await readTwoFactor(deps.kv, code)).value : null;
  const remember = record === null ? () => {} : rememberDevice(c, deps, code, record, days);
  const entry = await deps.kv.get<UserRecord>(f.entry.key);
  return await finishSignIn(c, deps, entry as Deno.KvEntry<UserRecord>, f.slotId, summary, {
    extra: (op) => {
      if (f.step !== null) op.delete(f.step.key);
      remember(op);
      extra(op);
    },
    more,
    settings,
    pastLock: f.pastLock,
  });
}

/** The second step with an authenticator code or a recovery code. */
async function secondFactor(
  c: Context<Env>,
  deps: Deps,
  body: { token: string; code?: string; recoveryCode?: string; remember?: boolean },
) {
  const step = await readSecondStep(deps.kv, body.token, deps.now());
  if (step === null) return fail(c, 401, "two_factor:step_over");
  const f = await begin(c, deps, step.value.code, step, body.remember === true);
  if (!("deps" in f)) return f;
  const code = step.value.code;
  const now = deps.now();
  const byRecovery = body.recoveryCode !== undefined;
  const used: Used = byRecovery
    ? await spendRecovery(deps, code, body.recoveryCode!)
    : await spendTotp(deps, code, body.code!, now);
  const what = (n: string) =>
    say(byRecovery ? "audit:wrong_recovery_code" : "audit:wrong_authenticator_code", { n });
  if (!used.ok) return await wrongFactor(c, f, what, used.problem);
  if (!byRecovery) return await rightFactor(c, f, say("audit:signed_in_authenticator"));
  const left = used.record.recovery?.hashes.length ?? 0;
  return await rightFactor(c, f, say("audit:signed_in_recovery"), (op) => {
    audit(
      op,
      auditAt(now, f.settings),
      f.entry.value,
      "two_factor.recovery_used",
      f.entry.value,
      `${left} recovery codes left`,
    );
  }, { recoveryCodesLeft: left });
}

/** The challenge of a passkey sign-in: for a second step, or for a passkey alone. */
async function passkeyOptions(c: Context<Env>, deps: Deps, token: string | undefined) {
  const now = deps.now();
  const asked = await countOne(
    deps.kv,
    "passkey-options",
    callerAddress(c, deps),
    now,
    OPTIONS_WINDOW_MS,
  );
  if (asked > OPTIONS_LIMIT) {
    return fail(c, 429, "two_factor:passkeys_throttled");
  }
  if (token === undefined) return ok(c, await authenticationOptions(c, deps, null));
  const step = await readSecondStep(deps.kv, token, now);
  if (step === null) return fail(c, 401, "two_factor:step_over");
  const record = (await readTwoFactor(deps.kv, step.value.code)).value;
  if (record === null || record.passkeys.length === 0) {
    return fail(c, 400, "two_factor:unknown_passkey");
  }
  return ok(c, await authenticationOptions(c, deps, { code: step.value.code, record }));
}

/** A passkey sign-in: the second step of one (its token), or a sign-in with the passkey alone. */
async function passkeySignIn(
  c: Context<Env>,
  deps: Deps,
  body: { token?: string; response: unknown; remember?: boolean },
) {
  const response = body.response as AuthenticationResponseJSON;
  const step = body.token === undefined
    ? null
    : await readSecondStep(deps.kv, body.token, deps.now());
  if (body.token !== undefined && step === null) return fail(c, 401, "two_factor:step_over");
  const owner = (await deps.kv.get<string>(keys.passkeyOwner(response.id))).value;
  // the second step of one account is finished only by a passkey of that account
  const code = step?.value.code ?? owner;
  if (code === null) return fail(c, 401, "two_factor:passkey_failed");
  const f = await begin(c, deps, code, step, body.remember === true);
  if (!("deps" in f)) return f;
  const passkey = owner === code
    ? (await readTwoFactor(deps.kv, code)).value?.passkeys.find((p) => p.id === response.id)
    : undefined;
  if (passkey === undefined) {
    return await wrongFactor(
      c,
      f,
      (n) => say("audit:unknown_passkey", { n }),
      say("two_factor:unknown_passkey"),
    );
  }
  const counter = await verifyAuthentication(
    c,
    deps,
    passkey,
    response,
    step === null ? null : code,
  );
  if (counter === null) {
    return await wrongFactor(
      c,
      f,
      (n) => say("audit:wrong_passkey", { name: passkey.name, n }),
      say("two_factor:passkey_failed"),
    );
  }
  await notePasskeyUse(deps.kv, code, passkey.id, counter, new Date(deps.now()).toISOString());
  const how = step === null ? "audit:signed_in_passkey" : "audit:signed_in_password_passkey";
  return await rightFactor(c, f, say(how, { name: passkey.name }));
}

/** Routes of the second step and of passkey sign-in, mounted at /api/auth. */
export function secondStepRoutes(deps: Deps) {
  return new Hono<Env>()
    .post(
      "/login/second-factor",
      valid("json", secondFactorBody),
      (c) => secondFactor(c, deps, c.req.valid("json")),
    )
    .post(
      "/passkey/options",
      valid("json", passkeyOptionsBody),
      (c) => passkeyOptions(c, deps, c.req.valid("json").token),
    )
    .post(
      "/passkey",
      valid("json", passkeySignInBody),
      (c) => passkeySignIn(c, deps, c.req.valid("json")),
    );
}
