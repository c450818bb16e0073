// /apps/admin-apps/users/create: a new staff account (spec 2.6, 3 and 5; design 7). The form checks
// the four required fields in the spec's order; everything else is the server's to refuse.

import { useNavigate } from "@tanstack/react-router";
import {
  type ComponentProps,
  type FormEvent,
  Fragment,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from "react";
import {
  ACCOUNT_FIELDS,
  type AccountField,
  accountField,
  type CreateSection,
} from "../../../../../api/rules/account_fields.ts";
import { passwordLength, passwordRule } from "../../../../../api/rules/password.ts";
import { PASSWORD_EXPIRY_DAYS, type PasswordExpiryDays } from "../../../../../api/rules/periods.ts";
import { createBody } from "../../../../../api/rules/user_schemas.ts";
import { firstIssue } from "../../../../../api/rules/issues.ts";
import type { Role } from "../../../../../api/rules/roles.ts";
import type { NewUser } from "../account_calls.ts";
import { passwordContentProblem } from "../../password/password_change.ts";
import { useUserDetail } from "../admin_users.ts";
import { usePasswordPolicy } from "../../password/password_policy.ts";
import { useSession } from "../../shell/session.ts";
import { can } from "../../../../../api/rules/access.ts";
import { type AppId, appName, appsFor } from "../../../../../api/rules/apps.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { type FieldLabel, FIELDS } from "../../../i18n/areas/fields.ts";
import { UDETAIL_CREATE } from "./texts/udetail_create.ts";
import { type Translate, useT } from "../../../i18n/i18n.ts";
import { Rich } from "../../../i18n/Rich.tsx";
import { type ServerMessage, serverText } from "../../../i18n/server_text.ts";
import { AdminFrame } from "../AdminFrame.tsx";
import { RoleSelect, rolesFor } from "../RoleSelect.tsx";
import { TextField } from "./TextField.tsx";
import "../admin_users.css";

/** The account fields on the form (rules/account_fields.ts), in its order. */
const ON_FORM: readonly AccountField[] = ACCOUNT_FIELDS.filter((f) =>
  (f as AccountField).create !== undefined
);

/** A text of the form: an account field on it, or the password. */
type Text = Extract<(typeof ACCOUNT_FIELDS)[number], { create: string }>["name"] | "password";

interface Draft extends Record<Text, string> {
  gender: "Male" | "Female";
  role: Role;
  isActive: boolean;
  passwordExpiryDays: PasswordExpiryDays;
  accessibleApps: AppId[];
}

const START: Draft = {
  ...(Object.fromEntries(ON_FORM.map((f) => [f.name, ""])) as Record<Text, string>),
  station: "CAI",
  jobTitle: "Employee",
  password: "",
  gender: "Male",
  role: "user",
  isActive: true,
  passwordExpiryDays: 90,
  accessibleApps: [],
};

/** The body the server takes: trimmed texts (codes in capitals), only the optional ones given,
 * the apps offered. */
function bodyOf(draft: Draft): NewUser {
  const offered = appsFor(draft.role);
  const texts = Object.fromEntries(ON_FORM.flatMap((f) => {
    const value = draft[f.name as Text].trim();
    const given = f.kind === "code" || f.kind === "station" ? value.toUpperCase() : value;
    return f.required !== undefined || given !== "" ? [[f.name, given]] : [];
  }));
  return {
    ...(texts as Pick<NewUser, "employeeCode" | "firstName" | "lastName" | "station">),
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
): Promise<({ field: string } & ServerMessage) | null> {
  const weak = draft.password === "" ? null : passwordLength(draft.password, minLength) ??
    await passwordContentProblem(draft.password, body);
  return firstIssue(createBody, body) ?? (weak === null ? null : { field: "password", ...weak });
}

/** The maker of the form's text inputs: its label (an account field's, or the password's), its
 * required mark and its problem. */
function textMaker(
  draft: Draft,
  problem: Problem | null,
  change: (patch: Partial<Draft>) => void,
  passwordLabel: string,
  label: Translate<FieldLabel>,
) {
  return (field: Text, extra: ComponentProps<"input"> = {}) => {
    const f = field === "password" ? null : accountField(field);
    return (
      <TextField
        label={f === null ? passwordLabel : label(f.label as FieldLabel)}
        required={f?.required !== undefined}
        invalid={problem?.field === field}
        problemId="create-problem"
        name={field}
        value={draft[field]}
        onChange={(e) => change({ [field]: e.target.value })}
        {...extra}
      />
    );
  };
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
  const label = useT(FIELDS);
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
      setProblem({ field: issue.field as Text, said: issue });
      form.current?.querySelector<HTMLInputElement>(`[name="${issue.field}"]`)?.focus();
      return;
    }
    setSaving(true);
    const failure = await useUserDetail.getState().create(body);
    if (failure !== null) {
      setProblem({ field: null, said: failure });
      setSaving(false);
      return;
    }
    await navigate({
      to: "/apps/admin-apps/users/$employeeCode",
      params: { employeeCode: useUserDetail.getState().employeeCode },
    });
  }

  const text = textMaker(draft, problem, change, t("passwordOptional"), label);
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
          {problem && serverText(problem.said)}
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
  /** The message by code (a rule's), or a text said already (a failed call's). */
  said: ServerMessage | string;
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

/** The inputs of a kind of field besides its limit: codes typed in capitals, and no browser
 * suggestions for another person's address or number. */
function inputOf(f: AccountField, change: FieldsProps["change"]): ComponentProps<"input"> {
  switch (f.kind) {
    case "code":
      return { autoCapitalize: "characters", autoComplete: "off", maxLength: f.max };
    case "email":
    case "tel":
      return { type: f.kind, autoComplete: "off", maxLength: f.max };
    case "station":
      return {
        maxLength: f.max,
        autoCapitalize: "characters",
        onChange: (e) => change({ station: e.target.value.toUpperCase() }),
      };
    default:
      return { maxLength: f.max };
  }
}

/** The account fields of one section of the form. */
function sectionFields({ change, text }: FieldsProps, section: CreateSection) {
  return ON_FORM.filter((f) => f.create === section).map((f) => (
    <Fragment key={f.name}>{text(f.name as Text, inputOf(f, change))}</Fragment>
  ));
}

function IdentityFields(props: FieldsProps) {
  const { draft, change } = props;
  const t = useT(UDETAIL_CREATE);
  const label = useT(FIELDS);
  return (
    <FormSection title={t("identity")}>
      {sectionFields(props, "identity")}
      <label>
        {label("gender")}
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

function ContactFields(props: FieldsProps) {
  const t = useT(UDETAIL_CREATE);
  return <FormSection title={t("contact")}>{sectionFields(props, "contact")}</FormSection>;
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
          {serverText(appName(app.id))}
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
          {PASSWORD_EXPIRY_DAYS.map((days) => (
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
