// The edit mode of the user detail (spec 2.7): the fields an administrator may change, with
// first name, last name, station and role required. Only the changed fields are sent, so an
// unchanged role or state never ends the user's sessions.

import { type FormEvent, useState } from "react";
import { ACCOUNT_FIELDS, type AccountField } from "../../../../../api/rules/account_fields.ts";
import { updateBody } from "../../../../../api/rules/user_schemas.ts";
import { firstIssue } from "../../../../../api/rules/issues.ts";
import type { Role } from "../../../../../api/rules/roles.ts";
import type { AdminUser } from "../admin_users.ts";
import { useSession } from "../../shell/session.ts";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { can } from "../../../../../api/rules/access.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { type FieldLabel, FIELDS } from "../../../i18n/areas/fields.ts";
import { UDETAIL_CREATE } from "./texts/udetail_create.ts";
import { useT } from "../../../i18n/i18n.ts";
import { type ServerMessage, serverText } from "../../../i18n/server_text.ts";
import "../admin_users.css";
import { TextField } from "./TextField.tsx";
import { RoleSelect, rolesFor } from "../RoleSelect.tsx";

/** The account fields on the edit form (rules/account_fields.ts), in its order. */
const ON_FORM: readonly AccountField[] = ACCOUNT_FIELDS.filter((f) =>
  (f as AccountField).edit === "form"
);

type Field = Extract<(typeof ACCOUNT_FIELDS)[number], { edit: "form" }>["name"];

/** The fields the edit form sends. */
export type UserEdit = Partial<Record<Field, string>> & { role?: Role; isActive?: boolean };

type Draft = Pick<AdminUser, Field | "role" | "isActive">;

/** Only what the edit changed, trimmed (the station in capitals). */
function changesOf(draft: Draft, user: AdminUser): UserEdit {
  const changes: UserEdit = {};
  // the station after the other texts: the audit's summary lists the fields in the body's order
  const stationLast = [
    ...ON_FORM.filter((f) => f.kind !== "station"),
    ...ON_FORM.filter((f) => f.kind === "station"),
  ];
  for (const f of stationLast) {
    const name = f.name as Field;
    const value = f.kind === "station" ? draft[name].trim().toUpperCase() : draft[name].trim();
    // an account stored before a field was added has none: empty, as the form shows it
    if (value !== (user[name] ?? "")) changes[name] = value;
  }
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
    ...(Object.fromEntries(ON_FORM.map((f) => [f.name, user[f.name as Field] ?? ""])) as Record<
      Field,
      string
    >),
    role: user.role,
    isActive: user.isActive,
  });
  const [problem, setProblem] = useState<({ field: Field | null } & ServerMessage) | null>(null);
  // a change to Super Admin waits here for its confirmation
  const [confirming, setConfirming] = useState<UserEdit | null>(null);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const changes = changesOf(draft, user);
    // the server's own schema, so the form refuses what the server would
    const issue = firstIssue(updateBody, changes);
    if (issue !== null) {
      setProblem({ ...issue, field: issue.field as Field });
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
      <p className="error" role="alert">{problem && serverText(problem)}</p>
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

/** The fields of the edit: on one's own account only the own profile's fields are open. */
function EditFields(
  props: { user: AdminUser; draft: Draft; setDraft: (draft: Draft) => void; problem: Field | null },
) {
  const { user, draft, setDraft } = props;
  const actor = useSession((s) => s.user);
  const self = actor?.employeeCode === user.employeeCode;
  // only super admins make or unmake super admins (design 3); nobody demotes themselves
  const superAdmin = can(actor, "superAdmin");
  const t = useT(UDETAIL_CREATE);
  const label = useT(FIELDS);
  const input = (f: AccountField) => (
    <TextField
      key={f.name}
      label={label(f.label as FieldLabel)}
      required={f.required !== undefined}
      invalid={props.problem === f.name}
      disabled={self && !f.own}
      name={f.name}
      type={f.kind === "email" || f.kind === "tel" ? f.kind : "text"}
      value={draft[f.name as Field]}
      maxLength={f.max}
      onChange={(e) =>
        setDraft({
          ...draft,
          [f.name]: f.kind === "station" ? e.target.value.toUpperCase() : e.target.value,
        })}
    />
  );
  return (
    <div className="fields">
      {ON_FORM.map(input)}
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
