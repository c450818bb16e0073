// The role picker of the create form, the edit form and the bulk bar: the roles the caller may
// give, by their names. Only super admins make or unmake super admins (design 3).

import type { ComponentProps, ReactNode } from "react";
import type { Role } from "../../../../api/rules/roles.ts";
import { useRoleName } from "./admin_users.ts";

/** Props of the role select: its label, the roles offered, and the select's own props. */
export interface RoleSelectProps extends Omit<ComponentProps<"select">, "onChange"> {
  label: ReactNode;
  roles: readonly Role[];
  onRole: (role: Role) => void;
  /** A role shown but not to be chosen (super admin for an admin editing a super admin). */
  locked?: Role | null;
  /** An option before the roles (the bulk bar's 'Choose…'). */
  first?: ReactNode;
}

/** A labelled select of roles. */
export function RoleSelect(props: RoleSelectProps) {
  const { label, roles, onRole, locked, first, ...select } = props;
  const roleName = useRoleName();
  return (
    <label>
      {label}
      <select {...select} onChange={(e) => onRole(e.target.value as Role)}>
        {first}
        {roles.map((r) => <option key={r} value={r} disabled={r === locked}>{roleName(r)}</option>)}
      </select>
    </label>
  );
}

/** The roles the caller may give: super admin only for super admins. */
export function rolesFor(superAdmin: boolean): Role[] {
  return superAdmin ? ["user", "admin", "super_admin"] : ["user", "admin"];
}
