// The second step of a sign-in (issue 26): after a right password, an account with a second
// factor gets a short-lived token for this step instead of a session; KV keeps only its SHA-256.
// And the PCs remembered after a second factor, when the policy allows it.

import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { newToken, sha256 } from "../auth/auth.ts";
import { epochOf } from "../auth/sessions.ts";
import type { Deps, Env } from "../http.ts";
import { keys } from "../store/keys.ts";
import type { Settings, UserRecord } from "../store/records.ts";
import type { TwoFactorRecord } from "./store.ts";

/** How long the second step waits for its factor. */
export const SECOND_STEP_MS = 5 * 60_000;

/** A sign-in waiting for its second factor. */
export interface SecondStep {
  code: string;
  /** The user's session epoch when the password was right: a reset or a password change since
   * ends the step. */
  epoch: number;
  createdAt: number;
  /** When it expires (ms), which a backup restores (kv/expiry.ts). */
  expiresAt?: number;
}

/** A remembered PC: the id of the account's second factors it was remembered for. */
interface TrustedDevice {
  id: string;
  /** When it is forgotten (ms), which a backup restores (kv/expiry.ts). */
  expiresAt: number;
}

/** Begins the second step of a sign-in; answers its token. */
export async function beginSecondStep(kv: Deno.Kv, user: UserRecord, now: number) {
  const { token, tokenHash } = newToken();
  const step: SecondStep = {
    code: user.employeeCode,
    epoch: epochOf(user),
    createdAt: now,
    expiresAt: now + SECOND_STEP_MS,
  };
  await kv.set(keys.secondStep(tokenHash), step, { expireIn: SECOND_STEP_MS });
  return token;
}

/** The step of a token while it lasts, or null. */
export async function readSecondStep(kv: Deno.Kv, token: string, now: number) {
  const entry = await kv.get<SecondStep>(keys.secondStep(sha256(token.toLowerCase())));
  if (entry.value === null || entry.value.createdAt + SECOND_STEP_MS <= now) return null;
  return entry as Deno.KvEntry<SecondStep>;
}

/** The methods an account can finish its sign-in with. */
export function methodsOf(record: TwoFactorRecord | null): ("totp" | "passkey" | "recovery")[] {
  if (record === null) return [];
  return [
    ...(record.totp !== null ? ["totp" as const] : []),
    ...(record.passkeys.length > 0 ? ["passkey" as const] : []),
    ...((record.recovery?.hashes.length ?? 0) > 0 ? ["recovery" as const] : []),
  ];
}

/** The name of the cookie of a remembered PC. */
const DEVICE_COOKIE = "portal_device";

/** Days a PC may be remembered by the settings (0: never). */
export const rememberDays = (settings: Settings) => settings.rememberDeviceDays ?? 0;

/** Whether the caller's PC is remembered for this account's current second factors. */
export async function isRemembered(
  c: Context<Env>,
  kv: Deno.Kv,
  user: UserRecord,
  record: TwoFactorRecord | null,
  settings: Settings,
): Promise<boolean> {
  const token = getCookie(c, DEVICE_COOKIE);
  if (rememberDays(settings) === 0 || record === null || token === undefined) return false;
  if (!/^[0-9a-f]{64}$/i.test(token)) return false;
  const kept = await kv.get<TrustedDevice | string>(
    keys.trustedDevice(user.employeeCode, sha256(token)),
  );
  // a PC remembered before the factors were reset counts no more (the record is a new one);
  // entries of earlier versions hold the id alone
  const id = typeof kept.value === "string" ? kept.value : kept.value?.id;
  return id === record.id;
}

/** Remembers the caller's PC for the account's second factors as they are: sets the cookie on
 * the answer being made, and gives the KV entry to write with the sign-in (no sign-in, no entry:
 * the cookie then names nothing). */
export function rememberDevice(
  c: Context<Env>,
  deps: Deps,
  code: string,
  record: TwoFactorRecord,
  days: number,
): (op: Deno.AtomicOperation) => void {
  const { token, tokenHash } = newToken();
  const ms = days * 24 * 60 * 60 * 1000;
  setCookie(c, DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "Strict",
    secure: deps.secureCookies,
    path: "/api/auth",
    maxAge: ms / 1000,
  });
  // with its expiry time, which a backup restores (kv/expiry.ts)
  const device: TrustedDevice = { id: record.id, expiresAt: Date.now() + ms };
  return (op) => op.set(keys.trustedDevice(code, tokenHash), device, { expireIn: ms });
}
