// The labelled text input of the admin forms (create user, edit user): the required star, and
// the invalid state pointing at the form's problem line.

import type { ComponentProps } from "react";

/** Props of a text field: the label, its state, and anything an input takes. */
export interface TextFieldProps extends ComponentProps<"input"> {
  label: string;
  required: boolean;
  invalid: boolean;
  /** Id of the line that says what is wrong, when the field is invalid. */
  problemId?: string;
}

/** A labelled input with a required star and aria-required / aria-invalid. */
export function TextField({ label, required, invalid, problemId, ...input }: TextFieldProps) {
  return (
    <label>
      {label}
      {required && <span className="required" aria-hidden="true">*</span>}
      <input
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? problemId : undefined}
        {...input}
      />
    </label>
  );
}
