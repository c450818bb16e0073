// What the admin screens offer the signed-in user on one account (the user detail, the list's
// actions): the client's mirror of the server's target rules (api/policy.ts, design 3 and 5.6).
// The server checks every call again; a screen never offers what the server refuses that caller.

import type { AdminUser } from "./admin_users.ts";
import type { SessionUser } from "../shell/session.ts";
import { can, mayManage } from "../../../../api/rules/access.ts";

/** The actions on an account a screen may offer. */
export interface Offers {
  /** The edit form (on one's own account: email, phone and department only). */
  edit: boolean;
  activate: boolean;
  role: boolean;
  reset: boolean;
  unlock: boolean;
  extend: boolean;
  apps: boolean;
  signOut: boolean;
  delete: boolean;
  /** The permission flags. */
  permissions: boolean;
  /** Reset two-factor sign-in (whether the account has a second factor is the screen's to see). */
  resetTwoFactor: boolean;
}

/** The actions `actor` may take on `target`. */
export function offersOn(
  actor: SessionUser | null,
  target: Pick<AdminUser, "employeeCode" | "role"> & Partial<AdminUser>,
): Offers {
  const self = actor?.employeeCode === target.employeeCode;
  // the server refuses every administrator's action on one's own account (design 5.6), and any
  // on an account that holds a role or a flag the actor lacks (issue 48): the same rule
  const others = can(actor, "manageUsers") && mayManage(actor, target);
  return {
    edit: self || others,
    activate: others,
    role: others,
    reset: others,
    unlock: others,
    extend: others && can(actor, "extendPasswords"),
    apps: others,
    signOut: others,
    delete: others,
    permissions: others && can(actor, "superAdmin") && target.role === "admin",
    resetTwoFactor: others && can(actor, "superAdmin"),
  };
}
