// The three password inputs of every password change: current, new and confirmation.

/** Values of the password change inputs. */
export interface PasswordValues {
  current: string;
  next: string;
  confirm: string;
}

/** Empty password change inputs. */
export const NO_PASSWORDS: PasswordValues = { current: "", next: "", confirm: "" };

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
