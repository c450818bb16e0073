// Activation Requests: approve for 30 days, 90 days or a year, reject with a reason, or approve
// every request for 90 days after a confirmation ('Approve all N activation requests?').

import { useState } from "react";
import { useRequests } from "../../stores/admin_requests.ts";
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
            Approving activates the account and sets its password to expire after the chosen time.
          </p>
          <button
            type="button"
            className="primary"
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
          >
            Approve All
          </button>
        </div>
      )}
      actions={(r, disabled) =>
        CHOICES.map((days) => (
          <button
            key={days}
            type="button"
            className={days === 90 ? "primary" : undefined}
            disabled={disabled}
            onClick={() => void approve(r.employeeCode, days)}
          >
            Approve ({daysLabel(days)})
          </button>
        ))}
    >
      {confirming && (
        <ConfirmDialog
          title="Approve All"
          text={`Approve all ${count} activation requests?`}
          confirmLabel="Approve All"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void approveAll();
          }}
        />
      )}
    </RequestsQueue>
  );
}
