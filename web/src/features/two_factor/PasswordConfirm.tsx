// The user's password asked again before a change of their second factors (setting one up,
// removing one, new recovery codes), and before an administrator's weightiest changes
// (StepUpDialog): the server refuses these to a session alone. The dialog
// stays open with the failure under the field (a wrong password, a lock), and closes when done.

import { currentPassword } from "../../../../api/rules/current_password.ts";
import { EXT_TWOFACTOR } from "./texts/ext_twofactor.ts";
import { useT } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";
import { useTwoFactor } from "./two_factor.ts";
import { PromptDialog } from "../../ui/PromptDialog.tsx";
import { problemOfIssue } from "../../../../api/rules/issues.ts";

/** Props of the password confirmation; it is open while mounted. */
export interface PasswordConfirmProps {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  /** Why the password is asked (the second factors' reason when not given). */
  hint?: string;
  /** The dialog's title id, when another dialog may be open beneath it. */
  titleId?: string;
  /** The change, given the password; true when done, else false (the failure is the second
   * factors' message) or the failure's text. */
  run: (password: string) => Promise<boolean | string>;
  /** Closes the dialog: cancelled, or done. */
  onClose: () => void;
}

/** Asks for the password, then runs the change; says why it failed where the password is. */
export function PasswordConfirm(props: PasswordConfirmProps) {
  const t = useT(EXT_TWOFACTOR);
  return (
    <PromptDialog
      title={props.title}
      text={props.text}
      label={t("passwordLabel")}
      type="password"
      autoComplete="current-password"
      hint={props.hint ?? t("passwordWhy")}
      titleId={props.titleId}
      confirmLabel={props.confirmLabel}
      danger={props.danger}
      check={(value) => {
        const parsed = currentPassword.safeParse(value);
        const issue = parsed.success ? undefined : parsed.error.issues[0];
        return issue === undefined ? null : serverText(problemOfIssue(issue));
      }}
      onSubmit={async (password) => {
        const outcome = await props.run(password);
        if (outcome === true) return props.onClose();
        if (typeof outcome === "string") return outcome;
        return serverText(useTwoFactor.getState().message?.text ?? t("checkValue"));
      }}
      onCancel={props.onClose}
    />
  );
}
