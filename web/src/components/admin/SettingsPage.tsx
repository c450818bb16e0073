// /apps/admin-apps/settings: the super admin's system settings (design 5.3, 7): the one-time
// password lifetime, the password policy, two-factor sign-in (issue 26), the UWS routing lines
// and the developer chat number. The store owns the load and the save; this screen selects its
// state and calls its actions.

import { type FormEvent, useEffect } from "react";
import {
  TWO_FACTOR_POLICIES,
  TWO_FACTOR_POLICY_LABELS,
  type TwoFactorPolicy,
} from "../../../../api/rules/two_factor.ts";
import {
  SESSION_HOURS_HINT,
  SESSION_HOURS_MAX,
  SESSION_HOURS_MIN,
} from "../../../../api/rules/sessions.ts";
import {
  hasChanges,
  SETTINGS_LOAD_TEXTS,
  type SettingsForm,
  useSettings,
  uwsHead,
} from "../../stores/settings.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import { POLICY_FIELDS, type PolicyField } from "./policy_fields.ts";
import { LoadError } from "./LoadError.tsx";
import "./admin_tools.css";
import "../../two_factor.css";

/** A whole-number field of the form: its range and, for some, a help text under it. */
interface NumberField {
  key:
    | "oneTimePasswordHours"
    | "minPasswordLength"
    | "auditRetentionDays"
    | "twoFactorGraceDays"
    | "rememberDeviceDays"
    | PolicyField["key"]
    | "sessionHours";
  label: string;
  min: number;
  max: number;
  help?: { id: string; text: string };
}

const NUMBER_FIELDS: readonly NumberField[] = [
  {
    key: "oneTimePasswordHours",
    label: "One-time password lifetime (hours)",
    min: 1,
    max: 720,
    help: {
      id: "one-time-help",
      text: "New users created without a password, password resets, approved registrations and " +
        "activated imported users each get a one-time password of their own, shown once to the " +
        "administrator who acted. It works for one sign-in within this many hours (1 to 720), at " +
        "which the user chooses their own.",
    },
  },
  { key: "minPasswordLength", label: "Minimum password length", min: 6, max: 64 },
  {
    key: "sessionHours",
    label: "Session lifetime (hours)",
    min: SESSION_HOURS_MIN,
    max: SESSION_HOURS_MAX,
    help: { id: "session-hours-help", text: SESSION_HOURS_HINT },
  },
  ...POLICY_FIELDS,
  {
    key: "auditRetentionDays",
    label: "Keep audit entries (days)",
    min: 30,
    max: 3650,
    help: {
      id: "audit-retention-help",
      text: "Each audit entry is deleted this many days after it was written (30 to 3650). A new " +
        "value applies to the entries written from then on.",
    },
  },
];

/** The day counts of two-factor sign-in (0 to 90, as api/rules/two_factor.ts takes them). */
const TWO_FACTOR_FIELDS: readonly NumberField[] = [
  {
    key: "twoFactorGraceDays",
    label: "Grace period (days)",
    min: 0,
    max: 90,
    help: {
      id: "grace-days-help",
      text: "Users newly covered by the policy can sign in without it for this many days, and " +
        "are prompted to set it up.",
    },
  },
  {
    key: "rememberDeviceDays",
    label: "Remember a PC (days)",
    min: 0,
    max: 90,
    help: {
      id: "remember-days-help",
      text: "A PC where a user gave the second factor does not ask for it again for this many " +
        "days; 0 = off. Off by default: station PCs are shared.",
    },
  },
];

/** The three routing lines above 'UWS', with their lengths. */
const ROUTING_FIELDS: readonly {
  key: "priority" | "address" | "sender";
  label: string;
  max: number;
}[] = [
  { key: "priority", label: "Priority line", max: 10 },
  { key: "address", label: "Address line", max: 64 },
  { key: "sender", label: "Sender line", max: 64 },
];

/** The System Settings screen. */
export function SettingsPage() {
  return (
    <AdminFrame
      title="System Settings"
      subtitle="Password policy, one-time passwords, two-factor sign-in and UWS routing"
    >
      <div className="admin-tools">
        <SettingsEditor />
      </div>
    </AdminFrame>
  );
}

/** The settings once loaded; until then the load's progress or its error with Retry. */
function SettingsEditor() {
  const loaded = useSettings((s) => s.loaded);
  const form = useSettings((s) => s.form);
  const error = useSettings((s) => s.error);
  const open = useSettings((s) => s.open);
  useEffect(() => void open(), [open]);

  if (error !== null && loaded === null) {
    const retry = () => void useSettings.getState().load();
    return <LoadError error={error} texts={SETTINGS_LOAD_TEXTS} onRetry={retry} />;
  }
  if (loaded === null || form === null) {
    return <p className="loading" role="status">Loading settings...</p>;
  }
  return <SettingsFormView form={form} />;
}

/** The form: its three groups, the status line, Cancel and Save. */
function SettingsFormView(props: { form: SettingsForm }) {
  const { form } = props;
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
      aria-label="System settings"
      noValidate
      onSubmit={submit}
    >
      <fieldset>
        <legend>Passwords</legend>
        {NUMBER_FIELDS.map((f) => (
          <WholeNumberField key={f.key} field={f} value={form[f.key]} onChange={edit} />
        ))}
      </fieldset>
      <TwoFactorFields form={form} onChange={edit} />
      <fieldset>
        <legend>UWS routing lines</legend>
        <p className="notice">
          The lines above 'UWS' in every converted weight statement. An empty line is left out.
        </p>
        <div className="filter-grid">
          {ROUTING_FIELDS.map((f) => (
            <label key={f.key}>
              {f.label}
              <input
                value={form[f.key]}
                maxLength={f.max}
                spellCheck={false}
                autoCapitalize="characters"
                onChange={(e) => edit({ [f.key]: e.target.value.toUpperCase() })}
              />
            </label>
          ))}
        </div>
        <pre className="uws-preview" aria-label="UWS head preview">{uwsHead(form)}</pre>
      </fieldset>
      <fieldset>
        <legend>Support</legend>
        <label>
          Developer chat number
          <input
            type="tel"
            value={form.developerChat}
            placeholder="+201001234567"
            aria-describedby="developer-chat-help"
            onChange={(e) => edit({ developerChat: e.target.value })}
          />
        </label>
        <p id="developer-chat-help" className="notice">
          6 to 15 digits with an optional leading +. The footer links to this chat; leave it empty
          for no link.
        </p>
      </fieldset>
      <p className={status?.ok === false ? "error" : "success"} role="status" aria-live="polite">
        {status?.text}
      </p>
      <div className="actions">
        <button type="button" disabled={saving || !dirty} onClick={discard}>Cancel</button>
        <button type="submit" className="primary" disabled={saving}>
          {saving ? "Saving..." : "Save Settings"}
        </button>
      </div>
    </form>
  );
}

/** Two-factor sign-in: whom the policy requires it of, the grace period, and remembered PCs. */
function TwoFactorFields(props: {
  form: SettingsForm;
  onChange: (patch: Partial<SettingsForm>) => void;
}) {
  const { form, onChange } = props;
  return (
    <fieldset className="settings-two-factor">
      <legend>Two-factor sign-in</legend>
      <label>
        Policy
        <select
          value={form.twoFactorPolicy}
          onChange={(e) => onChange({ twoFactorPolicy: e.target.value as TwoFactorPolicy })}
        >
          {TWO_FACTOR_POLICIES.map((p) => (
            <option key={p} value={p}>{TWO_FACTOR_POLICY_LABELS[p]}</option>
          ))}
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
  return (
    <>
      <label>
        {field.label}
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
      {field.help !== undefined && <p id={field.help.id} className="notice">{field.help.text}</p>}
    </>
  );
}
