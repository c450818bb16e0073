// /apps/admin-apps/settings: the super admin's system settings (design 5.3, 7): the one-time
// password lifetime, the password policy, the UWS routing lines and the developer chat number. The server
// validates every field; only the changed ones are sent, so the audit names what changed.

import { type FormEvent, useEffect, useState } from "react";
import { AUDIT_RETENTION_DAYS } from "../../../../api/rules/audit.ts";
import { ONE_TIME_PASSWORD_HOURS } from "../../../../api/rules/password.ts";
import type { Settings } from "../../../../api/store.ts";
import { api, ApiError, unwrap } from "../../api/client.ts";
import { useReference } from "../../stores/reference.ts";
import { useSharedSettings } from "../../stores/shared.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import "./admin_tools.css";

/** The settings form: every field as typed. */
interface SettingsForm {
  oneTimePasswordHours: string;
  minPasswordLength: string;
  priority: string;
  address: string;
  sender: string;
  developerChat: string;
  auditRetentionDays: string;
}

function toForm(s: Settings): SettingsForm {
  return {
    oneTimePasswordHours: String(s.oneTimePasswordHours ?? ONE_TIME_PASSWORD_HOURS),
    minPasswordLength: String(s.minPasswordLength),
    priority: s.uwsRouting.priority,
    address: s.uwsRouting.address,
    sender: s.uwsRouting.sender,
    developerChat: s.developerChat ?? "",
    auditRetentionDays: String(s.auditRetentionDays ?? AUDIT_RETENTION_DAYS),
  };
}

/** The fields that differ from the loaded settings, as PUT /api/settings takes them. */
function changes(loaded: SettingsForm, form: SettingsForm) {
  const body: {
    oneTimePasswordHours?: number;
    minPasswordLength?: number;
    uwsRouting?: Settings["uwsRouting"];
    developerChat?: string;
    auditRetentionDays?: number;
  } = {};
  if (form.oneTimePasswordHours !== loaded.oneTimePasswordHours) {
    body.oneTimePasswordHours = Number(form.oneTimePasswordHours);
  }
  if (form.minPasswordLength !== loaded.minPasswordLength) {
    body.minPasswordLength = Number(form.minPasswordLength);
  }
  if (
    form.priority !== loaded.priority || form.address !== loaded.address ||
    form.sender !== loaded.sender
  ) {
    body.uwsRouting = { priority: form.priority, address: form.address, sender: form.sender };
  }
  if (form.developerChat !== loaded.developerChat) body.developerChat = form.developerChat;
  if (form.auditRetentionDays !== loaded.auditRetentionDays) {
    body.auditRetentionDays = Number(form.auditRetentionDays);
  }
  return body;
}

/** A labelled whole-number input of the settings form (its value kept as typed). */
function WholeNumberField(props: {
  label: string;
  value: string;
  min: number;
  max: number;
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      <input
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        step={1}
        value={props.value}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/** The System Settings screen. */
export function SettingsPage() {
  return (
    <AdminFrame
      title="System Settings"
      subtitle="Password policy, one-time passwords and UWS routing"
    >
      <div className="admin-tools">
        <SettingsEditor />
      </div>
    </AdminFrame>
  );
}

function SettingsEditor() {
  const [loaded, setLoaded] = useState<SettingsForm | null>(null);
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    setError(null);
    unwrap(api.api.settings.$get())
      .then((s) => {
        if (!current) return;
        setLoaded(toForm(s));
        setForm(toForm(s));
      })
      .catch((err) =>
        current && setError(err instanceof ApiError ? err : new ApiError(String(err), 0))
      );
    return () => {
      current = false;
    };
  }, [attempt]);

  if (error !== null && loaded === null) {
    return (
      <div className="empty" role="alert">
        <strong>
          {error.status === 0 ? "The server cannot be reached" : "Error Loading Settings"}
        </strong>
        <p>
          {error.status === 0
            ? "Settings are kept on the server. Check the connection and retry."
            : error.message}
        </p>
        <button type="button" onClick={() => setAttempt(attempt + 1)}>Retry</button>
      </div>
    );
  }
  if (loaded === null || form === null) {
    return <p className="loading" role="status">Loading settings...</p>;
  }

  const edit = (patch: Partial<SettingsForm>) => {
    setForm({ ...form, ...patch });
    setStatus(null);
  };
  const body = changes(loaded, form);
  const dirty = Object.keys(body).length > 0;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!dirty) return setStatus({ ok: true, text: "No changes to save" });
    if (body.minPasswordLength !== undefined && !Number.isInteger(body.minPasswordLength)) {
      return setStatus({ ok: false, text: "Minimum password length is a whole number" });
    }
    setSaving(true);
    setStatus(null);
    try {
      const saved = await unwrap(api.api.settings.$put({ json: body }));
      setLoaded(toForm(saved));
      setForm(toForm(saved));
      setStatus({ ok: true, text: "Settings saved" });
      // the footer and the converter read these settings once per page: they read them again
      await useSharedSettings.getState().load(true).catch(() => {});
      if (useReference.getState().source === "server") void useReference.getState().load(true);
    } catch (err) {
      setStatus({
        ok: false,
        text: err instanceof ApiError && err.status === 0
          ? "The server cannot be reached: the settings were not saved"
          : `Failed to save settings: ${err instanceof Error ? err.message : String(err)}`,
      });
    } finally {
      setSaving(false);
    }
  }

  const preview = [form.priority, form.address, form.sender].map((l) => l.trim())
    .filter((l) => l !== "").concat("UWS").join("\n");

  return (
    <form className="section settings-form" aria-label="System settings" noValidate onSubmit={save}>
      <fieldset>
        <legend>Passwords</legend>
        <WholeNumberField
          label="One-time password lifetime (hours)"
          value={form.oneTimePasswordHours}
          min={1}
          max={720}
          describedBy="one-time-help"
          onChange={(v) =>
            edit({ oneTimePasswordHours: v })}
        />
        <p id="one-time-help" className="notice">
          New users created without a password, password resets, approved registrations and
          activated imported users each get a one-time password of their own, shown once to the
          administrator who acted. It works for one sign-in within this many hours (1 to 720), at
          which the user chooses their own.
        </p>
        <WholeNumberField
          label="Minimum password length"
          value={form.minPasswordLength}
          min={6}
          max={64}
          onChange={(v) =>
            edit({ minPasswordLength: v })}
        />
        <WholeNumberField
          label="Keep audit entries (days)"
          value={form.auditRetentionDays}
          min={30}
          max={3650}
          describedBy="audit-retention-help"
          onChange={(v) =>
            edit({ auditRetentionDays: v })}
        />
        <p id="audit-retention-help" className="notice">
          Each audit entry is deleted this many days after it was written (30 to 3650). A new value
          applies to the entries written from then on.
        </p>
      </fieldset>
      <fieldset>
        <legend>UWS routing lines</legend>
        <p className="notice">
          The lines above 'UWS' in every converted weight statement. An empty line is left out.
        </p>
        <div className="filter-grid">
          <label>
            Priority line
            <input
              value={form.priority}
              maxLength={10}
              spellCheck={false}
              autoCapitalize="characters"
              onChange={(e) =>
                edit({ priority: e.target.value.toUpperCase() })}
            />
          </label>
          <label>
            Address line
            <input
              value={form.address}
              maxLength={64}
              spellCheck={false}
              autoCapitalize="characters"
              onChange={(e) => edit({ address: e.target.value.toUpperCase() })}
            />
          </label>
          <label>
            Sender line
            <input
              value={form.sender}
              maxLength={64}
              spellCheck={false}
              autoCapitalize="characters"
              onChange={(e) => edit({ sender: e.target.value.toUpperCase() })}
            />
          </label>
        </div>
        <pre className="uws-preview" aria-label="UWS head preview">{preview}</pre>
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
        <button
          type="button"
          disabled={saving || !dirty}
          onClick={() => {
            setForm(loaded);
            setStatus({ ok: true, text: "Changes discarded" });
          }}
        >
          Cancel
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {saving ? "Saving..." : "Save Settings"}
        </button>
      </div>
    </form>
  );
}
