// /apps/admin-apps/users/create: a new staff account (spec 2.6, 3 and 5; design 7). The form checks
// the four required fields in the spec's order; everything else is the server's to refuse.

import { useNavigate } from "@tanstack/react-router";
import {
  type ComponentProps,
  type FormEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from "react";
import { passwordProblem, passwordRule } from "../../../../api/rules/password.ts";
import { createBody, firstIssue } from "../../../../api/rules/user_schemas.ts";
import type { Role } from "../../../../api/store.ts";
import type { NewUser } from "../../admin/account_calls.ts";
import { passwordContentProblem } from "../../stores/password_change.ts";
import { useUserDetail } from "../../stores/admin_users.ts";
import { usePasswordPolicy } from "../../stores/password_policy.ts";
import { useSession } from "../../stores/session.ts";
import { can } from "../../../../api/rules/access.ts";
import { type AppId, appsFor } from "../../../../api/rules/apps.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import { RoleSelect, rolesFor } from "./RoleSelect.tsx";
import { TextField } from "./TextField.tsx";
import "./admin_users.css";

type Text =
  | "employeeCode"
  | "firstName"
  | "middleName"
  | "lastName"
  | "email"
  | "phone"
  | "station"
  | "department"
  | "jobTitle"
  | "position"
  | "password";

interface Draft extends Record<Text, string> {
  gender: "Male" | "Female";
  role: Role;
  isActive: boolean;
  passwordExpiryDays: 30 | 90 | 180 | 365;
  accessibleApps: AppId[];
}

const START: Draft = {
  employeeCode: "",
  firstName: "",
  middleName: "",
  lastName: "",
  email: "",
  phone: "",
  station: "CAI",
  department: "",
  jobTitle: "Employee",
  position: "",
  password: "",
  gender: "Male",
  role: "user",
  isActive: true,
  passwordExpiryDays: 90,
  accessibleApps: [],
};

/** The fields the spec requires (marked on the form; the schema checks them). */
const REQUIRED: readonly Text[] = ["employeeCode", "firstName", "lastName", "station"];

/** The body the server takes: trimmed texts, only the optional ones given, the apps offered. */
function bodyOf(draft: Draft): NewUser {
  const t = (f: Text) => draft[f].trim();
  const optional = (f: Text) => (t(f) === "" ? {} : { [f]: t(f) });
  const offered = appsFor(draft.role);
  return {
    employeeCode: t("employeeCode").toUpperCase(),
    firstName: t("firstName"),
    lastName: t("lastName"),
    station: t("station").toUpperCase(),
    ...optional("middleName"),
    ...optional("email"),
    ...optional("phone"),
    ...optional("department"),
    ...optional("jobTitle"),
    ...optional("position"),
    // a password is taken as typed: spaces may be part of it
    ...(draft.password === "" ? {} : { password: draft.password }),
    gender: draft.gender,
    role: draft.role,
    isActive: draft.isActive,
    passwordExpiryDays: draft.passwordExpiryDays,
    accessibleApps: draft.accessibleApps.filter((a) => offered.some((o) => o.id === a)),
  };
}

/** The first problem of a new account, with the server's schema and password policy, in the
 * spec's order; null when there is none. */
async function problemOf(
  draft: Draft,
  body: NewUser,
  minLength: number,
): Promise<{ field: string; message: string } | null> {
  const weak = draft.password === "" ? null : passwordProblem(draft.password, minLength) ??
    (await passwordContentProblem(draft.password, body) || null);
  return firstIssue(createBody, body) ??
    (weak === null ? null : { field: "password", message: weak });
}

/** The create user screen. */
export function CreateUserPage() {
  const actor = useSession((s) => s.user);
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  // an admin limited to their station can only create users there (the server refuses others)
  const [draft, setDraft] = useState<Draft>(() =>
    actor !== null && !can(actor, "allStations") ? { ...START, station: actor.station } : START
  );
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  const minLength = usePasswordPolicy((s) => s.minLength);
  useEffect(() => void usePasswordPolicy.getState().load(), []);

  const change = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setProblem(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = bodyOf(draft);
    const issue = await problemOf(draft, body, minLength);
    if (issue !== null) {
      setProblem({ field: issue.field as Text, message: issue.message });
      form.current?.querySelector<HTMLInputElement>(`[name="${issue.field}"]`)?.focus();
      return;
    }
    setSaving(true);
    const failure = await useUserDetail.getState().create(body);
    if (failure !== null) {
      setProblem({ field: null, message: failure });
      setSaving(false);
      return;
    }
    await navigate({
      to: "/apps/admin-apps/users/$employeeCode",
      params: { employeeCode: useUserDetail.getState().employeeCode },
    });
  }

  const text = (field: Text, label: string, extra: ComponentProps<"input"> = {}) => (
    <TextField
      label={label}
      required={REQUIRED.includes(field)}
      invalid={problem?.field === field}
      problemId="create-problem"
      name={field}
      value={draft[field]}
      onChange={(e) => change({ [field]: e.target.value })}
      {...extra}
    />
  );
  const fields = { draft, change, text };

  return (
    <AdminFrame title="Create User" subtitle="A new staff account">
      <CreateIntro />
      <form ref={form} className="create-user" onSubmit={submit} noValidate aria-label="New user">
        <IdentityFields {...fields} />
        <ContactFields {...fields} />
        <AccessFields {...fields} />
        <PasswordSection {...fields} minLength={minLength} />
        <p id="create-problem" className="error" role="alert">{problem?.message}</p>
        <div className="actions">
          <button type="button" onClick={() => void navigate({ to: "/apps/admin-apps/users" })}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {saving ? "Creating..." : "Create User"}
          </button>
        </div>
      </form>
    </AdminFrame>
  );
}

/** Why the form was refused: a field's problem, or the server's. */
interface Problem {
  field: Text | null;
  message: string;
}

/** What a section of the form gets: the draft, a way to change it, and the text field maker. */
interface FieldsProps {
  draft: Draft;
  change: (patch: Partial<Draft>) => void;
  text: (field: Text, label: string, extra?: ComponentProps<"input">) => ReactNode;
}

/** A titled section of fields. */
function FormSection(props: { title: string; children: ReactNode; after?: ReactNode }) {
  return (
    <section className="section">
      <h2>{props.title}</h2>
      <div className="fields">{props.children}</div>
      {props.after}
    </section>
  );
}

function IdentityFields({ draft, change, text }: FieldsProps) {
  return (
    <FormSection title="Identity">
      {text("employeeCode", "Employee Code", {
        autoCapitalize: "characters",
        autoComplete: "off",
        maxLength: 40,
      })}
      {text("firstName", "First Name", { maxLength: 60 })}
      {text("middleName", "Middle Name", { maxLength: 60 })}
      {text("lastName", "Last Name", { maxLength: 60 })}
      <label>
        Gender
        <select
          value={draft.gender}
          onChange={(e) => change({ gender: e.target.value as Draft["gender"] })}
        >
          <option value="Male">Male</option>
          <option value="Female">Female</option>
        </select>
      </label>
    </FormSection>
  );
}

function ContactFields({ change, text }: FieldsProps) {
  return (
    <FormSection title="Contact and work">
      {text("email", "Email", { type: "email", autoComplete: "off", maxLength: 120 })}
      {text("phone", "Phone", { type: "tel", autoComplete: "off", maxLength: 40 })}
      {text("station", "Station", {
        maxLength: 3,
        autoCapitalize: "characters",
        onChange: (e) => change({ station: e.target.value.toUpperCase() }),
      })}
      {text("department", "Department", { maxLength: 80 })}
      {text("jobTitle", "Job Title", { maxLength: 80 })}
      {text("position", "Position", { maxLength: 80 })}
    </FormSection>
  );
}

function AccessFields({ draft, change }: FieldsProps) {
  const actor = useSession((s) => s.user);
  const apps = (
    <fieldset className="app-boxes">
      <legend>Accessible apps</legend>
      {appsFor(draft.role).map((app) => (
        <label key={app.id} className="toggle">
          <input
            type="checkbox"
            checked={draft.accessibleApps.includes(app.id)}
            onChange={(e) =>
              change({
                accessibleApps: e.target.checked
                  ? [...draft.accessibleApps, app.id]
                  : draft.accessibleApps.filter((a) => a !== app.id),
              })}
          />
          {app.name}
        </label>
      ))}
      {draft.role === "user" && (
        <p className="notice">Admin apps can be given to admin and super admin accounts.</p>
      )}
    </fieldset>
  );
  return (
    <FormSection title="Access" after={apps}>
      <RoleSelect
        label="Role"
        roles={rolesFor(can(actor, "superAdmin"))}
        value={draft.role}
        onRole={(role) => change({ role })}
      />
      <label className="toggle create-active">
        <input
          type="checkbox"
          checked={draft.isActive}
          onChange={(e) => change({ isActive: e.target.checked })}
        />
        Active
      </label>
    </FormSection>
  );
}

function PasswordSection({ draft, change, text, minLength }: FieldsProps & { minLength: number }) {
  const note = (
    <p id="create-password-note" className="notice">
      Leave the password empty to give a one-time password, shown to you once. Either way the user
      must change it at the first sign-in. {passwordRule(minLength)}
    </p>
  );
  return (
    <FormSection title="Password" after={note}>
      {text("password", "Password (optional)", {
        type: "password",
        autoComplete: "new-password",
        "aria-describedby": "create-password-note",
      })}
      <label>
        Password expiry
        <select
          value={draft.passwordExpiryDays}
          onChange={(e) =>
            change({
              passwordExpiryDays: Number(e.target.value) as Draft["passwordExpiryDays"],
            })}
        >
          <option value={30}>30 days</option>
          <option value={90}>90 days</option>
          <option value={180}>180 days</option>
          <option value={365}>365 days</option>
        </select>
      </label>
    </FormSection>
  );
}

/** What a new account gets: active unless cleared, the typed or a one-time password. */
function CreateIntro() {
  return (
    <div className="banner info" role="note">
      New users are <strong>active</strong>{" "}
      unless you clear the “Active” box. They get the password you type here, or a{" "}
      <strong>one-time password</strong>{" "}
      shown to you once when you leave it empty. Either works for one sign-in, at which they choose
      their own.
    </div>
  );
}
