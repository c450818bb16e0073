// Registration Requests: each new-account request with everything the requester gave;
// 'Approve & Create User' creates the account with a one-time password (changed at the first
// sign-in), 'Reject' asks for an optional reason.

import type { RequestRecord } from "../../../../api/store.ts";
import { useRequests } from "../../stores/admin_requests.ts";
import { RequestsQueue } from "./RequestsQueue.tsx";

const FIELDS: readonly [string, string][] = [
  ["Employee code", "employeeCode"],
  ["Email", "email"],
  ["Phone", "phone"],
  ["Job title", "jobTitle"],
  ["Position", "position"],
  ["Station", "station"],
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
  return (
    <RequestsQueue
      kind="registration"
      title="Registration Requests"
      what="registration"
      emptyTitle="No Pending Requests"
      emptyText="All registration requests have been processed"
      intro={
        <p className="notice">
          Approving creates the account with a one-time password, shown to you once; the new user
          must change it at the first sign-in.
        </p>
      }
      nameOf={registrationName}
      details={(r) => (
        <>
          <div>
            <dt>Name</dt>
            <dd>{registrationName(r) || "—"}</dd>
          </div>
          {FIELDS.map(([label, key]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{(key === "employeeCode" ? r.employeeCode : r.registration?.[key]) || "—"}</dd>
            </div>
          ))}
        </>
      )}
      actions={(r, disabled) => (
        <button
          type="button"
          className="primary"
          disabled={disabled}
          onClick={() => void approve(r.employeeCode)}
        >
          Approve & Create User
        </button>
      )}
    />
  );
}
