// The three password inputs of every password change: current, new and confirmation, with the
// server's password rule stated under the new password. The rule's content check (common
// passwords, the owner's code or name) needs a large dictionary: it is a lazy chunk
// (password_change.ts), loaded when a password screen opens, never by the sign-in page.

import { useEffect } from "react";
import { passwordRule } from "../../../../api/rules/password.ts";
import { SHELL_PASSWORD } from "../../i18n/areas/shell_password.ts";
import { useT } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";
import { loadContentCheck, type PasswordValues } from "./password_change.ts";
import { usePasswordPolicy } from "./password_policy.ts";

/** Current password, New password and Confirm new password. */
export function PasswordFields(
  props: { values: PasswordValues; onChange: (values: PasswordValues) => void },
) {
  const t = useT(SHELL_PASSWORD);
  const { values, onChange } = props;
  const minLength = usePasswordPolicy((s) => s.minLength);
  const remembered = usePasswordPolicy((s) => s.passwordHistory);
  useEffect(() => void usePasswordPolicy.getState().load(), []);
  useEffect(() => void loadContentCheck().catch(() => undefined), []);
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
      {field(t("current"), "current", "current-password")}
      {/* one cell of the form's grid: the rule stays under New password in two columns too */}
      <div className="field-with-hint">
        {field(t("next"), "next", "new-password")}
        <p id="password-rule" className="hint">{serverText(passwordRule(minLength, remembered))}</p>
      </div>
      {field(t("confirm"), "confirm", "new-password")}
    </>
  );
}
