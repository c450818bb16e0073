// Passkeys (WebAuthn, through @simplewebauthn/server): the options the browser is given, and the
// checks of its answers. Each challenge is kept in KV for five minutes for one purpose (and one
// account when it has one) and is spent by the check that reads it, so an answer is never
// accepted twice.

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Context } from "hono";
import type { Deps, Env } from "../http.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import type { PasskeyRecord, TwoFactorRecord } from "./store.ts";

/** How long the browser has to answer a challenge. */
const CHALLENGE_MS = 5 * 60_000;

/** What a challenge was handed out for. */
type Purpose = "register" | "second-step" | "passkey-sign-in";

/** The relying party: the site's host name and origin (PORTAL_ORIGIN when set, else the one the
 * request came to). */
export function relyingParty(c: Context<Env>, deps: Deps): { rpID: string; origin: string } {
  const url = new URL(deps.webOrigin ?? c.req.url);
  const origin = deps.webOrigin ??
    `${deps.secureCookies ? "https" : url.protocol.slice(0, -1)}://${url.host}`;
  return { rpID: url.hostname, origin };
}

async function keepChallenge(
  kv: Deno.Kv,
  challenge: string,
  purpose: Purpose,
  code: string | null,
) {
  // with its expiry time, which a backup restores (kv/expiry.ts)
  const expiresAt = Date.now() + CHALLENGE_MS;
  await kv.set(keys.webAuthnChallenge(challenge), { purpose, code, expiresAt }, {
    expireIn: CHALLENGE_MS,
  });
}

/** Spends a challenge: true when it was handed out for this purpose (and account) and not yet
 * spent. */
function spender(kv: Deno.Kv, purpose: Purpose, code: string | null) {
  return async (challenge: string): Promise<boolean> => {
    const entry = await kv.get<{ purpose: Purpose; code: string | null }>(
      keys.webAuthnChallenge(challenge),
    );
    if (entry.value === null || entry.value.purpose !== purpose) return false;
    if (code !== null && entry.value.code !== code) return false;
    return (await kv.atomic().check(entry).delete(entry.key).commit()).ok;
  };
}

const transportsOf = (p: PasskeyRecord) => p.transports as AuthenticatorTransport[];

/** The options of a new passkey for the user (their passkeys excluded, so one authenticator is
 * registered once). */
export async function registrationOptions(
  c: Context<Env>,
  deps: Deps,
  user: UserRecord,
  record: TwoFactorRecord,
) {
  const { rpID } = relyingParty(c, deps);
  const options = await generateRegistrationOptions({
    rpName: "Staff Portal",
    rpID,
    userName: user.employeeCode,
    userDisplayName: user.fullName,
    // the same handle for every passkey of the account, so an authenticator keeps one of them
    userID: new TextEncoder().encode(user.employeeCode),
    attestationType: "none",
    excludeCredentials: record.passkeys.map((p) => ({ id: p.id, transports: transportsOf(p) })),
    // discoverable, so that the passkey can sign in without the employee code
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await keepChallenge(deps.kv, options.challenge, "register", user.employeeCode);
  return options;
}

/** The passkey a registration answer makes, or null when the answer does not check out. */
export async function verifyRegistration(
  c: Context<Env>,
  deps: Deps,
  user: UserRecord,
  response: RegistrationResponseJSON,
  name: string,
): Promise<PasskeyRecord | null> {
  const { rpID, origin } = relyingParty(c, deps);
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: spender(deps.kv, "register", user.employeeCode),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      createdAt: new Date(deps.now()).toISOString(),
      lastUsedAt: null,
    };
  } catch {
    return null;
  }
}

/** The options of a passkey sign-in: of the account's passkeys (a second step), or of any
 * passkey the browser holds for this site (a sign-in with the passkey alone). */
export async function authenticationOptions(
  c: Context<Env>,
  deps: Deps,
  account: { code: string; record: TwoFactorRecord } | null,
) {
  const { rpID } = relyingParty(c, deps);
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: account?.record.passkeys.map((p) => ({
      id: p.id,
      transports: transportsOf(p),
    })) ?? [],
    userVerification: account === null ? "required" : "preferred",
  });
  const purpose = account === null ? "passkey-sign-in" : "second-step";
  await keepChallenge(deps.kv, options.challenge, purpose, account?.code ?? null);
  return options;
}

/** The new counter of a passkey whose sign-in answer checks out, or null. `code` is the account
 * of a second step (null: a sign-in with the passkey alone, which must verify its user). */
export async function verifyAuthentication(
  c: Context<Env>,
  deps: Deps,
  passkey: PasskeyRecord,
  response: AuthenticationResponseJSON,
  code: string | null,
): Promise<number | null> {
  const { rpID, origin } = relyingParty(c, deps);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: spender(deps.kv, code === null ? "passkey-sign-in" : "second-step", code),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
      requireUserVerification: code === null,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
