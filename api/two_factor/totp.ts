// Authenticator-app codes (RFC 6238 through the otpauth library): 6 digits, 30 seconds, SHA-1,
// which every authenticator app reads. A code is accepted for the step before and after the
// current one (a phone's clock a little off), and only for a step later than the last one used,
// so a code is never accepted twice.

import * as OTPAuth from "otpauth";
import { TOTP_DIGITS, TOTP_PERIOD } from "../rules/two_factor.ts";

/** The issuer an authenticator app lists the account under. */
export const ISSUER = "Staff Portal";

/** A new random secret (160 bits, RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = "") {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The otpauth:// address an app reads from the QR code. */
export function otpauthUri(secret: string, account: string): string {
  return totpOf(secret, account).toString();
}

/** The code of a secret at a time (tests, and the bench's sign-ins). */
export function totpAt(secret: string, now: number): string {
  return totpOf(secret).generate({ timestamp: now });
}

/** The time step of `now`. */
export function stepOf(now: number): number {
  return Math.floor(now / 1000 / TOTP_PERIOD);
}

/**
 * The time step a code stands for, when it is right for the step before, at or after `now` and
 * later than `lastStep` (the last one used); else null.
 */
export function acceptedStep(secret: string, code: string, now: number, lastStep: number) {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = stepOf(now) + delta;
  return step > lastStep ? step : null;
}
