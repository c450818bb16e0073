// Users: the record a new account starts with, and the password rules.

import { verifyPassword } from "../auth/auth.ts";
import type { JobTag } from "../auth/hash_pool.ts";
import { DEFAULT_PASSWORD_EXPIRY_DAYS } from "../rules/password_policy.ts";
import { appsOf } from "../rules/apps.ts";
import { forcedChangeReason, passwordLength, type PasswordOwner } from "../rules/password.ts";
import { passwordStrength } from "../rules/password_strength.ts";
import { type Problem, say } from "../rules/messages.ts";
import { heldFlags, roleDefaults } from "../rules/flags.ts";
import { type AccountTexts, accountTexts } from "../rules/account_fields.ts";
import { DEFAULT_PREFERENCES, preferencesOf } from "../rules/preferences.ts";
import type { Role } from "../rules/roles.ts";
import type { Settings, UserRecord } from "../store/records.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Fields a new account is given; the caller fills in who they are. */
export interface NewUser extends Partial<AccountTexts> {
  employeeCode: string;
  firstName: string;
  lastName: string;
  middleName?: string;
  fullName?: string;
  email?: string;
  phone?: string;
  station?: string;
  department?: string;
  jobTitle?: string;
  position?: string;
  gender?: "Male" | "Female";
  role?: Role;
  isActive?: boolean;
  accessibleApps?: string[];
  permissions?: string[];
}

/** A full user record for a new account with the given password hash. */
export function newUserRecord(
  input: NewUser,
  passwordHash: string,
  now: number,
  by: string,
  opts: { needsPasswordChange: boolean; expiryDays?: number; activationStatus?: string },
): UserRecord {
  const iso = new Date(now).toISOString();
  const role = input.role ?? "user";
  const fullName = input.fullName?.trim() ||
    [input.firstName, input.middleName, input.lastName].filter((p) => p && p.trim() !== "").join(
      " ",
    );
  return {
    ...accountTexts(input),
    _id: `user_${input.employeeCode}`,
    employeeCode: input.employeeCode,
    firstName: input.firstName,
    lastName: input.lastName,
    middleName: input.middleName ?? "",
    fullName,
    jobTitle: input.jobTitle?.trim() || "Employee",
    position: input.position ?? "",
    station: (input.station?.trim() || "CAI").toUpperCase(),
    email: input.email?.trim() ?? "",
    phone: input.phone ?? "",
    workPhone: input.phone ?? "",
    department: input.department ?? "",
    gender: input.gender ?? "Male",
    role,
    isActive: input.isActive ?? true,
    activationStatus: opts.activationStatus ?? "approved",
    permissions: input.permissions ?? ["view_own_profile", "update_own_profile"],
    accessibleApps: input.accessibleApps ?? [],
    accessiblePages: ["profile"],
    // the role's defaults; a route caps them by its actor's own flags (grantedFlags)
    ...roleDefaults(role),
    passwordHash,
    passwordCreated: iso,
    lastPasswordChange: iso,
    passwordExpiry: expiryFromNow(opts.expiryDays ?? DEFAULT_PASSWORD_EXPIRY_DAYS, now),
    needsPasswordChange: opts.needsPasswordChange,
    preferences: { ...DEFAULT_PREFERENCES },
    twoFactorEnabled: false,
    createdAt: iso,
    updatedAt: iso,
    createdBy: by,
    updatedBy: by,
  };
}

/** The user fields of a sign-in answer and of the session check; `setupBy` is when the session
 * must have set up a second factor the policy requires (ms), if it must. */
export function sessionUser(user: UserRecord, setupBy?: number | null, now = Date.now()) {
  return {
    employeeCode: user.employeeCode,
    fullName: user.fullName,
    firstName: user.firstName,
    role: user.role,
    station: user.station,
    permissions: user.permissions,
    accessibleApps: appsOf(user),
    needsPasswordChange: user.needsPasswordChange,
    passwordExpiry: user.passwordExpiry,
    /** Why the forced change screen is shown (null: it is not), for its subtitle. */
    passwordChangeReason: forcedChangeReason(user, now),
    /** The timezone every time is shown in (design 7). */
    timezone: user.preferences?.timezone || "Africa/Cairo",
    /** Language, theme, notifications and timezone, each at the spec's default when unset. */
    preferences: preferencesOf(user.preferences),
    twoFactorEnabled: user.twoFactorEnabled === true,
    twoFactorSetupBy: setupBy == null || user.twoFactorEnabled
      ? null
      : new Date(setupBy).toISOString(),
    ...heldFlags(user),
  };
}

/** Why a new password is refused (design 5.3), or null when it may be used. */
export async function newPasswordProblem(
  user: UserRecord,
  newPassword: string,
  settings: Settings,
  tag: JobTag = {},
): Promise<Problem | null> {
  if (newPassword.length < settings.minPasswordLength) {
    return say("password:new_too_short", { minLength: settings.minPasswordLength });
  }
  const weak = passwordStrength(newPassword, user);
  if (weak !== null) return weak;
  if (await verifyPassword(newPassword, user.passwordHash, tag)) return say("password:same");
  return null;
}

/** Why a password an admin sets for `owner` is refused (the policy of design 5.3), or null. */
export function adminPasswordProblem(
  password: string,
  owner: PasswordOwner,
  minLength: number,
): Problem | null {
  return passwordLength(password, minLength) ?? passwordStrength(password, owner);
}

/** Expiry `days` after max(now, the current expiry) (design 5.3, extend). */
export function extendedExpiry(current: string | null, days: number, now: number): string {
  const from = Math.max(now, current === null ? now : Date.parse(current) || now);
  return new Date(from + days * DAY_MS).toISOString();
}

/** Expiry `days` from now; none for 0 days (expiry turned off). */
export function expiryFromNow(days: number, now: number): string | null {
  return days === 0 ? null : new Date(now + days * DAY_MS).toISOString();
}
