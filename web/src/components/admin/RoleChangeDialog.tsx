// The confirmation of a bulk role change: who changes, and the permissions they have after it (as
// the server applies them: the new role's flags as a create gives them, never one the signed-in
// admin lacks; a super admin has all, a user none).

import type { Role } from "../../../../api/store.ts";
import { ROLE_NAMES } from "../../stores/admin_users.ts";
import { PERMISSION_FLAG_NAMES, permissionsAs } from "../../../../api/rules/flags.ts";
import { useSession } from "../../stores/session.ts";
import { useAdminUsers } from "../../stores/user_list.ts";
import { Modal } from "../Modal.tsx";
import "./admin_users.css";
import { plural } from "../../numbers.ts";

/** Asks before changing the selected users' role, showing what each ends up allowed to do. */
export function RoleChangeDialog(
  props: { role: Role; onConfirm: () => void; onCancel: () => void },
) {
  const actor = useSession((s) => s.user);
  const selected = useAdminUsers((s) => s.selected);
  const users = useAdminUsers((s) => s.users).filter((u) => selected.includes(u.employeeCode));
  const same = users.filter((u) => u.role === props.role);
  const changing = users.filter((u) => u.role !== props.role);
  const name = ROLE_NAMES[props.role];
  const n = selected.length;
  return (
    <Modal
      labelledBy="role-title"
      describedBy="role-text"
      className="dialog role-change"
      onCancel={props.onCancel}
    >
      <div>
        <h2 id="role-title">Change Role to {name}</h2>
        <p id="role-text">
          Change the role of {plural(n, "user")} to{" "}
          {name}? Their sessions end, so they sign in again with the new role.
        </p>
        <h3>Permissions after the change</h3>
        <ul className="role-outcomes">
          {actor !== null && changing.length > 0 && (
            <Outcome
              who={changing.map((u) => `${u.fullName || u.employeeCode} (${u.employeeCode})`)}
              flags={permissionsAs(actor, props.role)}
            />
          )}
        </ul>
        {props.role === "admin" && (
          <p className="notice">
            A new admin gets the admin permissions except all stations, never one you do not have
            yourself; a super admin can change them on the user's page.
          </p>
        )}
        {same.length > 0 && (
          <p className="notice">
            Already {name}, unchanged: {same.map((u) => u.employeeCode).join(", ")}.
          </p>
        )}
        <div className="actions">
          <button type="button" data-autofocus onClick={props.onCancel}>Cancel</button>
          <button type="button" className="danger" onClick={props.onConfirm}>Change Role</button>
        </div>
      </div>
    </Modal>
  );
}

/** Who changes, and the permissions they have after the change. */
function Outcome(props: { who: string[]; flags: ReturnType<typeof permissionsAs> }) {
  return (
    <li>
      <p className="role-outcome-who">{props.who.join(", ")}</p>
      <ul className="role-flags" aria-label="Permissions">
        {PERMISSION_FLAG_NAMES.map((f) => (
          <li key={f.key} className={props.flags[f.key] ? "yes" : "no"}>
            <span aria-hidden="true">{props.flags[f.key] ? "✓" : "✗"}</span> {f.label}:{" "}
            {props.flags[f.key] ? "yes" : "no"}
          </li>
        ))}
      </ul>
    </li>
  );
}
