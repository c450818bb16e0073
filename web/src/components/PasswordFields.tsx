// The three password inputs of every password change: current, new and confirmation, with the
// server's password rule stated under the new password. The rule's content check (common
// passwords, the owner's code or name) needs a large dictionary: it is a lazy chunk, loaded when a
// password screen opens, never by the sign-in page.

import { useEffect } from "react";
import {
  type PasswordChange,
  passwordChangeProblem,
  type PasswordOwner,
  passwordRule,
} from "../../../api/rules/password.ts";
import { usePasswordPolicy } from "../stores/password_policy.ts";

/** Values of the password change inputs. */
export type PasswordValues = PasswordChange;

/** Empty password change inputs. */
export const NO_PASSWORDS: PasswordValues = { current: "", next: "", confirm: "" };

/**
 * The spec's first failing rule of a password change, or "", with the server's minimum length
 * (the shared rule of api/rules/password.ts).
 */
export function passwordProblem(values: PasswordValues, forced: boolean): string {
  return passwordChangeProblem(values, forced, usePasswordPolicy.getState().minLength);
}

/** The shared content check of api/rules/password_strength.ts, loaded on first use. */
function strengthModule() {
  return import("../../../api/rules/password_strength.ts");
}

/**
 * Why the new password's content is refused (too common, or the owner's code or name), or "":
 * the server's own check. When the check cannot be loaded (offline, not cached) it answers "" and
 * the server decides.
 */
export async function passwordContentProblem(next: string, owner: PasswordOwner): Promise<string> {
  try {
    return (await strengthModule()).passwordStrengthProblem(next, owner) ?? "";
  } catch {
    return "";
  }
}

/** Current password, New password and Confirm new password. */
export function PasswordFields(
  props: { values: PasswordValues; onChange: (values: PasswordValues) => void },
) {
  const { values, onChange } = props;
  const minLength = usePasswordPolicy((s) => s.minLength);
  useEffect(() => void usePasswordPolicy.getState().load(), []);
  useEffect(() => void strengthModule().catch(() => undefined), []);
  const field = (label: string, key: keyof PasswordValues, autoComplete: string) => (
    <label>
      {label}
      <input
        type="password"
        value={values[key]}
        onChange={(e) => onChange({ ...values, [key]: e.target.value })}
        autoComplete={autoComplete}
        aria-describedby={key === "next" ? "password-rule" : undefined}
      />
    </label>
  );
  return (
    <>
      {field("Current password", "current", "current-password")}
      {/* one cell of the form's grid: the rule stays under New password in two columns too */}
      <div className="field-with-hint">
        {field("New password", "next", "new-password")}
        <p id="password-rule" className="hint">{passwordRule(minLength)}</p>
      </div>
      {field("Confirm new password", "confirm", "new-password")}
    </>
  );
}
