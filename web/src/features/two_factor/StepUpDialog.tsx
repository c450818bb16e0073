// The password asked again before an administrator's weightiest change (step_up.ts): the
// profile's own password dialog, open while a call waits for it.

import { useRef } from "react";
import { SHELL_PASSWORD } from "../../i18n/areas/shell_password.ts";
import { useT } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";
import { confirmPassword, useStepUp } from "./step_up.ts";
import { PasswordConfirm } from "./PasswordConfirm.tsx";

/** The re-authentication dialog, shown while a change waits for the password. */
export function StepUpDialog() {
  const asking = useStepUp((s) => s.asking);
  const t = useT(SHELL_PASSWORD);
  const confirmed = useRef(false);
  if (!asking) return null;
  return (
    <PasswordConfirm
      titleId="step-up-title"
      title={t("stepUpTitle")}
      text={t("stepUpText")}
      hint={t("stepUpHint")}
      confirmLabel={t("stepUpConfirm")}
      run={async (password) => {
        const problem = await confirmPassword(password);
        confirmed.current = problem === null;
        return problem === null ? true : serverText(problem);
      }}
      onClose={() => {
        const done = confirmed.current;
        confirmed.current = false;
        useStepUp.getState().answer?.(done);
      }}
    />
  );
}
