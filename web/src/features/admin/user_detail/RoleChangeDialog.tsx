// The confirmation of a bulk role change: who changes, and the permissions they have after it (as
// the server applies them: the new role's flags as a create gives them, never one the signed-in
// admin lacks; a super admin has all, a user none).

import type { Role } from "../../../../../api/rules/roles.ts";
import { useRoleName } from "../admin_users.ts";
import { flagName, PERMISSION_FLAG_NAMES, permissionsAs } from "../../../../../api/rules/flags.ts";
import { useSession } from "../../shell/session.ts";
import { useAdminUsers } from "../users/user_list.ts";
import { Modal } from "../../../ui/Modal.tsx";
import "../admin_users.css";
import { COMMON } from "../../../i18n/areas/common.ts";
import { UDETAIL_DIALOGS } from "../texts/udetail_dialogs.ts";
import { useT } from "../../../i18n/i18n.ts";
import { serverText } from "../../../i18n/server_text.ts";

/** Asks before changing the selected users' role, showing what each ends up allowed to do. */
export function RoleChangeDialog(
  props: { role: Role; onConfirm: () => void; onCancel: () => void },
) {
  const actor = useSession((s) => s.user);
  const selected = useAdminUsers((s) => s.selected);
  const users = useAdminUsers((s) => s.users).filter((u) => selected.includes(u.employeeCode));
  const same = users.filter((u) => u.role === props.role);
  const changing = users.filter((u) => u.role !== props.role);
  const t = useT(UDETAIL_DIALOGS);
  const common = useT(COMMON);
  const name = useRoleName()(props.role);
  const n = selected.length;
  return (
    <Modal
      labelledBy="role-title"
      describedBy="role-text"
      className="dialog role-change"
      onCancel={props.onCancel}
    >
      <div>
        <h2 id="role-title">{t("roleTitle", { role: name })}</h2>
        <p id="role-text">{t("roleText", { count: n, role: name })}</p>
        <h3>{t("roleAfter")}</h3>
        <ul className="role-outcomes">
          {actor !== null && changing.length > 0 && (
            <Outcome
              who={changing.map((u) => `${u.fullName || u.employeeCode} (${u.employeeCode})`)}
              flags={permissionsAs(actor, props.role)}
            />
          )}
        </ul>
        {props.role === "admin" && <p className="notice">{t("roleAdminNote")}</p>}
        {same.length > 0 && (
          <p className="notice">
            {t("roleAlready", {
              role: name,
              codes: same.map((u) => u.employeeCode).join(t("listSeparator")),
            })}
          </p>
        )}
        <div className="actions">
          <button type="button" data-autofocus onClick={props.onCancel}>
            {common("cancel")}
          </button>
          <button type="button" className="danger" onClick={props.onConfirm}>
            {t("changeRole")}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** Who changes, and the permissions they have after the change. */
function Outcome(props: { who: string[]; flags: ReturnType<typeof permissionsAs> }) {
  const t = useT(UDETAIL_DIALOGS);
  return (
    <li>
      <p className="role-outcome-who">{props.who.join(t("listSeparator"))}</p>
      <ul className="role-flags" aria-label={t("permissions")}>
        {PERMISSION_FLAG_NAMES.map((f) => (
          <li key={f.key} className={props.flags[f.key] ? "yes" : "no"}>
            <span aria-hidden="true">{props.flags[f.key] ? "✓" : "✗"}</span>{" "}
            {serverText(flagName(f.key))}: {t(props.flags[f.key] ? "flagYes" : "flagNo")}
          </li>
        ))}
      </ul>
    </li>
  );
}
