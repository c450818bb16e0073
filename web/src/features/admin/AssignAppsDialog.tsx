// The Assign Apps dialog: the normal apps for everyone, the admin apps only for admin and
// super_admin accounts (spec 6). It stays open with its message when the server refuses.

import { type ReactNode, useState } from "react";
import type { AdminUser } from "./admin_users.ts";
import {
  ADMIN_APPS,
  type AppId,
  appName,
  assignableApps,
  NORMAL_APPS,
} from "../../../../api/rules/apps.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { UDETAIL_DIALOGS } from "./texts/udetail_dialogs.ts";
import { useT } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";
import { Modal } from "../../ui/Modal.tsx";
import "./admin_users.css";

/** Props of the dialog; it is open while mounted. */
export interface AssignAppsDialogProps {
  /** The account (or, approving a registration, the account to be). */
  user: Pick<AdminUser, "employeeCode" | "fullName" | "role" | "accessibleApps">;
  /** Saves; null when saved (the dialog closes), else the server's message. */
  onSave: (apps: AppId[]) => Promise<string | null>;
  onClose: () => void;
  /** The heading ('Assign Apps' by default). */
  title?: string;
  /** What the dialog does, below the account's name. */
  intro?: ReactNode;
  /** The save button's text for a number of apps ('Save (N apps)' by default). */
  saveLabel?: (count: number) => string;
  /** What a refusal is called ('Failed to update apps' by default). */
  failureText?: string;
}

/** Checkboxes of the apps a user may be given, with Cancel and 'Save (N apps)'. */
export function AssignAppsDialog(props: AssignAppsDialogProps) {
  const { user } = props;
  const [apps, setApps] = useState<AppId[]>(() => assignableApps(user));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const adminTarget = user.role !== "user";
  const t = useT(UDETAIL_DIALOGS);
  const common = useT(COMMON);
  /** The save button's text on the user page. */
  const saveApps = (count: number) => t("saveApps", { count });

  const toggle = (id: AppId, on: boolean) => {
    setProblem(null);
    setApps(on ? [...apps, id] : apps.filter((a) => a !== id));
  };
  const box = (app: { id: AppId; name: string }) => (
    <label key={app.id} className="toggle">
      <input
        type="checkbox"
        checked={apps.includes(app.id)}
        disabled={saving}
        onChange={(e) => toggle(app.id, e.target.checked)}
      />
      {serverText(appName(app.id))}
    </label>
  );

  return (
    <Modal
      className="dialog assign-apps"
      labelledBy="assign-apps-title"
      onCancel={() => {
        if (!saving) props.onClose();
      }}
    >
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setSaving(true);
          const refused = await props.onSave(apps);
          setSaving(false);
          if (refused === null) props.onClose();
          else setProblem(refused);
        }}
      >
        <h2 id="assign-apps-title">{props.title ?? t("assignApps")}</h2>
        <p>
          <bdi>{user.fullName || user.employeeCode} ({user.employeeCode})</bdi>
        </p>
        {props.intro}
        <fieldset>
          <legend>{t("apps")}</legend>
          {NORMAL_APPS.map(box)}
        </fieldset>
        {adminTarget
          ? (
            <fieldset>
              <legend>{t("adminApps")}</legend>
              {ADMIN_APPS.map(box)}
            </fieldset>
          )
          : <p className="notice">{t("adminAppsOnly")}</p>}
        <AppsProblem problem={problem} failureText={props.failureText} />
        <div className="actions">
          <button type="button" onClick={props.onClose} disabled={saving}>
            {common("cancel")}
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {saving ? t("saving") : (props.saveLabel ?? saveApps)(apps.length)}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Why the apps were not saved: what the refusal is called, and the server's words. */
function AppsProblem(props: { problem: string | null; failureText?: string }) {
  const t = useT(UDETAIL_DIALOGS);
  return (
    <div className="error" role="alert">
      {props.problem !== null && (
        <>
          <p>{props.failureText ?? t("failedApps")}</p>
          <p className="notice">{props.problem}</p>
        </>
      )}
    </div>
  );
}
