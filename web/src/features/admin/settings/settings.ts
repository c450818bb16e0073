// The super admin's system settings screen (design 5.3, 7): the settings as loaded and as typed,
// the load and the save. The server validates every field; only the changed ones are sent, so the
// audit names what changed. The two-factor fields (issue 26) are checked first by the rules the
// server checks them by (api/rules/two_factor.ts).

import { create } from "zustand";
import { AUDIT_RETENTION_DAYS } from "../../../../../api/rules/audit.ts";
import { ONE_TIME_PASSWORD_HOURS } from "../../../../../api/rules/password.ts";
import {
  DEFAULT_LOCKOUT_MINUTES,
  DEFAULT_LOCKOUT_THRESHOLD,
  DEFAULT_PASSWORD_EXPIRY_DAYS,
  DEFAULT_PASSWORD_HISTORY,
  POLICY_RANGES,
  type PolicySettings,
  policySettingsProblem,
} from "../../../../../api/rules/password_policy.ts";
import {
  DEFAULT_GRACE_DAYS,
  type TwoFactorPolicy,
  twoFactorSettingsBody,
} from "../../../../../api/rules/two_factor.ts";
import {
  IDLE_MINUTES,
  idleMinutesProblem,
  SESSION_HOURS,
  sessionHoursProblem,
} from "../../../../../api/rules/sessions.ts";
import type { Settings } from "../../../../../api/store/records.ts";
import { api, ApiError, isOffline, unwrap } from "../../../lib/api/client.ts";
import { errorText } from "../error_text.ts";
import { TOOLS_SETTINGS } from "./texts/tools_settings.ts";
import { text } from "../../../i18n/i18n.ts";
import { serverText } from "../../../i18n/server_text.ts";
import { useReference } from "../../database/reference.ts";
import { useSharedSettings } from "../../shell/shared.ts";
import { withStepUp } from "../../two_factor/step_up.ts";
import { problemOfIssue } from "../../../../../api/rules/issues.ts";

/** The settings form: every field as typed. */
export interface SettingsForm {
  oneTimePasswordHours: string;
  minPasswordLength: string;
  priority: string;
  address: string;
  sender: string;
  developerChat: string;
  auditRetentionDays: string;
  twoFactorPolicy: TwoFactorPolicy;
  twoFactorGraceDays: string;
  rememberDeviceDays: string;
  lockoutThreshold: string;
  lockoutMinutes: string;
  passwordHistory: string;
  passwordExpiryDays: string;
  sessionHours: string;
  idleMinutes: string;
}

/** The policy fields of the form (issue 27), checked by api/rules/password_policy.ts. */
const POLICY_KEYS = Object.keys(POLICY_RANGES) as (keyof typeof POLICY_RANGES)[];

/** The body of PUT /api/settings: the changed fields only. */
export interface SettingsChanges extends PolicySettings {
  oneTimePasswordHours?: number;
  minPasswordLength?: number;
  uwsRouting?: Settings["uwsRouting"];
  developerChat?: string;
  auditRetentionDays?: number;
  twoFactorPolicy?: TwoFactorPolicy;
  twoFactorGraceDays?: number;
  rememberDeviceDays?: number;
  sessionHours?: number;
  idleMinutes?: number;
}

/** The form of the settings the server holds. */
export function toForm(s: Settings): SettingsForm {
  return {
    oneTimePasswordHours: String(s.oneTimePasswordHours ?? ONE_TIME_PASSWORD_HOURS),
    minPasswordLength: String(s.minPasswordLength),
    priority: s.uwsRouting.priority,
    address: s.uwsRouting.address,
    sender: s.uwsRouting.sender,
    developerChat: s.developerChat ?? "",
    auditRetentionDays: String(s.auditRetentionDays ?? AUDIT_RETENTION_DAYS),
    twoFactorPolicy: s.twoFactorPolicy ?? "none",
    twoFactorGraceDays: String(s.twoFactorGraceDays ?? DEFAULT_GRACE_DAYS),
    // off unless a super admin turns it on: station PCs are shared
    rememberDeviceDays: String(s.rememberDeviceDays ?? 0),
    lockoutThreshold: String(s.lockoutThreshold ?? DEFAULT_LOCKOUT_THRESHOLD),
    lockoutMinutes: String(s.lockoutMinutes ?? DEFAULT_LOCKOUT_MINUTES),
    passwordHistory: String(s.passwordHistory ?? DEFAULT_PASSWORD_HISTORY),
    passwordExpiryDays: String(s.passwordExpiryDays ?? DEFAULT_PASSWORD_EXPIRY_DAYS),
    sessionHours: String(s.sessionHours ?? SESSION_HOURS),
    idleMinutes: String(s.idleMinutes ?? IDLE_MINUTES),
  };
}

/** A whole number as typed; an empty field is no number. */
const typedNumber = (typed: string) => (typed.trim() === "" ? NaN : Number(typed));

/** The fields that differ from the loaded settings, as PUT /api/settings takes them. */
export function changes(loaded: SettingsForm, form: SettingsForm): SettingsChanges {
  const body: SettingsChanges = {};
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
  if (form.twoFactorPolicy !== loaded.twoFactorPolicy) body.twoFactorPolicy = form.twoFactorPolicy;
  if (form.twoFactorGraceDays !== loaded.twoFactorGraceDays) {
    body.twoFactorGraceDays = typedNumber(form.twoFactorGraceDays);
  }
  if (form.rememberDeviceDays !== loaded.rememberDeviceDays) {
    body.rememberDeviceDays = typedNumber(form.rememberDeviceDays);
  }
  for (const key of POLICY_KEYS) {
    if (form[key] !== loaded[key]) body[key] = typedNumber(form[key]);
  }
  if (form.sessionHours !== loaded.sessionHours) body.sessionHours = typedNumber(form.sessionHours);
  if (form.idleMinutes !== loaded.idleMinutes) body.idleMinutes = typedNumber(form.idleMinutes);
  return body;
}

/** What a two-factor day count that is not a whole number is told (its catalogue key). */
const NOT_WHOLE = {
  twoFactorGraceDays: "graceWhole",
  rememberDeviceDays: "rememberWhole",
} as const;

/** Why the server would refuse the changed two-factor fields (its own rules, in the language
 * shown), or null. */
export function twoFactorProblem(body: SettingsChanges): string | null {
  for (const key of ["twoFactorPolicy", "twoFactorGraceDays", "rememberDeviceDays"] as const) {
    const checked = twoFactorSettingsBody[key].safeParse(body[key]);
    if (checked.success) continue;
    const issue = checked.error.issues[0];
    // the rules word the range; a number that is not whole (or none) is said here
    const ranged = issue.code === "too_small" || issue.code === "too_big";
    return key === "twoFactorPolicy" || ranged
      ? serverText(problemOfIssue(issue))
      : text(TOOLS_SETTINGS, NOT_WHOLE[key]);
  }
  return null;
}

/** Whether the form differs from the loaded settings (something to save or discard). */
export function hasChanges(s: Pick<SettingsState, "loaded" | "form">): boolean {
  return s.loaded !== null && s.form !== null && Object.keys(changes(s.loaded, s.form)).length > 0;
}

/** The head of a UWS the routing lines give: the non-empty lines, then 'UWS'. */
export function uwsHead(form: Pick<SettingsForm, "priority" | "address" | "sender">): string {
  return [form.priority, form.address, form.sender].map((l) => l.trim())
    .filter((l) => l !== "").concat("UWS").join("\n");
}

/** The status line of a save that failed: the offline wording, or the server's reason. */
function saveFailure(err: unknown): string {
  return isOffline(err)
    ? text(TOOLS_SETTINGS, "saveOffline")
    : text(TOOLS_SETTINGS, "saveFailed", { message: serverText(errorText(err)) });
}

/** A status line in the language shown. */
const said = (ok: boolean, key: (typeof TOOLS_SETTINGS.keys)[number]): SettingsStatus => ({
  ok,
  text: text(TOOLS_SETTINGS, key),
});

/** The status line under the form. */
export interface SettingsStatus {
  ok: boolean;
  text: string;
}

/** The settings screen's state and actions. */
export interface SettingsState {
  /** The settings as the server last gave them; null until loaded. */
  loaded: SettingsForm | null;
  /** The settings as typed; null until loaded. */
  form: SettingsForm | null;
  error: ApiError | null;
  status: SettingsStatus | null;
  saving: boolean;
  /** Forgets what an earlier visit left and reads the settings (the screen opens). */
  open(): Promise<void>;
  /** Reads the settings from the server (Retry). */
  load(): Promise<void>;
  /** Changes fields as typed (and clears the status line). */
  edit(patch: Partial<SettingsForm>): void;
  /** Puts the loaded settings back in the form. */
  discard(): void;
  /** Sends the changed fields; the footer and the converter then read the settings again. */
  save(): Promise<void>;
}

// A newer load replaces an older one: a late answer must not overwrite the newer form.
let latest = 0;

/** The settings store. */
export const useSettings = create<SettingsState>()((set, get) => ({
  loaded: null,
  form: null,
  error: null,
  status: null,
  saving: false,
  open() {
    set({ loaded: null, form: null, status: null });
    return get().load();
  },
  async load() {
    const request = ++latest;
    set({ error: null });
    try {
      const settings = await unwrap(api.api.settings.$get());
      if (request === latest) set({ loaded: toForm(settings), form: toForm(settings) });
    } catch (err) {
      if (request !== latest) return;
      set({ error: err instanceof ApiError ? err : new ApiError(String(err), 0) });
    }
  },
  edit(patch) {
    const { form } = get();
    if (form !== null) set({ form: { ...form, ...patch }, status: null });
  },
  discard() {
    set({ form: get().loaded, status: said(true, "discarded") });
  },
  async save() {
    const { loaded, form } = get();
    if (loaded === null || form === null) return;
    const body = changes(loaded, form);
    if (Object.keys(body).length === 0) {
      return set({ status: said(true, "noChanges") });
    }
    if (body.minPasswordLength !== undefined && !Number.isInteger(body.minPasswordLength)) {
      return set({ status: said(false, "minLengthWhole") });
    }
    const rule = policySettingsProblem(body) ?? sessionHoursProblem(body) ??
      idleMinutesProblem(body);
    const problem = twoFactorProblem(body) ?? (rule === null ? null : serverText(rule));
    if (problem !== null) return set({ status: { ok: false, text: problem } });
    set({ saving: true, status: null });
    try {
      // the security settings ask for the password again (features/two_factor/step_up.ts)
      const saved = await withStepUp(() => unwrap(api.api.settings.$put({ json: body })));
      set({
        loaded: toForm(saved),
        form: toForm(saved),
        status: said(true, "saved"),
      });
      // the footer and the converter read these settings once per page: they read them again
      await useSharedSettings.getState().load(true).catch(() => {});
      if (useReference.getState().source === "server") void useReference.getState().load(true);
    } catch (err) {
      set({ status: { ok: false, text: saveFailure(err) } });
    } finally {
      set({ saving: false });
    }
  },
}));
