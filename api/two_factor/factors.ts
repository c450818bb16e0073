// Using a second factor: an authenticator code (each time step once), a recovery code (each once),
// a passkey's new counter. Each is one atomic write of the account's record, so two sign-ins with
// the same code cannot both pass.

import { keyOf, open, recoveryKeyOf } from "./secret_box.ts";
import { acceptedStep } from "./totp.ts";
import { storedForms, useRecoveryCode } from "./recovery.ts";
import { changeTwoFactor, readTwoFactor, type TwoFactorRecord } from "./store.ts";
import { type Problem, refusal, say } from "../rules/messages.ts";

/** What using a factor came to: the record after, or why not. */
export type Used = { ok: true; record: TwoFactorRecord } | { ok: false; problem: Problem };

/** Spends an authenticator code of the account: right for a time step near `now` and later than
 * the last one used. */
export async function spendTotp(
  deps: { kv: Deno.Kv; twoFactorKey?: CryptoKey },
  code: string,
  typed: string,
  now: number,
): Promise<Used> {
  const sealed = (await readTwoFactor(deps.kv, code)).value?.totp?.sealed;
  const secret = sealed === undefined ? null : await open(await keyOf(deps), sealed, code);
  if (secret === null) return { ok: false, problem: say("two_factor:wrong_code") };
  const out = await changeTwoFactor(deps.kv, code, (record) => {
    const totp = record?.totp;
    if (record == null || totp == null || totp.sealed !== sealed) {
      return refusal(400, "two_factor:wrong_code");
    }
    const step = acceptedStep(secret, typed, now, totp.lastStep);
    if (step === null) return refusal(400, "two_factor:wrong_code");
    return { record: { ...record, totp: { ...totp, lastStep: step } } };
  });
  return "status" in out ? { ok: false, problem: out } : { ok: true, record: out.record! };
}

/** Spends a recovery code of the account (normalised: upper case, no dash): in one write checked
 * against the record read, so two sign-ins with the same code cannot both pass. */
export async function spendRecovery(
  deps: { kv: Deno.Kv; twoFactorKey?: CryptoKey },
  code: string,
  typed: string,
): Promise<Used> {
  const forms = await storedForms(await recoveryKeyOf(deps), code, typed);
  const out = await changeTwoFactor(deps.kv, code, (record) => {
    const left = record?.recovery ? useRecoveryCode(record.recovery.hashes, forms) : null;
    if (record == null || left === null) return refusal(400, "two_factor:wrong_recovery");
    return { record: { ...record, recovery: { ...record.recovery!, hashes: left } } };
  });
  return "status" in out ? { ok: false, problem: out } : { ok: true, record: out.record! };
}

/** Records a passkey's use: its new counter and when. */
export async function notePasskeyUse(
  kv: Deno.Kv,
  code: string,
  id: string,
  counter: number,
  at: string,
) {
  await changeTwoFactor(kv, code, (record) => {
    if (record === null) return refusal(404, "two_factor:no_passkey");
    const passkeys = record.passkeys.map((
      p,
    ) => (p.id === id ? { ...p, counter, lastUsedAt: at } : p));
    return { record: { ...record, passkeys } };
  });
}
