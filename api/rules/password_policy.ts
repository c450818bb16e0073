// The policy settings of sign-in and passwords (issue 27): how many failed sign-ins lock an
// account and for how long, how many of a user's own passwords may not be chosen again, and how
// long a changed password lasts. Their ranges and messages are checked alike by the settings
// screen and PUT /api/settings. Pure: no Deno, KV or Hono.

import { z } from "zod";
import { coded, problemOfIssue } from "./issues.ts";

/** Failed sign-ins that lock an account when the settings do not say (design 5.3). */
export const DEFAULT_LOCKOUT_THRESHOLD = 5;
/** Minutes of a first lock when the settings do not say (design 5.3). */
export const DEFAULT_LOCKOUT_MINUTES = 15;
/** A lock never lasts longer than this, however often it doubled (design 5.3). */
export const MAX_LOCK_MS = 24 * 60 * 60_000;
/** Own earlier passwords refused when the settings do not say: none. The current password is
 * always refused; NIST SP 800-63B asks for no history, and each remembered password costs an
 * argon2id check on every change. */
export const DEFAULT_PASSWORD_HISTORY = 0;
/** Most passwords a history keeps: each is one argon2id check of every change. */
export const MAX_PASSWORD_HISTORY = 24;
/** Days a changed password lasts when the settings do not say (design 5.3). */
export const DEFAULT_PASSWORD_EXPIRY_DAYS = 90;

/** The range of each policy field, and what a value outside it (or not whole) is told. */
export const POLICY_RANGES = {
  lockoutThreshold: { min: 3, max: 20, message: coded("settings:lockout_threshold") },
  lockoutMinutes: { min: 1, max: 1440, message: coded("settings:lockout_minutes") },
  passwordHistory: {
    min: 0,
    max: MAX_PASSWORD_HISTORY,
    message: coded("settings:history", { max: MAX_PASSWORD_HISTORY }),
  },
  passwordExpiryDays: {
    min: 0,
    max: 3650,
    message: coded("settings:expiry_days"),
  },
} as const;

const whole = ({ min, max, message }: { min: number; max: number; message: string }) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message).optional();

/** The policy fields of PUT /api/settings, each with the range its message states. */
export const policySettingsBody = {
  lockoutThreshold: whole(POLICY_RANGES.lockoutThreshold),
  lockoutMinutes: whole(POLICY_RANGES.lockoutMinutes),
  passwordHistory: whole(POLICY_RANGES.passwordHistory),
  passwordExpiryDays: whole(POLICY_RANGES.passwordExpiryDays),
};

/** The policy as stored in the settings (each field absent on stores from before it). */
export interface PolicySettings {
  lockoutThreshold?: number;
  lockoutMinutes?: number;
  passwordHistory?: number;
  passwordExpiryDays?: number;
}

/** When an account locks: after `threshold` failures in a row, for `firstMs` at first. */
export interface LockPolicy {
  threshold: number;
  firstMs: number;
}

/** The lock policy of the settings (null: none stored yet), defaults filled in. */
export function lockPolicyOf(settings: PolicySettings | null): LockPolicy {
  return {
    threshold: settings?.lockoutThreshold ?? DEFAULT_LOCKOUT_THRESHOLD,
    firstMs: (settings?.lockoutMinutes ?? DEFAULT_LOCKOUT_MINUTES) * 60_000,
  };
}

/** How long the next lock lasts after `lockCount` earlier locks in a row: doubling, capped. */
export function lockDuration(lockCount: number, policy: LockPolicy): number {
  return Math.min(policy.firstMs * 2 ** lockCount, MAX_LOCK_MS);
}

/** Days a changed password (and an approved activation, by default) lasts; 0: it never expires
 * (NIST SP 800-63B-4 forbids forced rotation; the spec's 90 days stay the default). */
export function passwordExpiryDaysOf(settings: PolicySettings | null): number {
  return settings?.passwordExpiryDays ?? DEFAULT_PASSWORD_EXPIRY_DAYS;
}

/** The account as the expiry setting has it: with expiry off (0), no password expires, whatever
 * date an earlier setting gave it. */
export function withExpiryPolicy<T extends { passwordExpiry: string | null }>(
  user: T,
  settings: PolicySettings | null,
): T {
  return passwordExpiryDaysOf(settings) === 0 && user.passwordExpiry !== null
    ? { ...user, passwordExpiry: null }
    : user;
}

/** How many of a user's own latest passwords may not be chosen again. */
export function passwordHistoryOf(settings: PolicySettings | null): number {
  return Math.min(settings?.passwordHistory ?? DEFAULT_PASSWORD_HISTORY, MAX_PASSWORD_HISTORY);
}

/** The first refusal of the changed policy fields (the server's own rules), or null. */
export function policySettingsProblem(body: Partial<Record<keyof PolicySettings, unknown>>) {
  for (const [key, rule] of Object.entries(policySettingsBody)) {
    const checked = rule.safeParse(body[key as keyof PolicySettings]);
    if (!checked.success) return problemOfIssue(checked.error.issues[0]).message;
  }
  return null;
}
