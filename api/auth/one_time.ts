// One-time passwords (design 5.3): never a shared default. Each account that an administrator
// creates, resets, approves or activates without a password of its own gets a random one, shown
// once to that administrator and stored only as its hash; a password an administrator types is
// temporary in the same way. Either opens one sign-in, before it expires, and that sign-in must
// choose a new password.

import { hashPassword } from "./auth.ts";
import { type Problem, say } from "../rules/messages.ts";
import { ONE_TIME_PASSWORD_HOURS } from "../rules/password.ts";
import type { Settings, UserRecord } from "../store/records.ts";

/** Characters of a one-time password: letters and digits that cannot be read as each other
 * (no 0/O, 1/l/I). */
const READABLE = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
/** Length of a one-time password (about 82 bits). */
const LENGTH = 14;

/** A new random one-time password (uniform over READABLE: bytes past the last whole run of the
 * alphabet are drawn again). */
export function oneTimePassword(): string {
  const limit = 256 - (256 % READABLE.length);
  let out = "";
  while (out.length < LENGTH) {
    for (const b of crypto.getRandomValues(new Uint8Array(LENGTH * 2))) {
      if (b < limit && out.length < LENGTH) out += READABLE[b % READABLE.length];
    }
  }
  return out;
}

/** The hours of the settings, or the default. */
export function lifetimeHours(settings: Settings): number {
  return settings.oneTimePasswordHours ?? ONE_TIME_PASSWORD_HOURS;
}

/** A password an administrator issues: the fields it sets on the account, and the one-time
 * password to show once (null when the administrator typed it). */
export interface Issued {
  fields: Pick<
    UserRecord,
    "passwordHash" | "temporaryPassword" | "needsPasswordChange" | "lastPasswordChange"
  >;
  oneTimePassword: string | null;
  expiresAt: string;
}

/** Issues a temporary password: `typed` when the administrator gave one, else a new one-time
 * password. Hashed here, once, before any write that carries it. */
export async function issuePassword(
  settings: Settings,
  now: number,
  typed?: string,
): Promise<Issued> {
  const password = typed ?? oneTimePassword();
  const expiresAt = new Date(now + lifetimeHours(settings) * 3600_000).toISOString();
  return {
    fields: {
      passwordHash: await hashPassword(password),
      temporaryPassword: {
        kind: typed === undefined ? "one-time" : "admin-set",
        expiresAt,
        used: false,
      },
      needsPasswordChange: true,
      lastPasswordChange: new Date(now).toISOString(),
    },
    oneTimePassword: typed === undefined ? password : null,
    expiresAt,
  };
}

/** The answer's fields of an issued password: the one-time password, shown this once. */
export function shownOnce(issued: Issued | null) {
  return issued?.oneTimePassword == null
    ? {}
    : { oneTimePassword: issued.oneTimePassword, oneTimePasswordExpiresAt: issued.expiresAt };
}

/** Why a right temporary password does not sign in (used, expired), or null when it may. */
export function temporaryRefusal(user: UserRecord, now: number): Problem | null {
  const t = user.temporaryPassword;
  if (t == null) return null;
  const oneTime = t.kind === "one-time";
  if (t.used) return say(oneTime ? "auth:one_time_used" : "auth:temporary_used");
  if (Date.parse(t.expiresAt) <= now) {
    return say(oneTime ? "auth:one_time_expired" : "auth:temporary_expired");
  }
  return null;
}

/** Whether an account has no password at all (imported, not yet activated): activating it
 * issues a one-time password. */
export function hasNoPassword(user: UserRecord): boolean {
  return user.passwordHash === "";
}
