// Who may do what (design 3) in one place, pure so that the server's guard and the web's screens
// decide alike: the capabilities a route or a screen needs, station scope, and the rules about
// whom an action may touch. The server checks every call again; the web only hides what would
// be refused.

import type { Role } from "../store.ts";
import { type FlagHolder, heldFlags, PERMISSION_FLAGS, type PermissionFlag } from "./flags.ts";

/** What a route or a screen needs from the caller. */
export type Capability =
  | "public"
  | "signedIn"
  | "selfOrManageUsers"
  | "adminArea"
  | "manageUsers"
  | "extendPasswords"
  | "allStations"
  | "referenceWrite"
  | "superAdmin";

/** The capabilities that an admin holds by a permission flag (a super admin holds them all). */
const BY_FLAG: Partial<Record<Capability, PermissionFlag>> = {
  adminArea: "canAccessAdminApps",
  manageUsers: "canManageUsers",
  extendPasswords: "canExtendPasswords",
  allStations: "canViewAllStations",
};

/** Whether the holder (a stored user or the session's user; null when signed out) has the
 * capability; targets are checked by `targetProblem`. */
export function can(holder: FlagHolder | null, capability: Capability): boolean {
  if (capability === "public") return true;
  if (holder === null) return false;
  if (capability === "signedIn" || capability === "selfOrManageUsers") return true;
  const flag = BY_FLAG[capability];
  if (flag !== undefined) return heldFlags(holder)[flag];
  return holder.role === "super_admin";
}

/** An account as the rules see it. */
export type Party = FlagHolder & { employeeCode: string; station: string };

/** Whether `target` is within the actor's station scope. */
export function inScope(actor: FlagHolder & { station: string }, target: { station: string }) {
  return can(actor, "allStations") || target.station === actor.station;
}

/** Whether the actor may change an account of the target's role at all: a super admin's account
 * only by a super admin. */
export function mayChangeRole(actor: FlagHolder | null, target: { role: Role }): boolean {
  return target.role !== "super_admin" || can(actor, "superAdmin");
}

/** Whether the actor may act on the target from a list or a card: not on oneself, and on a super
 * admin only as a super admin. */
export function mayManage(
  actor: (FlagHolder & { employeeCode: string }) | null,
  target: { employeeCode: string; role: Role },
): boolean {
  if (actor === null || actor.employeeCode === target.employeeCode) return false;
  return mayChangeRole(actor, target);
}

/** A refusal: the status and the message the caller sees. */
export type Problem = { status: 403 | 404; message: string };
const refuse = (message: string): Problem => ({ status: 403, message });

/** Why the actor may not create an account of this station and role, or null: only within the
 * actor's stations, and super admins only by a super admin. */
export function createProblem(
  actor: FlagHolder & { station: string },
  account: { station: string; role?: Role },
): Problem | null {
  if (!inScope(actor, { station: account.station.toUpperCase() })) {
    return refuse("You can only create users of your own station");
  }
  if (account.role === "super_admin" && actor.role !== "super_admin") {
    return refuse("Only a super admin can create a super admin account");
  }
  return null;
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

/** Why the actor may not change these fields of their own account, or null. */
function selfProblem(target: Party, change: TargetChange, fields: readonly string[]) {
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
  return null;
}

/**
 * Why the actor may not act on `target` (status and message), or null (design 3 and 5.6): station
 * scope (404 outside it, as for a code that does not exist), no administrator action and no
 * change beyond the own profile on one's own account, no move out of the actor's stations,
 * permission flags and super admins for super admins only.
 */
export function targetProblem(actor: Party, target: Party, change: TargetChange): Problem | null {
  const self = actor.employeeCode === target.employeeCode;
  if (!self && !inScope(actor, target)) {
    return { status: 404, message: `User ${target.employeeCode} not found` };
  }
  const fields = change.fields ?? [];
  const superActor = actor.role === "super_admin";
  if (!superActor && fields.some((f) => (PERMISSION_FLAGS as readonly string[]).includes(f))) {
    return refuse("Only a super admin can change permissions");
  }
  const own = self ? selfProblem(target, change, fields) : null;
  if (own !== null) return own;
  if (!self && change.admin && !can(actor, "manageUsers")) {
    return refuse("You do not have permission to manage users");
  }
  if (
    change.stationTo !== undefined && change.stationTo !== target.station &&
    !can(actor, "allStations")
  ) {
    return refuse("You can only keep users within your station");
  }
  if (!superActor && (target.role === "super_admin" || change.roleTo === "super_admin")) {
    return refuse("Only a super admin can change a super admin account");
  }
  return null;
}
