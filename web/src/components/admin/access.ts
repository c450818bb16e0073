// What the signed-in user may do in the admin area: the client's mirror of design 3 (the server
// checks every call again; this only decides what the screens show).

import type { SessionUser } from "../../stores/session.ts";

/** An admin-area capability. */
export type AdminCapability =
  | "adminArea"
  | "manageUsers"
  | "extendPasswords"
  | "allStations"
  | "superAdmin";

const FLAG = {
  adminArea: "canAccessAdminApps",
  manageUsers: "canManageUsers",
  extendPasswords: "canExtendPasswords",
  allStations: "canViewAllStations",
} as const;

/** Whether the user has the capability (super admins have all; admins by their flags). */
export function can(user: SessionUser | null, capability: AdminCapability): boolean {
  if (user === null) return false;
  if (user.role === "super_admin") return true;
  if (capability === "superAdmin" || user.role !== "admin") return false;
  return user[FLAG[capability]] === true;
}
