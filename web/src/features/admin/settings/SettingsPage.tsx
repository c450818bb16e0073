// /apps/admin-apps/settings: the super admin's system settings (design 5.3, 7): the one-time
// password lifetime, the password policy, two-factor sign-in (issue 26), the UWS routing lines
// and the developer chat number. The store owns the load and the save; this screen selects its
// state and calls its actions.

import { type FormEvent, useEffect } from "react";
import { TWO_FACTOR_POLICIES, type TwoFactorPolicy } from "../../../../../api/rules/two_factor.ts";
import {
  IDLE_MINUTES,
  IDLE_MINUTES_MAX,
  IDLE_MINUTES_MIN,
  SESSION_HOURS,
  SESSION_HOURS_MAX,
  SESSION_HOURS_MIN,
} from "../../../../../api/rules/sessions.ts";
import { hasChanges, type SettingsForm, useSettings, uwsHead } from "./settings.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { TOOLS_SETTINGS } from "./texts/tools_settings.ts";
import { useT } from "../../../i18n/i18n.ts";
import { AdminFrame } from "../AdminFrame.tsx";
import { POLICY_FIELDS, type PolicyField } from "./policy_fields.ts";
import { LoadError } from "../LoadError.tsx";
import { SignOutEveryone } from "./SignOutEveryone.tsx";
import "../admin_tools.css";
import "../../two_factor/two_factor.css";

/** A text of the settings screen's catalogue. */
type Key = (typeof TOOLS_SETTINGS.keys)[number];

/** A whole-number field of the form: its label, its range and, for some, a help text under it. */
interface NumberField {
  key:
    | "oneTimePasswordHours"
    | "minPasswordLength"
    | "auditRetentionDays"
    | "twoFactorGraceDays"
    | "rememberDeviceDays"
    | PolicyField["key"]
    | "sessionHours"
    | "idleMinutes";
  min: number;
  max: number;
  /** The default its help names (the session lifetime's when not given). */
  fallback?: number;
  help?: { id: string; text: Key };
}

/** The help text of each policy field (policy_fields.ts gives their ranges and ids). */
const POLICY_HELP: Record<PolicyField["key"], Key> = {
  passwordExpiryDays: "passwordExpiryDaysHelp",
  passwordHistory: "passwordHistoryHelp",
  lockoutThreshold: "lockoutThresholdHelp",
  lockoutMinutes: "lockoutMinutesHelp",
};

const NUMBER_FIELDS: readonly NumberField[] = [
  {
    key: "oneTimePasswordHours",
    min: 1,
    max: 720,
    help: { id: "one-time-help", text: "oneTimePasswordHoursHelp" },
  },
  { key: "minPasswordLength", min: 6, max: 64 },
  {
    key: "sessionHours",
    min: SESSION_HOURS_MIN,
    max: SESSION_HOURS_MAX,
    help: { id: "session-hours-help", text: "sessionHoursHelp" },
  },
  {
    key: "idleMinutes",
    min: IDLE_MINUTES_MIN,
    max: IDLE_MINUTES_MAX,
    fallback: IDLE_MINUTES,
    help: { id: "idle-minutes-help", text: "idleMinutesHelp" },
  },
  ...POLICY_FIELDS.map((f) => ({
    key: f.key,
    min: f.min,
    max: f.max,
    help: { id: f.help.id, text: POLICY_HELP[f.key] },
  })),
  {
    key: "auditRetentionDays",
    min: 30,
    max: 3650,
    help: { id: "audit-retention-help", text: "auditRetentionDaysHelp" },
  },
];

/** The day counts of two-factor sign-in (0 to 90, as api/rules/two_factor.ts takes them). */
const TWO_FACTOR_FIELDS: readonly NumberField[] = [
  {
    key: "twoFactorGraceDays",
    min: 0,
    max: 90,
    help: { id: "grace-days-help", text: "twoFactorGraceDaysHelp" },
  },
  {
    key: "rememberDeviceDays",
    min: 0,
    max: 90,
    help: { id: "remember-days-help", text: "rememberDeviceDaysHelp" },
  },
];

/** The name of each two-factor policy in the select. */
const POLICY_LABELS: Record<TwoFactorPolicy, Key> = {
  none: "policyNone",
  super_admins: "policySuperAdmins",
  admins: "policyAdmins",
  everyone: "policyEveryone",
};

/** The three routing lines above 'UWS' (each labelled by its key), with their lengths. */
const ROUTING_FIELDS: readonly { key: "priority" | "address" | "sender"; max: number }[] = [
  { key: "priority", max: 10 },
  { key: "address", max: 64 },
  { key: "sender", max: 64 },
];

/** The System Settings screen. */
export function SettingsPage() {
  const t = useT(TOOLS_SETTINGS);
  return (
    <AdminFrame title={t("title")} subtitle={t("subtitle")}>
      <div className="admin-tools">
        <SettingsEditor />
        <SignOutEveryone />
      </div>
    </AdminFrame>
  );
}

/** The settings once loaded; until then the load's progress or its error with Retry. */
function SettingsEditor() {
  const t = useT(TOOLS_SETTINGS);
  const loaded = useSettings((s) => s.loaded);
  const form = useSettings((s) => s.form);
  const error = useSettings((s) => s.error);
  const open = useSettings((s) => s.open);
  useEffect(() => void open(), [open]);

  if (error !== null && loaded === null) {
    const retry = () => void useSettings.getState().load();
    const texts = { failed: t("loadFailed"), offline: t("loadOffline") };
    return <LoadError error={error} texts={texts} onRetry={retry} />;
  }
  if (loaded === null || form === null) {
    return <p className="loading" role="status">{t("loading")}</p>;
  }
  return <SettingsFormView form={form} />;
}

/** The form: its groups, the status line, Cancel and Save. */
function SettingsFormView(props: { form: SettingsForm }) {
  const { form } = props;
  const t = useT(TOOLS_SETTINGS);
  const common = useT(COMMON);
  const status = useSettings((s) => s.status);
  const saving = useSettings((s) => s.saving);
  const dirty = useSettings(hasChanges);
  const { edit, save, discard } = useSettings.getState();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  return (
    <form
      className="section settings-form"
      aria-label={t("formLabel")}
      noValidate
      onSubmit={submit}
    >
      <fieldset>
        <legend>{t("passwords")}</legend>
        {NUMBER_FIELDS.map((f) => (
          <WholeNumberField key={f.key} field={f} value={form[f.key]} onChange={edit} />
        ))}
      </fieldset>
      <TwoFactorFields form={form} onChange={edit} />
      <RoutingFields form={form} onChange={edit} />
      <fieldset>
        <legend>{t("support")}</legend>
        <label>
          {t("developerChat")}
          <input
            type="tel"
            dir="ltr"
            value={form.developerChat}
            placeholder="+201001234567"
            aria-describedby="developer-chat-help"
            onChange={(e) => edit({ developerChat: e.target.value })}
          />
        </label>
        <p id="developer-chat-help" className="notice">{t("developerChatHelp")}</p>
      </fieldset>
      <p className={status?.ok === false ? "error" : "success"} role="status" aria-live="polite">
        {status?.text}
      </p>
      <div className="actions">
        <button type="button" disabled={saving || !dirty} onClick={discard}>
          {common("cancel")}
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {saving ? t("saving") : t("saveSettings")}
        </button>
      </div>
    </form>
  );
}

/** The UWS routing lines (codes, written left to right) and the head of a UWS they give. */
function RoutingFields(props: {
  form: SettingsForm;
  onChange: (patch: Partial<SettingsForm>) => void;
}) {
  const { form, onChange } = props;
  const t = useT(TOOLS_SETTINGS);
  return (
    <fieldset>
      <legend>{t("routing")}</legend>
      <p className="notice">{t("routingNotice")}</p>
      <div className="filter-grid">
        {ROUTING_FIELDS.map((f) => (
          <label key={f.key}>
            {t(f.key)}
            <input
              dir="ltr"
              value={form[f.key]}
              maxLength={f.max}
              spellCheck={false}
              autoCapitalize="characters"
              onChange={(e) => onChange({ [f.key]: e.target.value.toUpperCase() })}
            />
          </label>
        ))}
      </div>
      <pre className="uws-preview" dir="ltr" aria-label={t("uwsPreview")}>{uwsHead(form)}</pre>
    </fieldset>
  );
}

/** Two-factor sign-in: whom the policy requires it of, the grace period, and remembered PCs. */
function TwoFactorFields(props: {
  form: SettingsForm;
  onChange: (patch: Partial<SettingsForm>) => void;
}) {
  const { form, onChange } = props;
  const t = useT(TOOLS_SETTINGS);
  return (
    <fieldset className="settings-two-factor">
      <legend>{t("twoFactor")}</legend>
      <label>
        {t("policy")}
        <select
          value={form.twoFactorPolicy}
          onChange={(e) => onChange({ twoFactorPolicy: e.target.value as TwoFactorPolicy })}
        >
          {TWO_FACTOR_POLICIES.map((p) => <option key={p} value={p}>{t(POLICY_LABELS[p])}</option>)}
        </select>
      </label>
      {TWO_FACTOR_FIELDS.map((f) => (
        <WholeNumberField key={f.key} field={f} value={form[f.key]} onChange={onChange} />
      ))}
    </fieldset>
  );
}

/** A labelled whole-number input of the settings form (its value kept as typed), with its help. */
function WholeNumberField(props: {
  field: NumberField;
  value: string;
  onChange: (patch: Partial<SettingsForm>) => void;
}) {
  const { field } = props;
  const t = useT(TOOLS_SETTINGS);
  const range = { min: field.min, max: field.max, fallback: field.fallback ?? SESSION_HOURS };
  return (
    <>
      <label>
        {t(field.key)}
        <input
          type="number"
          inputMode="numeric"
          min={field.min}
          max={field.max}
          step={1}
          value={props.value}
          aria-describedby={field.help?.id}
          onChange={(e) => props.onChange({ [field.key]: e.target.value })}
        />
      </label>
      {field.help !== undefined && (
        <p id={field.help.id} className="notice">{t(field.help.text, range)}</p>
      )}
    </>
  );
}
