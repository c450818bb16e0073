// Who may do what (design 3) in one place, pure so that the server's guard and the web's screens
// decide alike: the capabilities a route or a screen needs, station scope, and the rules about
// whom an action may touch. The server checks every call again; the web only hides what would
// be refused.

import type { Role } from "./roles.ts";
import { OWN_PROFILE_FIELDS } from "./account_fields.ts";
import { MESSAGES, type PlainCode, type Refusal, refusal } from "./messages.ts";
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

/** The rank of each role: an account of a higher rank is out of reach of a lower one. */
const RANK: Record<Role, number> = { user: 0, admin: 1, super_admin: 2 };

/**
 * The one rule about whom an actor may act on (issue 48): an account that holds no role above the
 * actor's and no permission flag (station scope included) that the actor lacks. A super admin's
 * account therefore only by a super admin. Every action on an account (edit, password reset and
 * extension, unlock, activation, ending sessions, delete, apps) and every approval of a request
 * about it asks this rule, on the server (`targetProblem`) and in the web (`mayManage`).
 */
export function holdsNoMore(actor: FlagHolder, target: FlagHolder): boolean {
  if (RANK[target.role] > RANK[actor.role]) return false;
  const mine = heldFlags(actor);
  const theirs = heldFlags(target);
  return PERMISSION_FLAGS.every((f) => mine[f] || !theirs[f]);
}

/** Whether the actor may act on the target from a list, a page or a card: not on oneself, and
 * only on an account that holds nothing more than the actor (`holdsNoMore`). */
export function mayManage(
  actor: (FlagHolder & { employeeCode: string }) | null,
  target: FlagHolder & { employeeCode: string },
): boolean {
  if (actor === null || actor.employeeCode === target.employeeCode) return false;
  return holdsNoMore(actor, target);
}

/** What a queue may offer on a request: approve it (and dismiss it), only dismiss it (reject or
 * delete), or nothing. */
export type RequestOffer = "approve" | "dismiss" | "none";

/**
 * What `actor` may do with a request about an account (issue 48), on the server and on the
 * queue's card alike: nothing with one's own request or one about an account that holds more
 * than the actor (`mayManage`); an activation request about an account that is already active
 * can only be dismissed (approving it would move the expiry under the name of an activation).
 */
export function requestOffer(
  actor: (FlagHolder & { employeeCode: string }) | null,
  request: {
    kind: string;
    employeeCode: string;
    account?: (FlagHolder & { isActive: boolean }) | null;
  },
): RequestOffer {
  const { account, employeeCode } = request;
  if (actor === null || actor.employeeCode === employeeCode) return "none";
  if (account != null && !mayManage(actor, { ...account, employeeCode })) return "none";
  return request.kind === "activation" && account?.isActive === true ? "dismiss" : "approve";
}

/** A refusal: the status and the message the caller sees. */
export type Problem = Refusal<403 | 404>;
const refuse = (code: PlainCode): Problem => refusal(403, code);

/** Why the actor may not create an account of this station and role, or null: only within the
 * actor's stations, and super admins only by a super admin. */
export function createProblem(
  actor: FlagHolder & { station: string },
  account: { station: string; role?: Role },
): Problem | null {
  if (!inScope(actor, { station: account.station.toUpperCase() })) {
    return refuse("users:own_station_create");
  }
  if (account.role === "super_admin" && actor.role !== "super_admin") {
    return refuse("users:super_admin_create");
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
const OWN_PROFILE = new Set<string>(OWN_PROFILE_FIELDS);

/** Why the actor may not change these fields of their own account, or null. */
function selfProblem(target: Party, change: TargetChange, fields: readonly string[]) {
  if (
    change.deactivate || change.delete ||
    (change.roleTo !== undefined && change.roleTo !== target.role)
  ) {
    return refuse("users:own_account_limits");
  }
  if (change.action || fields.some((f) => !OWN_PROFILE.has(f))) {
    return refuse("users:own_profile_only");
  }
  return null;
}

/**
 * Why the actor may not act on `target` (status and message), or null (design 3 and 5.6): station
 * scope (404 outside it, as for a code that does not exist), no administrator action and no
 * change beyond the own profile on one's own account, no move out of the actor's stations,
 * permission flags and super admins for super admins only, and no action on an account that
 * holds more than the actor (`holdsNoMore`); an empty change is a read, which scope alone allows.
 */
export function targetProblem(actor: Party, target: Party, change: TargetChange): Problem | null {
  const self = actor.employeeCode === target.employeeCode;
  if (!self && !inScope(actor, target)) {
    return refusal(404, "users:not_found", { code: target.employeeCode });
  }
  const fields = change.fields ?? [];
  const superActor = actor.role === "super_admin";
  if (!superActor && fields.some((f) => (PERMISSION_FLAGS as readonly string[]).includes(f))) {
    return refuse("users:flags_super_only");
  }
  const own = self ? selfProblem(target, change, fields) : null;
  if (own !== null) return own;
  if (!self && change.admin && !can(actor, "manageUsers")) {
    return refuse("users:no_manage");
  }
  if (
    change.stationTo !== undefined && change.stationTo !== target.station &&
    !can(actor, "allStations")
  ) {
    return refuse("users:keep_station");
  }
  if (!superActor && (target.role === "super_admin" || change.roleTo === "super_admin")) {
    return refuse("users:super_only");
  }
  if (!self && acts(change) && !holdsNoMore(actor, target)) return refuse("users:holds_more");
  return null;
}

/** The refusal of an action on an account that holds a role or a permission the actor lacks. */
export const HOLDS_MORE = MESSAGES["users:holds_more"];

/** Whether a change acts on the account (an empty change only reads it). */
function acts(change: TargetChange): boolean {
  return change.action === true || change.admin === true || change.deactivate === true ||
    change.delete === true || change.roleTo !== undefined || change.stationTo !== undefined ||
    (change.fields ?? []).length > 0;
}
