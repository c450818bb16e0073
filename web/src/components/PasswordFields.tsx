// The three password inputs of every password change: current, new and confirmation.

/** Values of the password change inputs. */
export interface PasswordValues {
  current: string;
  next: string;
  confirm: string;
}

/** Empty password change inputs. */
export const NO_PASSWORDS: PasswordValues = { current: "", next: "", confirm: "" };

/**
 * The spec's first failing rule of a password change, or "". The forced change screen and the
 * profile word two rules differently (spec 001 section 5), hence `forced`.
 */
export function passwordProblem(values: PasswordValues, forced: boolean): string {
  if (values.current === "") return "Please enter your current password";
  if (forced && values.next === "") return "Please enter a new password";
  if (values.next.length < 6) {
    return forced
      ? "New password must be at least 6 characters long"
      : "New password must be at least 6 characters";
  }
  if (values.next !== values.confirm) return "New passwords do not match";
  return "";
}

/** Current password, New password and Confirm new password. */
export function PasswordFields(
  props: { values: PasswordValues; onChange: (values: PasswordValues) => void },
) {
  const { values, onChange } = props;
  const field = (label: string, key: keyof PasswordValues, autoComplete: string) => (
    <label>
      {label}
      <input
        type="password"
        value={values[key]}
        onChange={(e) => onChange({ ...values, [key]: e.target.value })}
        autoComplete={autoComplete}
      />
    </label>
  );
  return (
    <>
      {field("Current password", "current", "current-password")}
      {field("New password", "next", "new-password")}
      {field("Confirm new password", "confirm", "new-password")}
    </>
  );
}
