// The policy fields of the System Settings screen (issue 27): the password expiry and history
// and the lockout, with their ranges from the server's rules and the id of the help under each
// (their labels and help texts are in the settings catalogue, locales/<language>/
// tools_settings.json beside this file).

import { POLICY_RANGES } from "../../../../../api/rules/password_policy.ts";

/** A policy field of the settings form: its key, range and the id of its help. */
export interface PolicyField {
  key: keyof typeof POLICY_RANGES;
  min: number;
  max: number;
  help: { id: string };
}

const field = (key: PolicyField["key"], helpId: string): PolicyField => ({
  key,
  min: POLICY_RANGES[key].min,
  max: POLICY_RANGES[key].max,
  help: { id: helpId },
});

/** The policy fields, shown after the minimum password length. */
export const POLICY_FIELDS: readonly PolicyField[] = [
  field("passwordExpiryDays", "password-expiry-help"),
  field("passwordHistory", "password-history-help"),
  field("lockoutThreshold", "lockout-threshold-help"),
  field("lockoutMinutes", "lockout-minutes-help"),
];
