// Activation Requests: approve for 30 days, 90 days or a year, reject with a reason, or approve
// every request the filters show for the password expiry setting (90 days unless a super admin
// changed it), after a confirmation ('Approve all N activation requests?') that says the period.

import { useEffect, useState } from "react";
import { useRequests } from "../../stores/admin_requests.ts";
import { usePasswordPolicy } from "../../stores/password_policy.ts";
import { useQueueSearch } from "./QueueToolbar.tsx";
import { type Days, daysLabel } from "../../admin/request_rules.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { RequestsQueue } from "./RequestsQueue.tsx";

const CHOICES: readonly Days[] = [30, 90, 365];

/** The activation request queue. */
export function ActivationRequestsPage() {
  const count = useRequests((s) => s.totals.activation);
  const busy = useRequests((s) => s.busy);
  const approve = useRequests((s) => s.approveActivation);
  const approveAll = useRequests((s) => s.approveAll);
  const [confirming, setConfirming] = useState(false);
  const { search } = useQueueSearch();
  // the period the server applies when Approve All sends none
  const days = usePasswordPolicy((s) => s.passwordExpiryDays);
  const period = daysLabel(days);

  useEffect(() => {
    void usePasswordPolicy.getState().load();
  }, []);

  return (
    <RequestsQueue
      kind="activation"
      title="Activation Requests"
      what="activation"
      emptyTitle="No Pending Requests"
      emptyText="All activation requests have been processed"
      intro={count > 0 && (
        <div className="toolbar-row request-bar">
          <p className="notice grow">
            Approving activates the account and sets its password to expire after the chosen time;
            Approve All uses the password expiry setting ({period}).
          </p>
          <button
            type="button"
            className="primary"
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
          >
            Approve All ({period})
          </button>
        </div>
      )}
      actions={(r, disabled) => (
        // one 'Approve' for the three periods, so that the row stays on one line; each button
        // keeps the spec's whole name ('Approve (30 days)') for assistive technology
        <span className="request-approve" role="group" aria-label={`Approve ${r.employeeCode}`}>
          <span aria-hidden="true">Approve</span>
          {CHOICES.map((days) => (
            <button
              key={days}
              type="button"
              className={days === 90 ? "primary" : undefined}
              disabled={disabled}
              aria-label={`Approve (${daysLabel(days)})`}
              onClick={() => void approve(r.employeeCode, days)}
            >
              {daysLabel(days)}
            </button>
          ))}
        </span>
      )}
    >
      {confirming && (
        <ConfirmDialog
          title="Approve All"
          text={`${
            search === ""
              ? `Approve all ${count} activation requests?`
              : `Approve all activation requests matching "${search}"?`
          } Each account is activated with a password valid for ${period}.`}
          confirmLabel="Approve All"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void approveAll(days);
          }}
        />
      )}
    </RequestsQueue>
  );
}
