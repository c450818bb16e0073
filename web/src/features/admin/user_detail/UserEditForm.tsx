// The edit mode of the user detail (spec 2.7): the fields an administrator may change, with
// first name, last name, station and role required. Only the changed fields are sent, so an
// unchanged role or state never ends the user's sessions.

import { type FormEvent, useState } from "react";
import { firstIssue, updateBody } from "../../../../../api/rules/user_schemas.ts";
import type { Role } from "../../../../../api/rules/roles.ts";
import type { AdminUser } from "../admin_users.ts";
import { useSession } from "../../shell/session.ts";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { can } from "../../../../../api/rules/access.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { UDETAIL_CREATE } from "../../../i18n/areas/udetail_create.ts";
import { useT } from "../../../i18n/i18n.ts";
import { serverText } from "../../../i18n/server_text.ts";
import "../admin_users.css";
import { TextField } from "./TextField.tsx";
import { RoleSelect, rolesFor } from "../RoleSelect.tsx";

type Field = "firstName" | "lastName" | "email" | "phone" | "station" | "department" | "jobTitle";

/** The fields the edit form sends. */
export type UserEdit = Partial<Record<Field, string>> & { role?: Role; isActive?: boolean };

const REQUIRED: readonly Field[] = ["firstName", "lastName", "station"];
/** What one may change on one's own account (design 3); another administrator does the rest. */
const OWN: readonly Field[] = ["email", "phone", "department"];

type Draft = Pick<AdminUser, Field | "role" | "isActive">;

/** Only what the edit changed, trimmed (the station in capitals). */
function changesOf(draft: Draft, user: AdminUser): UserEdit {
  const changes: UserEdit = {};
  for (const f of ["firstName", "lastName", "email", "phone", "department", "jobTitle"] as const) {
    if (draft[f].trim() !== user[f]) changes[f] = draft[f].trim();
  }
  const station = draft.station.trim().toUpperCase();
  if (station !== user.station) changes.station = station;
  if (draft.role !== user.role) changes.role = draft.role;
  if (draft.isActive !== user.isActive) changes.isActive = draft.isActive;
  return changes;
}

/** Props of the edit form. */
export interface UserEditFormProps {
  user: AdminUser;
  busy: boolean;
  /** Saves the changes; true when the server took them (the form then closes). */
  onSave: (changes: UserEdit) => Promise<boolean>;
  onCancel: () => void;
}

/** The edit form: 'Save Changes' and 'Cancel'. */
export function UserEditForm(props: UserEditFormProps) {
  const { user } = props;
  const actor = useSession((s) => s.user);
  const self = actor?.employeeCode === user.employeeCode;
  const t = useT(UDETAIL_CREATE);
  const common = useT(COMMON);
  const [draft, setDraft] = useState<Draft>({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    station: user.station,
    department: user.department,
    jobTitle: user.jobTitle,
    role: user.role,
    isActive: user.isActive,
  });
  const [problem, setProblem] = useState<{ field: Field | null; message: string } | null>(null);
  // a change to Super Admin waits here for its confirmation
  const [confirming, setConfirming] = useState<UserEdit | null>(null);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const changes = changesOf(draft, user);
    // the server's own schema, so the form refuses what the server would
    const issue = firstIssue(updateBody, changes);
    if (issue !== null) {
      setProblem({ field: issue.field as Field, message: issue.message });
      e.currentTarget.querySelector<HTMLInputElement>(`[name="${issue.field}"]`)?.focus();
      return;
    }
    // every permission at every station: asked first, like the bulk role change
    if (changes.role === "super_admin") setConfirming(changes);
    else void props.onSave(changes);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t("editLabel")}>
      <EditFields
        user={user}
        draft={draft}
        setDraft={(next) => {
          setDraft(next);
          setProblem(null);
        }}
        problem={problem?.field ?? null}
      />
      {self && <p id="edit-self-note" className="notice">{t("selfNote")}</p>}
      <p className="error" role="alert">{problem && serverText(problem.message)}</p>
      {confirming !== null && (
        <SuperAdminConfirm
          user={user}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const changes = confirming;
            setConfirming(null);
            void props.onSave(changes);
          }}
        />
      )}
      <div className="actions">
        <button type="button" onClick={props.onCancel} disabled={props.busy}>
          {common("cancel")}
        </button>
        <button type="submit" className="primary" disabled={props.busy}>
          {props.busy ? t("saving") : t("saveChanges")}
        </button>
      </div>
    </form>
  );
}

/** Asks before a change to Super Admin: every permission at every station. */
function SuperAdminConfirm(
  props: { user: AdminUser; onCancel: () => void; onConfirm: () => void },
) {
  const { user } = props;
  const t = useT(UDETAIL_CREATE);
  return (
    <ConfirmDialog
      title={t("superAdminTitle")}
      text={t("superAdminText", {
        name: user.fullName || user.employeeCode,
        code: user.employeeCode,
      })}
      confirmLabel={t("superAdminConfirm")}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}

/** The fields of the edit: on one's own account only email, phone and department are open. */
function EditFields(
  props: { user: AdminUser; draft: Draft; setDraft: (draft: Draft) => void; problem: Field | null },
) {
  const { user, draft, setDraft } = props;
  const actor = useSession((s) => s.user);
  const self = actor?.employeeCode === user.employeeCode;
  // only super admins make or unmake super admins (design 3); nobody demotes themselves
  const superAdmin = can(actor, "superAdmin");
  const t = useT(UDETAIL_CREATE);
  const input = (field: Field, type = "text", max = 80) => (
    <TextField
      label={t(field)}
      required={REQUIRED.includes(field)}
      invalid={props.problem === field}
      disabled={self && !OWN.includes(field)}
      name={field}
      type={type}
      value={draft[field]}
      maxLength={max}
      onChange={(e) =>
        setDraft({
          ...draft,
          [field]: field === "station" ? e.target.value.toUpperCase() : e.target.value,
        })}
    />
  );
  return (
    <div className="fields">
      {input("firstName", "text", 60)}
      {input("lastName", "text", 60)}
      {input("email", "email", 120)}
      {input("phone", "tel", 40)}
      {input("station", "text", 3)}
      {input("department")}
      {input("jobTitle")}
      <RoleSelect
        label={
          <>
            {t("role")}
            <span className="required" aria-hidden="true">*</span>
          </>
        }
        roles={rolesFor(superAdmin || user.role === "super_admin")}
        locked={superAdmin ? null : "super_admin"}
        value={draft.role}
        aria-required
        disabled={self}
        aria-describedby={self ? "edit-self-note" : undefined}
        onRole={(role) => setDraft({ ...draft, role })}
      />
      <label className="toggle edit-active">
        <input
          type="checkbox"
          checked={draft.isActive}
          disabled={self}
          onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })}
        />
        {t("active")}
      </label>
    </div>
  );
}
