// The policy fields of the System Settings screen (issue 27): the password expiry and history
// and the lockout, with their ranges from the server's rules and the help under each.

import { POLICY_RANGES } from "../../../../api/rules/password_policy.ts";

/** A policy field of the settings form: its key, label, range and help. */
export interface PolicyField {
  key: keyof typeof POLICY_RANGES;
  label: string;
  min: number;
  max: number;
  help: { id: string; text: string };
}

const range = (key: PolicyField["key"]) => ({
  key,
  min: POLICY_RANGES[key].min,
  max: POLICY_RANGES[key].max,
});

/** The policy fields, shown after the minimum password length. */
export const POLICY_FIELDS: readonly PolicyField[] = [
  {
    ...range("passwordExpiryDays"),
    label: "Password expiry (days)",
    help: {
      id: "password-expiry-help",
      text: "A password a user changes lasts this many days (1 to 3650), and so does an " +
        "approved activation unless the administrator picks another period.",
    },
  },
  {
    ...range("passwordHistory"),
    label: "Remembered passwords",
    help: {
      id: "password-history-help",
      text: "A user may not choose any of their own last this many passwords again (0 to 24). " +
        "0 = off: only the current password is refused. A reset by an administrator keeps " +
        "the history.",
    },
  },
  {
    ...range("lockoutThreshold"),
    label: "Failed sign-ins before a lock",
    help: {
      id: "lockout-threshold-help",
      text: "This many wrong passwords or second-factor codes in a row lock the account (3 to " +
        "20); an administrator can unlock it.",
    },
  },
  {
    ...range("lockoutMinutes"),
    label: "Lock duration (minutes)",
    help: {
      id: "lockout-minutes-help",
      text: "How long a first lock lasts (1 to 1440). Each lock that follows without a " +
        "successful sign-in lasts twice as long as the one before, 24 hours at most.",
    },
  },
];
