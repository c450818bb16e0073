// Password Reset Requests: after verifying who asks, reset to a one-time password (shown once), set
// a custom one, extend the current one by 30 days (those who may extend), or reject.

import { useEffect, useState } from "react";
import { passwordLength, passwordRule } from "../../../../../api/rules/password.ts";
import { useRequests } from "./admin_requests.ts";
import { usePasswordPolicy } from "../../password/password_policy.ts";
import { useSession } from "../../shell/session.ts";
import { can } from "../../../../../api/rules/access.ts";
import { passwordContentProblem } from "../../password/password_change.ts";
import { PromptDialog } from "../../../ui/PromptDialog.tsx";
import { lastFailureText, RequestsQueue } from "./RequestsQueue.tsx";
import { ADM_QUEUES } from "./texts/adm_queues.ts";
import { useT } from "../../../i18n/i18n.ts";
import { Rich } from "../../../i18n/Rich.tsx";
import { serverText } from "../../../i18n/server_text.ts";

/** The password reset request queue. */
export function PasswordResetRequestsPage() {
  const t = useT(ADM_QUEUES);
  const user = useSession((s) => s.user);
  const reset = useRequests((s) => s.resetPassword);
  const extend = useRequests((s) => s.extendInstead);
  const [custom, setCustom] = useState<string | null>(null);
  const mayExtend = can(user, "extendPasswords");
  const minLength = usePasswordPolicy((s) => s.minLength);

  useEffect(() => {
    void usePasswordPolicy.getState().load();
  }, []);

  return (
    <RequestsQueue
      kind="password-reset"
      title={t("resetTitle")}
      what={t("resetWhat")}
      emptyTitle={t("noPending")}
      emptyText={t("resetEmpty")}
      intro={
        <div className="banner warning" role="note">
          <Rich text={t("resetIntro")} parts={[<strong key="0" />]} />
        </div>
      }
      actions={(r) => [
        { label: t("resetDefault"), tone: "primary", run: () => void reset(r.employeeCode) },
        { label: t("setCustom"), run: () => setCustom(r.employeeCode) },
        ...(mayExtend ? [{ label: t("extend30"), run: () => void extend(r.employeeCode) }] : []),
      ]}
    >
      {custom !== null && (
        <PromptDialog
          title={t("customTitle", { code: custom })}
          text={t("customText")}
          label={t("newPassword")}
          type="password"
          confirmLabel={t("setPassword")}
          hint={serverText(passwordRule(minLength))}
          check={(value) => {
            const problem = passwordLength(value, minLength);
            return problem === null ? null : serverText(problem);
          }}
          onCancel={() => setCustom(null)}
          onSubmit={async (password) => {
            // the server's content check first (common passwords, the code), as it will judge
            const content = await passwordContentProblem(password, { employeeCode: custom });
            if (content !== null) return serverText(content);
            // the dialog stays open, with what was typed, until the server takes the password
            if (await reset(custom, password)) {
              setCustom(null);
              return null;
            }
            return lastFailureText(t("resetFailed"));
          }}
        />
      )}
    </RequestsQueue>
  );
}
