// The permission flags of an account (design 3 and 5.3) in one place, pure so that the web shows
// what the server decides: the flags a role starts with, the flags a holder has in effect, and
// the flags an actor gives when they create an account or change its role.

import type { Role } from "./roles.ts";
import { type Problem, say } from "./messages.ts";

/** The four admin permission flags of a user record, in the spec's order, with the names the
 * screens give them (spec 2.7). */
export const PERMISSION_FLAG_NAMES = [
  { key: "canManageUsers", label: "Manage users" },
  { key: "canExtendPasswords", label: "Extend password expiry" },
  { key: "canViewAllStations", label: "View all stations" },
  { key: "canAccessAdminApps", label: "Access admin apps" },
] as const;

/** One of the permission flags. */
export type PermissionFlag = (typeof PERMISSION_FLAG_NAMES)[number]["key"];

/** A flag's name for screens, as the catalogue's message (its code, and the English label). */
export function flagName(flag: PermissionFlag): Problem {
  return say(`flag:${flag}`);
}

/** The four admin permission flags of a user record. */
export const PERMISSION_FLAGS: readonly PermissionFlag[] = PERMISSION_FLAG_NAMES.map((f) => f.key);

/** A value for each permission flag. */
export type Flags = Record<PermissionFlag, boolean>;

/** Where each flag stands among the others in a user record, an account's answer and an audit
 * entry's changes: their order from before the spec's order of the screens (a flag added later
 * goes last). */
const RECORD_PLACE: Record<PermissionFlag, number> = {
  canManageUsers: 0,
  canAccessAdminApps: 1,
  canExtendPasswords: 2,
  canViewAllStations: 3,
};

/** The permission flags in the order a user record holds them. */
export const RECORD_FLAGS: readonly PermissionFlag[] = [...PERMISSION_FLAGS].sort((a, b) =>
  RECORD_PLACE[a] - RECORD_PLACE[b]
);

/** The flags as stored on a record (not the flags in effect: `heldFlags`), in record order. */
export function storedFlags(record: Flags): Flags {
  return Object.fromEntries(RECORD_FLAGS.map((f) => [f, record[f]])) as Flags;
}

/** Whoever holds flags: a stored user, or the session's user. */
export type FlagHolder = { role: Role } & Partial<Record<PermissionFlag, boolean | undefined>>;

const every = (value: (flag: PermissionFlag) => boolean): Flags =>
  Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, value(f)])) as Flags;

/**
 * The flags an account of `role` starts with, whether it is created with the role or moved to
 * it: a super admin all, an admin manage users, extend passwords and the admin area but only
 * its own station, a user none.
 */
export function roleDefaults(role: Role): Flags {
  if (role === "super_admin") return every(() => true);
  if (role === "user") return every(() => false);
  return every((f) => f !== "canViewAllStations");
}

/** The flags a holder has in effect: a super admin all, an admin those set true, a user none. */
export function heldFlags(holder: FlagHolder): Flags {
  return every((f) =>
    holder.role === "super_admin" || (holder.role === "admin" && holder[f] === true)
  );
}

/** The flags `actor` gives an account created with `role` or moved to it: the role's defaults,
 * without any flag the actor lacks (a demotion to user clears every flag). */
export function grantedFlags(actor: FlagHolder, role: Role): Flags {
  const defaults = roleDefaults(role);
  const held = heldFlags(actor);
  return every((f) => defaults[f] && held[f]);
}

/** The flags of an account whose role `actor` changes to `role`: the role's flags as a create
 * gives them, with the flags a super admin sets in the same edit (`chosen`); a user has none. */
export function flagsOnRoleChange(
  actor: FlagHolder,
  role: Role,
  chosen: Partial<Record<PermissionFlag, boolean>>,
): Flags {
  const granted = grantedFlags(actor, role);
  if (role === "user" || actor.role !== "super_admin") return granted;
  return every((f) => chosen[f] ?? granted[f]);
}

/** What an account may do after `actor` moves it to `role`, as the server decides it: the flags
 * in effect of a holder with the flags of `flagsOnRoleChange` (a super admin everything, a user
 * nothing). */
export function permissionsAs(actor: FlagHolder, role: Role): Flags {
  return heldFlags({ role, ...flagsOnRoleChange(actor, role, {}) });
}
