// The caller's own second factors, mounted at /api/auth/two-factor (issue 26): an authenticator
// app (begun, then confirmed by one code), passkeys (registered, renamed, removed) and recovery
// codes (ten, shown once, made again on request). Every route acts on the session's own account
// only: none takes an employee code. Each change is audited. Beginning an app or a passkey,
// removing one and new recovery codes ask for the password again (auth/step_up.ts): a session
// alone must not lock its owner out, turn the second factor off or take the codes. Setting one up
// or removing one ends the account's other sessions; the one that made the change stays
// (issue 48, item 14).

import { type Context, Hono } from "hono";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { type Deps, type Env, fail, ok, signedIn, valid } from "../http.ts";
import {
  confirmTotpBody,
  passkeyIdParam,
  passwordBody,
  registerPasskeyBody,
  renamePasskeyBody,
  requiresTwoFactor,
} from "../rules/two_factor.ts";
import { audit, auditAt } from "../store/audit.ts";
import type { UserRecord } from "../store/records.ts";
import { getSettings } from "../settings/settings.ts";
import { withPassword, type WrongPasswordAudit } from "../auth/step_up.ts";
import { epochOf, keepSession } from "../auth/sessions.ts";
import { registrationOptions, verifyRegistration } from "./passkeys.ts";
import { newRecoveryCodes } from "./recovery.ts";
import { keyOf, open, recoveryKeyOf, seal } from "./secret_box.ts";
import { statusOf } from "./status.ts";
import {
  changeTwoFactor,
  emptyRecord,
  hasFactor,
  MAX_PASSKEYS,
  readTwoFactor,
  type TwoFactorChange,
  type TwoFactorRecord,
  type TwoFactorRefusal,
} from "./store.ts";
import { acceptedStep, newTotpSecret, otpauthUri } from "./totp.ts";
import { refusal, say } from "../rules/messages.ts";

/** The caller's record, or an empty one. */
async function own(deps: Deps, user: UserRecord) {
  return (await readTwoFactor(deps.kv, user.employeeCode)).value ?? emptyRecord();
}

/** Answers a change of the caller's factors: the status after (and recovery codes to show once),
 * or the refusal. */
async function answer(
  c: Context<Env>,
  deps: Deps,
  user: UserRecord,
  change: (record: TwoFactorRecord) => TwoFactorChange | TwoFactorRefusal,
  shown?: () => string[] | null,
) {
  const out = await changeTwoFactor(deps.kv, user.employeeCode, (r) => change(r ?? emptyRecord()));
  if ("status" in out) return fail(c, out.status, out);
  const status = statusOf(out.record, out.user, await getSettings(deps.kv));
  return shown === undefined ? ok(c, status) : ok(c, { status, recoveryCodes: shown() });
}

/** A change of the caller's own factors that ends their other sessions (a session stolen before
 * it ends with it); the caller's own session is kept in the new epoch, in the same write. */
function endingOthers(c: Context<Env>, change: TwoFactorChange): TwoFactorChange {
  const session = c.get("session");
  const tokenHash = c.get("tokenHash");
  return {
    ...change,
    endSessions: true,
    extra: (op, user) => {
      change.extra?.(op, user);
      if (session !== null && tokenHash !== null) {
        keepSession(op, session, tokenHash, epochOf(user));
      }
    },
  };
}

/** Ten new recovery codes (`fresh`, made before the write) when the record has none (a first
 * factor): the record with them, and the codes to show. */
function withRecovery(
  record: TwoFactorRecord,
  now: number,
  fresh: { codes: string[]; hashes: string[] },
) {
  if (record.recovery !== null && record.recovery.hashes.length > 0) {
    return { record, codes: null };
  }
  const { codes, hashes } = fresh;
  return {
    record: { ...record, recovery: { hashes, createdAt: new Date(now).toISOString() } },
    codes,
  };
}

/** The record without a factor, refused when it was the last one and the policy requires one. */
async function withoutFactor(deps: Deps, user: UserRecord) {
  const required = requiresTwoFactor((await getSettings(deps.kv)).twoFactorPolicy, user.role);
  return (record: TwoFactorRecord): TwoFactorRecord | null | TwoFactorRefusal => {
    if (required && !hasFactor(record)) return refusal(409, "two_factor:last_factor");
    // with no factor left the record goes, recovery codes and remembered PCs with it
    return hasFactor(record) ? record : null;
  };
}

/** Begins an authenticator enrolment: a new secret, kept sealed until a code confirms it. */
async function startTotp(c: Context<Env>, deps: Deps, user: UserRecord) {
  if ((await own(deps, user)).totp !== null) {
    return fail(c, 409, "two_factor:totp_exists");
  }
  const secret = newTotpSecret();
  const sealed = await seal(await keyOf(deps), secret, user.employeeCode);
  const out = await changeTwoFactor(deps.kv, user.employeeCode, (r) => ({
    record: { ...(r ?? emptyRecord()), pendingTotp: { sealed, startedAt: deps.now() } },
  }));
  if ("status" in out) return fail(c, out.status, out);
  return ok(c, { secret, uri: otpauthUri(secret, user.employeeCode) });
}

/** Confirms the enrolment begun with one code of the app. */
async function confirmTotp(c: Context<Env>, deps: Deps, user: UserRecord, code: string) {
  const pending = (await own(deps, user)).pendingTotp;
  const secret = pending === null
    ? null
    : await open(await keyOf(deps), pending.sealed, user.employeeCode);
  if (pending === null || secret === null) {
    return fail(c, 400, "two_factor:begin_first");
  }
  const now = deps.now();
  const at = auditAt(now, c.get("settings"));
  const step = acceptedStep(secret, code, now, -1);
  if (step === null) return fail(c, 400, "two_factor:wrong_code");
  let codes: string[] | null = null;
  const fresh = await newRecoveryCodes(await recoveryKeyOf(deps), user.employeeCode);
  return await answer(c, deps, user, (r) => {
    if (r.pendingTotp?.sealed !== pending.sealed) {
      return refusal(409, "two_factor:begin_again");
    }
    const enrolled = {
      ...r,
      pendingTotp: null,
      totp: { sealed: pending.sealed, enrolledAt: new Date(now).toISOString(), lastStep: step },
    };
    const made = withRecovery(enrolled, now, fresh);
    codes = made.codes;
    return endingOthers(c, {
      record: made.record,
      extra: (op, u) => audit(op, at, u, "two_factor.enrol", u, say("audit:authenticator_set_up")),
    });
  }, () => codes);
}

/** Removes the authenticator app. */
async function removeTotp(c: Context<Env>, deps: Deps, user: UserRecord) {
  const rule = await withoutFactor(deps, user);
  const now = deps.now();
  const at = auditAt(now, c.get("settings"));
  return await answer(c, deps, user, (r) => {
    if (r.totp === null) return refusal(404, "two_factor:no_totp");
    const after = rule({ ...r, totp: null });
    if (after !== null && "status" in after) return after;
    return endingOthers(c, {
      record: after,
      extra: (op, u) =>
        audit(op, at, u, "two_factor.remove", u, say("audit:authenticator_removed")),
    });
  });
}

/** Registers a passkey from the browser's answer to the options asked for before. */
async function addPasskey(
  c: Context<Env>,
  deps: Deps,
  user: UserRecord,
  body: { name: string; response: unknown },
) {
  const passkey = await verifyRegistration(
    c,
    deps,
    user,
    body.response as RegistrationResponseJSON,
    body.name,
  );
  if (passkey === null) return fail(c, 400, "two_factor:passkey_not_registered");
  const now = deps.now();
  const at = auditAt(now, c.get("settings"));
  let codes: string[] | null = null;
  const fresh = await newRecoveryCodes(await recoveryKeyOf(deps), user.employeeCode);
  return await answer(c, deps, user, (r) => {
    if (r.passkeys.length >= MAX_PASSKEYS) {
      return refusal(409, "two_factor:passkeys_max", { count: MAX_PASSKEYS });
    }
    const made = withRecovery({ ...r, passkeys: [...r.passkeys, passkey] }, now, fresh);
    codes = made.codes;
    return endingOthers(c, {
      record: made.record,
      extra: (op, u) =>
        audit(op, at, u, "two_factor.enrol", u, say("audit:passkey_added", { name: passkey.name })),
    });
  }, () => codes);
}

/** Renames or removes one of the caller's passkeys. */
async function changePasskey(
  c: Context<Env>,
  deps: Deps,
  user: UserRecord,
  id: string,
  name: string | null,
) {
  const rule = await withoutFactor(deps, user);
  const now = deps.now();
  const at = auditAt(now, c.get("settings"));
  return await answer(c, deps, user, (r) => {
    const passkey = r.passkeys.find((p) => p.id === id);
    if (passkey === undefined) return refusal(404, "two_factor:passkey_unknown");
    if (name !== null) {
      return {
        record: { ...r, passkeys: r.passkeys.map((p) => (p.id === id ? { ...p, name } : p)) },
      };
    }
    const after = rule({ ...r, passkeys: r.passkeys.filter((p) => p.id !== id) });
    if (after !== null && "status" in after) return after;
    return endingOthers(c, {
      record: after,
      extra: (op, u) =>
        audit(
          op,
          at,
          u,
          "two_factor.remove",
          u,
          say("audit:passkey_removed", { name: passkey.name }),
        ),
    });
  });
}

/** Ten new recovery codes; the old ones stop working. */
async function newCodes(c: Context<Env>, deps: Deps, user: UserRecord) {
  const { codes, hashes } = await newRecoveryCodes(
    await recoveryKeyOf(deps),
    user.employeeCode,
  );
  const now = deps.now();
  const at = auditAt(now, c.get("settings"));
  const out = await changeTwoFactor(deps.kv, user.employeeCode, (r) => {
    if (!hasFactor(r)) {
      return refusal(409, "two_factor:set_up_method");
    }
    return {
      record: { ...r!, recovery: { hashes, createdAt: new Date(now).toISOString() } },
      extra: (op, u) =>
        audit(op, at, u, "two_factor.recovery_codes", u, say("audit:recovery_codes_made")),
    };
  });
  if ("status" in out) return fail(c, out.status, out);
  return ok(c, { recoveryCodes: codes });
}

/** How a wrong password on a change of the second factors is audited. */
const TWO_FACTOR_CHANGE: WrongPasswordAudit = {
  failed: "two_factor.password_failed",
  locked: "two_factor.password_locked",
};

/** Routes of the caller's own second factors, mounted at /api/auth/two-factor. */
export function enrolRoutes(deps: Deps) {
  const me = (c: Context<Env>) => signedIn(c);
  /** Runs `act` for the caller once `password` is confirmed (a wrong one is a failed sign-in). */
  const confirmed = <Answer>(
    c: Context<Env>,
    password: string,
    act: (c: Context<Env>, deps: Deps, user: UserRecord) => Promise<Answer>,
  ) => withPassword(c, deps, password, TWO_FACTOR_CHANGE, () => act(c, deps, me(c)));
  return new Hono<Env>()
    .get(
      "/",
      async (c) =>
        ok(
          c,
          statusOf(
            (await readTwoFactor(deps.kv, me(c).employeeCode)).value,
            me(c),
            await getSettings(deps.kv),
          ),
        ),
    )
    .post(
      "/totp",
      valid("json", passwordBody),
      (c) => confirmed(c, c.req.valid("json").password, startTotp),
    )
    .post(
      "/totp/confirm",
      valid("json", confirmTotpBody),
      (c) => confirmTotp(c, deps, me(c), c.req.valid("json").code),
    )
    .delete(
      "/totp",
      valid("json", passwordBody),
      (c) => confirmed(c, c.req.valid("json").password, removeTotp),
    )
    .post(
      "/passkeys/options",
      valid("json", passwordBody),
      (c) =>
        confirmed(
          c,
          c.req.valid("json").password,
          async (c, deps, user) =>
            ok(c, await registrationOptions(c, deps, user, await own(deps, user))),
        ),
    )
    .post(
      "/passkeys",
      valid("json", registerPasskeyBody),
      (c) => addPasskey(c, deps, me(c), c.req.valid("json")),
    )
    .patch(
      "/passkeys/:id",
      valid("param", passkeyIdParam),
      valid("json", renamePasskeyBody),
      (c) => changePasskey(c, deps, me(c), c.req.valid("param").id, c.req.valid("json").name),
    )
    .delete(
      "/passkeys/:id",
      valid("param", passkeyIdParam),
      valid("json", passwordBody),
      (c) =>
        confirmed(
          c,
          c.req.valid("json").password,
          (_, deps, user) => changePasskey(c, deps, user, c.req.valid("param").id, null),
        ),
    )
    .post(
      "/recovery-codes",
      valid("json", passwordBody),
      (c) => confirmed(c, c.req.valid("json").password, newCodes),
    );
}
