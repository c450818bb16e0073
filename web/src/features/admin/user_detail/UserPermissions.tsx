// The admin permission flags of an admin or super_admin account (spec 2.7, 6). A super admin
// edits an admin's flags; super admins have every permission whatever their flags say.

import { useState } from "react";
import type { AdminUser } from "../admin_users.ts";
import {
  flagName,
  PERMISSION_FLAG_NAMES as FLAGS,
  type PermissionFlag,
} from "../../../../../api/rules/flags.ts";
import { useSession } from "../../shell/session.ts";
import { can } from "../../../../../api/rules/access.ts";
import { UDETAIL_PAGE } from "../texts/udetail_page.ts";
import { useT } from "../../../i18n/i18n.ts";
import { serverText } from "../../../i18n/server_text.ts";
import "../admin_users.css";

/** Props of the permissions section. */
export interface UserPermissionsProps {
  user: AdminUser;
  busy: boolean;
  /** Saves the changed flags; true when saved. */
  onSave: (flags: Partial<Record<PermissionFlag, boolean>>) => Promise<boolean>;
}

/** The 'Permissions' section, editable by super admins for admin accounts. */
export function UserPermissions(props: UserPermissionsProps) {
  const { user } = props;
  const actor = useSession((s) => s.user);
  const t = useT(UDETAIL_PAGE);
  const superTarget = user.role === "super_admin";
  const editable = can(actor, "superAdmin") && user.role === "admin";
  // the spec reads each flag as true unless it is false
  const current = (key: PermissionFlag) => superTarget || user[key] !== false;
  const [draft, setDraft] = useState<Partial<Record<PermissionFlag, boolean>>>({});
  const value = (key: PermissionFlag) => draft[key] ?? current(key);
  const changed = FLAGS.filter((f) =>
    draft[f.key] !== undefined && draft[f.key] !== current(f.key)
  );

  return (
    <section className="section" aria-labelledby="permissions-title">
      <h2 id="permissions-title">{t("permissions")}</h2>
      <p className="notice">{t("superAdminsAll")}</p>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const flags = Object.fromEntries(changed.map((f) => [f.key, value(f.key)]));
          if (await props.onSave(flags)) setDraft({});
        }}
      >
        <fieldset className="permission-flags" disabled={!editable || props.busy}>
          <legend className="visually-hidden">{t("adminPermissions")}</legend>
          {FLAGS.map((f) => (
            <label key={f.key} className="toggle">
              <input
                type="checkbox"
                checked={value(f.key)}
                onChange={(e) => setDraft({ ...draft, [f.key]: e.target.checked })}
              />
              {serverText(flagName(f.key))}
            </label>
          ))}
        </fieldset>
        {editable && (
          <div className="actions">
            <button type="button" disabled={changed.length === 0} onClick={() => setDraft({})}>
              {t("undo")}
            </button>
            <button type="submit" className="primary" disabled={changed.length === 0 || props.busy}>
              {t("savePermissions")}
            </button>
          </div>
        )}
        {!editable && !superTarget && <p className="notice">{t("onlySuperAdminPermissions")}</p>}
      </form>
    </section>
  );
}
