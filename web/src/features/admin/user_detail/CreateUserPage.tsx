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
import { passwordProblem, passwordRule } from "../../../../../api/rules/password.ts";
import { createBody, firstIssue } from "../../../../../api/rules/user_schemas.ts";
import type { Role } from "../../../../../api/rules/roles.ts";
import type { NewUser } from "../account_calls.ts";
import { passwordContentProblem } from "../../password/password_change.ts";
import { useUserDetail } from "../admin_users.ts";
import { usePasswordPolicy } from "../../password/password_policy.ts";
import { useSession } from "../../shell/session.ts";
import { can } from "../../../../../api/rules/access.ts";
import { type AppId, appsFor } from "../../../../../api/rules/apps.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { UDETAIL_CREATE } from "../../../i18n/areas/udetail_create.ts";
import { useT } from "../../../i18n/i18n.ts";
import { Rich } from "../../../i18n/Rich.tsx";
import { serverText } from "../../../i18n/server_text.ts";
import { AdminFrame } from "../AdminFrame.tsx";
import { RoleSelect, rolesFor } from "../RoleSelect.tsx";
import { TextField } from "./TextField.tsx";
import "../admin_users.css";

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
  const t = useT(UDETAIL_CREATE);
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

  const text = (field: Text, extra: ComponentProps<"input"> = {}) => (
    <TextField
      label={field === "password" ? t("passwordOptional") : t(field)}
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
    <AdminFrame title={t("title")} subtitle={t("subtitle")}>
      <CreateIntro />
      <form
        ref={form}
        className="create-user"
        onSubmit={submit}
        noValidate
        aria-label={t("formLabel")}
      >
        <IdentityFields {...fields} />
        <ContactFields {...fields} />
        <AccessFields {...fields} />
        <PasswordSection {...fields} minLength={minLength} />
        <p id="create-problem" className="error" role="alert">
          {problem && serverText(problem.message)}
        </p>
        <CreateActions
          saving={saving}
          onCancel={() => void navigate({ to: "/apps/admin-apps/users" })}
        />
      </form>
    </AdminFrame>
  );
}

/** Cancel and Create (Creating… while the server works). */
function CreateActions(props: { saving: boolean; onCancel: () => void }) {
  const t = useT(UDETAIL_CREATE);
  const common = useT(COMMON);
  return (
    <div className="actions">
      <button type="button" onClick={props.onCancel}>{common("cancel")}</button>
      <button type="submit" className="primary" disabled={props.saving}>
        {props.saving ? t("creating") : t("create")}
      </button>
    </div>
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
  text: (field: Text, extra?: ComponentProps<"input">) => ReactNode;
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
  const t = useT(UDETAIL_CREATE);
  return (
    <FormSection title={t("identity")}>
      {text("employeeCode", {
        autoCapitalize: "characters",
        autoComplete: "off",
        maxLength: 40,
      })}
      {text("firstName", { maxLength: 60 })}
      {text("middleName", { maxLength: 60 })}
      {text("lastName", { maxLength: 60 })}
      <label>
        {t("gender")}
        <select
          value={draft.gender}
          onChange={(e) => change({ gender: e.target.value as Draft["gender"] })}
        >
          <option value="Male">{t("male")}</option>
          <option value="Female">{t("female")}</option>
        </select>
      </label>
    </FormSection>
  );
}

function ContactFields({ change, text }: FieldsProps) {
  const t = useT(UDETAIL_CREATE);
  return (
    <FormSection title={t("contact")}>
      {text("email", { type: "email", autoComplete: "off", maxLength: 120 })}
      {text("phone", { type: "tel", autoComplete: "off", maxLength: 40 })}
      {text("station", {
        maxLength: 3,
        autoCapitalize: "characters",
        onChange: (e) => change({ station: e.target.value.toUpperCase() }),
      })}
      {text("department", { maxLength: 80 })}
      {text("jobTitle", { maxLength: 80 })}
      {text("position", { maxLength: 80 })}
    </FormSection>
  );
}

function AccessFields({ draft, change }: FieldsProps) {
  const actor = useSession((s) => s.user);
  const t = useT(UDETAIL_CREATE);
  const apps = (
    <fieldset className="app-boxes">
      <legend>{t("accessibleApps")}</legend>
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
          {serverText(app.name)}
        </label>
      ))}
      {draft.role === "user" && <p className="notice">{t("adminAppsNote")}</p>}
    </fieldset>
  );
  return (
    <FormSection title={t("access")} after={apps}>
      <RoleSelect
        label={t("role")}
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
        {t("active")}
      </label>
    </FormSection>
  );
}

function PasswordSection({ draft, change, text, minLength }: FieldsProps & { minLength: number }) {
  const t = useT(UDETAIL_CREATE);
  const note = (
    <p id="create-password-note" className="notice">
      {t("passwordNote", { rule: serverText(passwordRule(minLength)) })}
    </p>
  );
  return (
    <FormSection title={t("password")} after={note}>
      {text("password", {
        type: "password",
        autoComplete: "new-password",
        "aria-describedby": "create-password-note",
      })}
      <label>
        {t("passwordExpiry")}
        <select
          value={draft.passwordExpiryDays}
          onChange={(e) =>
            change({
              passwordExpiryDays: Number(e.target.value) as Draft["passwordExpiryDays"],
            })}
        >
          {[30, 90, 180, 365].map((days) => (
            <option key={days} value={days}>{t("days", { days })}</option>
          ))}
        </select>
      </label>
    </FormSection>
  );
}

/** What a new account gets: active unless cleared, the typed or a one-time password. */
function CreateIntro() {
  const t = useT(UDETAIL_CREATE);
  return (
    <div className="banner info" role="note">
      <Rich text={t("intro")} parts={[<strong key="active" />, <strong key="otp" />]} />
    </div>
  );
}
