// Password Reset Requests: after verifying who asks, reset to a one-time password (shown once), set
// a custom one, extend the current one by 30 days (those who may extend), or reject.

import { useEffect, useState } from "react";
import { passwordProblem, passwordRule } from "../../../../api/rules/password.ts";
import { useRequests } from "../../stores/admin_requests.ts";
import { usePasswordPolicy } from "../../stores/password_policy.ts";
import { useSession } from "../../stores/session.ts";
import { can } from "../../../../api/rules/access.ts";
import { passwordContentProblem } from "../../stores/password_change.ts";
import { PromptDialog } from "./PromptDialog.tsx";
import { RequestsQueue } from "./RequestsQueue.tsx";

/** The password reset request queue. */
export function PasswordResetRequestsPage() {
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
      title="Password Reset Requests"
      what="password reset"
      emptyTitle="No Pending Requests"
      emptyText="All password reset requests have been processed"
      intro={
        <div className="banner warning" role="note">
          <strong>Verify the requester's identity first</strong>{" "}
          (call them back or see them in person): anyone can send a request with a colleague's
          employee code. 'Reset to Default' gives a new one-time password, shown to you once; the
          user must change it at the next sign-in.
        </div>
      }
      actions={(r, disabled) => (
        <>
          <button
            type="button"
            className="primary"
            disabled={disabled}
            onClick={() => void reset(r.employeeCode)}
          >
            Reset to Default
          </button>
          <button type="button" disabled={disabled} onClick={() => setCustom(r.employeeCode)}>
            Set Custom Password
          </button>
          {mayExtend && (
            <button
              type="button"
              disabled={disabled}
              onClick={() => void extend(r.employeeCode)}
            >
              Extend (30 days)
            </button>
          )}
        </>
      )}
    >
      {custom !== null && (
        <PromptDialog
          title={`Set a custom password for ${custom}`}
          text="Give it to the user in person; they must change it at the next sign-in."
          label="New password"
          type="password"
          confirmLabel="Set Password"
          hint={passwordRule(minLength)}
          check={(value) => passwordProblem(value, minLength)}
          onCancel={() => setCustom(null)}
          onSubmit={async (password) => {
            // the server's content check first (common passwords, the code), as it will judge
            const content = await passwordContentProblem(password, { employeeCode: custom });
            if (content !== "") return content;
            // the dialog stays open, with what was typed, until the server takes the password
            if (await reset(custom, password)) {
              setCustom(null);
              return null;
            }
            return useRequests.getState().status?.text ?? "Failed to reset password";
          }}
        />
      )}
    </RequestsQueue>
  );
}
