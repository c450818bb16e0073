// The role matrix of design 3 in one place: what each capability needs, which capability each
// route needs, and the rules about whom an action may touch.

import { PERMISSION_FLAGS } from "./rules/flags.ts";
import type { Role, UserRecord } from "./store.ts";

/** What a route needs from the caller. */
export type Capability =
  | "public"
  | "signedIn"
  | "selfOrManageUsers"
  | "adminArea"
  | "manageUsers"
  | "extendPasswords"
  | "referenceWrite"
  | "superAdmin";

/** Every route of the API with the capability it needs; the tests walk this table. */
export const ROUTES: readonly { method: string; path: string; capability: Capability }[] = [
  { method: "GET", path: "/health", capability: "public" },
  { method: "POST", path: "/api/auth/login", capability: "public" },
  { method: "POST", path: "/api/auth/logout", capability: "public" },
  { method: "GET", path: "/api/auth/me", capability: "signedIn" },
  { method: "GET", path: "/api/auth/password-policy", capability: "public" },
  { method: "POST", path: "/api/users/activation-request", capability: "public" },
  { method: "POST", path: "/api/users/password-reset-request", capability: "public" },
  { method: "POST", path: "/api/users/registration-request", capability: "public" },
  { method: "POST", path: "/api/users/change-password", capability: "signedIn" },
  { method: "GET", path: "/api/users", capability: "manageUsers" },
  { method: "GET", path: "/api/users/paginated", capability: "manageUsers" },
  { method: "GET", path: "/api/users/stats", capability: "adminArea" },
  { method: "GET", path: "/api/users/expiring", capability: "manageUsers" },
  { method: "GET", path: "/api/users/export", capability: "manageUsers" },
  { method: "GET", path: "/api/users/activation-requests", capability: "manageUsers" },
  { method: "GET", path: "/api/users/password-reset-requests", capability: "manageUsers" },
  { method: "GET", path: "/api/users/registration-requests", capability: "manageUsers" },
  { method: "POST", path: "/api/users", capability: "manageUsers" },
  { method: "POST", path: "/api/users/import", capability: "manageUsers" },
  { method: "POST", path: "/api/users/bulk", capability: "manageUsers" },
  { method: "GET", path: "/api/users/by-employee-code/:code", capability: "selfOrManageUsers" },
  { method: "GET", path: "/api/users/:code", capability: "selfOrManageUsers" },
  { method: "PUT", path: "/api/users/:code", capability: "selfOrManageUsers" },
  { method: "DELETE", path: "/api/users/:code", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/change-password", capability: "selfOrManageUsers" },
  { method: "POST", path: "/api/users/:code/approve-activation", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/reject-activation", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/reset-password", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/reject-password-reset", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/approve-registration", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/reject-registration", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/unlock", capability: "manageUsers" },
  { method: "POST", path: "/api/users/:code/extend-password", capability: "extendPasswords" },
  { method: "POST", path: "/api/users/:code/assign-apps", capability: "manageUsers" },
  { method: "DELETE", path: "/api/users/requests/:kind/:code", capability: "manageUsers" },
  { method: "GET", path: "/api/users/:code/sessions", capability: "manageUsers" },
  { method: "DELETE", path: "/api/users/:code/sessions", capability: "manageUsers" },
  { method: "GET", path: "/api/ffm-to-uws/:list", capability: "signedIn" },
  { method: "POST", path: "/api/ffm-to-uws/:list", capability: "referenceWrite" },
  { method: "PUT", path: "/api/ffm-to-uws/:list/:id", capability: "referenceWrite" },
  { method: "DELETE", path: "/api/ffm-to-uws/:list/:id", capability: "referenceWrite" },
  { method: "GET", path: "/api/settings", capability: "superAdmin" },
  { method: "GET", path: "/api/settings/public", capability: "signedIn" },
  { method: "PUT", path: "/api/settings", capability: "superAdmin" },
  { method: "GET", path: "/api/audit", capability: "adminArea" },
];

/** The routes a session that must change its password may still call (design 5.3). */
export const RESTRICTED_ROUTES: ReadonlySet<string> = new Set([
  "GET /api/auth/me",
  "POST /api/auth/logout",
  "POST /api/users/change-password",
  "POST /api/users/:code/change-password",
]);

/** The capability an API route needs (by method and route pattern), or undefined for a route
 * that is not the API's (the server's static files). */
export function findCapability(method: string, path: string): Capability | undefined {
  return ROUTES.find((r) => r.method === method && r.path === path)?.capability;
}

/** The capability an API route needs; a route missing from the matrix is a programming error. */
export function capabilityOf(method: string, path: string): Capability {
  const capability = findCapability(method, path);
  if (capability === undefined) {
    throw new Error(`route ${method} ${path} has no entry in the role matrix`);
  }
  return capability;
}

const isSuper = (u: UserRecord) => u.role === "super_admin";
const flag = (
  u: UserRecord,
  name: "canManageUsers" | "canAccessAdminApps" | "canExtendPasswords" | "canViewAllStations",
) => isSuper(u) || (u.role === "admin" && u[name] === true);

/** Whether a signed-in user has a capability (targets are checked by `targetProblem`). */
export function allows(user: UserRecord | null, capability: Capability): boolean {
  if (capability === "public") return true;
  if (user === null) return false;
  switch (capability) {
    case "signedIn":
    case "selfOrManageUsers":
      return true;
    case "adminArea":
      return flag(user, "canAccessAdminApps");
    case "manageUsers":
      return flag(user, "canManageUsers");
    case "extendPasswords":
      return flag(user, "canExtendPasswords");
    case "referenceWrite":
    case "superAdmin":
      return isSuper(user);
  }
}

/** Whether an admin may see users of another station than their own. */
export function seesAllStations(actor: UserRecord): boolean {
  return flag(actor, "canViewAllStations");
}

/** Whether `target` is within the actor's station scope. */
export function inScope(actor: UserRecord, target: { station: string }): boolean {
  return seesAllStations(actor) || target.station === actor.station;
}

/** What a change to a user does, for the target rules. */
export interface TargetChange {
  /** Fields whose stored value an edit changes (unchanged values the form sends back are not). */
  fields?: readonly string[];
  /** An administrator's action on the account (reset, extend, unlock, apps, sessions). */
  action?: boolean;
  deactivate?: boolean;
  delete?: boolean;
  roleTo?: Role;
  /** The station the account is moved to. */
  stationTo?: string;
  /** The action needs `manageUsers` even on a route open to oneself. */
  admin?: boolean;
}

/** Fields everyone may change on their own account (design 3). */
const OWN_PROFILE = new Set(["email", "phone", "department"]);
/** The permission flags, which only super admins set (rules/flags.ts). */
export { PERMISSION_FLAGS };

type Problem = { status: 403 | 404; message: string };
const refuse = (message: string): Problem => ({ status: 403, message });

/**
 * Why the actor may not act on `target` (status and message), or null (design 3 and 5.6): station
 * scope (404 outside it, as for a code that does not exist), no administrator action and no
 * change beyond the own profile on one's own account, no move out of the actor's stations,
 * permission flags and super admins for super admins only.
 */
export function targetProblem(
  actor: UserRecord,
  target: UserRecord,
  change: TargetChange,
): Problem | null {
  const self = actor.employeeCode === target.employeeCode;
  if (!self && !inScope(actor, target)) {
    return { status: 404, message: `User ${target.employeeCode} not found` };
  }
  const fields = change.fields ?? [];
  if (!isSuper(actor) && fields.some((f) => (PERMISSION_FLAGS as readonly string[]).includes(f))) {
    return refuse("Only a super admin can change permissions");
  }
  if (self) {
    if (
      change.deactivate || change.delete ||
      (change.roleTo !== undefined && change.roleTo !== target.role)
    ) {
      return refuse("You cannot deactivate, demote or delete your own account");
    }
    if (change.action || fields.some((f) => !OWN_PROFILE.has(f))) {
      return refuse(
        "On your own account you may change your email, phone and department only; another administrator does the rest",
      );
    }
  } else if (change.admin && !allows(actor, "manageUsers")) {
    return refuse("You do not have permission to manage users");
  }
  if (
    change.stationTo !== undefined && change.stationTo !== target.station &&
    !seesAllStations(actor)
  ) {
    return refuse("You can only keep users within your station");
  }
  if (!isSuper(actor) && (isSuper(target) || change.roleTo === "super_admin")) {
    return refuse("Only a super admin can change a super admin account");
  }
  return null;
}

/** Apps a user may open: super admins all, admins admin-apps plus theirs, users theirs (spec 6). */
export function appsOf(user: UserRecord): string[] {
  if (user.role === "super_admin") return ["ffm-to-uws", "uld-extractor", "admin-apps"];
  const own = user.accessibleApps.filter((a) =>
    a === "ffm-to-uws" || a === "uld-extractor" || user.role === "admin"
  );
  return user.role === "admin" ? [...new Set(["admin-apps", ...own])] : own;
}
