// The confirmation of a bulk role change: who changes, and the permissions each of them has after
// it (as the server will apply them: a super admin has all, an admin its own flags, a user none),
// grouped so that 50 users with the same outcome read as one line.

import type { Role } from "../../../../api/store.ts";
import {
  type AdminUser,
  PERMISSION_FLAGS,
  permissionsAs,
  ROLE_NAMES,
} from "../../stores/admin_users.ts";
import { useAdminUsers } from "../../stores/user_list.ts";
import { Modal } from "../Modal.tsx";
import "./admin_users.css";
import { plural } from "../../numbers.ts";

/** Users with the same permissions after the change. */
interface Outcome {
  users: AdminUser[];
  flags: Record<(typeof PERMISSION_FLAGS)[number]["key"], boolean>;
}

/** The selected users grouped by the permissions the new role gives them. */
export function outcomesOf(users: readonly AdminUser[], role: Role): Outcome[] {
  const groups = new Map<string, Outcome>();
  for (const user of users) {
    const flags = permissionsAs(user, role);
    const key = PERMISSION_FLAGS.map((f) => (flags[f.key] ? "1" : "0")).join("");
    const group = groups.get(key) ?? { users: [], flags };
    group.users.push(user);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Asks before changing the selected users' role, showing what each ends up allowed to do. */
export function RoleChangeDialog(
  props: { role: Role; onConfirm: () => void; onCancel: () => void },
) {
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
          {outcomesOf(changing, props.role).map((o) => (
            <li key={o.users[0].employeeCode}>
              <p className="role-outcome-who">
                {o.users.map((u) => `${u.fullName || u.employeeCode} (${u.employeeCode})`).join(
                  ", ",
                )}
              </p>
              <ul className="role-flags" aria-label="Permissions">
                {PERMISSION_FLAGS.map((f) => (
                  <li key={f.key} className={o.flags[f.key] ? "yes" : "no"}>
                    <span aria-hidden="true">{o.flags[f.key] ? "✓" : "✗"}</span> {f.label}:{" "}
                    {o.flags[f.key] ? "yes" : "no"}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        {props.role === "admin" && (
          <p className="notice">
            An admin has the permissions its account holds; a super admin can change them on the
            user's page.
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
