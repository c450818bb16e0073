// Registration Requests: each new-account request with everything the requester gave;
// 'Approve & Create User' asks which apps the account opens, then creates it with them and a
// one-time password (changed at the first sign-in) in one write; 'Reject' asks for an optional
// reason.

import { useState } from "react";
import type { RequestRecord } from "../../../../api/store.ts";
import { useRequests } from "../../stores/admin_requests.ts";
import { AssignAppsDialog } from "./AssignAppsDialog.tsx";
import { RequestsQueue } from "./RequestsQueue.tsx";

/** The registration fields of the row's second line (code, name and station are on the first). */
const FIELDS: readonly [string, string][] = [
  ["Email", "email"],
  ["Phone", "phone"],
  ["Job title", "jobTitle"],
  ["Position", "position"],
  ["Department", "department"],
  ["Gender", "gender"],
];

/** The requester's name from the registration fields (first, middle, last). */
function registrationName(r: RequestRecord): string {
  const reg = r.registration ?? {};
  const name = [reg.firstName, reg.middleName, reg.lastName].filter((p) => p && p.trim() !== "")
    .join(" ");
  return name || r.userInfo?.fullName || "";
}

/** The registration request queue. */
export function RegistrationRequestsPage() {
  const approve = useRequests((s) => s.approveRegistration);
  const [approving, setApproving] = useState<RequestRecord | null>(null);
  return (
    <RequestsQueue
      kind="registration"
      title="Registration Requests"
      what="registration"
      emptyTitle="No Pending Requests"
      emptyText="All registration requests have been processed"
      intro={
        <p className="notice">
          Approving creates the account with the apps you choose and a one-time password, shown to
          you once; the new user must change it at the first sign-in.
        </p>
      }
      nameOf={registrationName}
      details={(r) =>
        FIELDS.map(([label, key]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{r.registration?.[key] || "—"}</dd>
          </div>
        ))}
      actions={(r, disabled) => (
        <button
          type="button"
          className="primary"
          disabled={disabled}
          onClick={() => setApproving(r)}
        >
          Approve & Create User
        </button>
      )}
    >
      {approving !== null && (
        <AssignAppsDialog
          user={{
            employeeCode: approving.employeeCode,
            fullName: registrationName(approving),
            role: "user",
            accessibleApps: [],
          }}
          title="Approve & Create User"
          intro={
            <p className="notice">
              Station{" "}
              {approving.station || approving.registration?.station || "—"}. Choose the apps the new
              account opens; you can change them later with Assign Apps.
            </p>
          }
          saveLabel={(n) => `Create User (${n} ${n === 1 ? "app" : "apps"})`}
          failureText="Failed to approve registration request"
          onSave={async (apps) => {
            if (await approve(approving.employeeCode, apps)) return null;
            const status = useRequests.getState().status;
            return status?.details?.[0] ?? status?.text ?? "Failed to approve registration request";
          }}
          onClose={() => setApproving(null)}
        />
      )}
    </RequestsQueue>
  );
}
