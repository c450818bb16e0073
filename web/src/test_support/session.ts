// A signed-in user for the tests of the screens and the stores: one shape, so that the tests
// cannot drift apart.

import type { Role } from "../../../api/rules/roles.ts";
import type { SessionUser } from "../features/shell/session.ts";

/** A signed-in user of a role with the given flags (a super admin has all). */
export function sessionOf(code: string, role: Role, flags: Partial<SessionUser> = {}): SessionUser {
  const all = role === "super_admin";
  return {
    employeeCode: code,
    fullName: code,
    firstName: code,
    role,
    station: "CAI",
    permissions: [],
    accessibleApps: [],
    needsPasswordChange: false,
    passwordExpiry: null,
    canManageUsers: all,
    canAccessAdminApps: all,
    canExtendPasswords: all,
    canViewAllStations: all,
    twoFactorEnabled: false,
    twoFactorSetupBy: null,
    ...flags,
  };
}
