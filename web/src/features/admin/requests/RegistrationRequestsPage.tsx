// Registration Requests: each new-account request with everything the requester gave;
// 'Approve & Create User' asks which apps the account opens, then creates it with them and a
// one-time password (changed at the first sign-in) in one write; 'Reject' asks for an optional
// reason.

import { useState } from "react";
import type { RequestRecord } from "../../../../../api/store/records.ts";
import { useRequests } from "./admin_requests.ts";
import { AssignAppsDialog } from "../AssignAppsDialog.tsx";
import { lastFailureText, RequestsQueue } from "./RequestsQueue.tsx";
import { ADM_QUEUES } from "./texts/adm_queues.ts";
import { type FieldLabel, FIELDS } from "../../../i18n/areas/fields.ts";
import { type Translate, useT } from "../../../i18n/i18n.ts";
import { Rich } from "../../../i18n/Rich.tsx";

/** A message of the queues' catalogue. */
type Key = (typeof ADM_QUEUES.keys)[number];

/** The registration fields of the row's second line (code, name and station are on the first),
 * each with the key of its name in the fields catalogue. */
const SHOWN: readonly [FieldLabel, string][] = [
  ["email", "email"],
  ["phone", "phone"],
  ["jobTitleSentence", "jobTitle"],
  ["position", "position"],
  ["department", "department"],
  ["gender", "gender"],
];

/** A registration field's value as shown: the gender in the language shown, the rest as typed
 * (codes, e-mails and phone numbers isolated from the text around them). */
function fieldValue(key: string, value: string | undefined, t: Translate<Key>) {
  if (!value) return "—";
  if (key === "gender" && value === "Male") return t("genderMale");
  if (key === "gender" && value === "Female") return t("genderFemale");
  return <bdi>{value}</bdi>;
}

/** The requester's name from the registration fields (first, middle, last). */
function registrationName(r: RequestRecord): string {
  const reg = r.registration ?? {};
  const name = [reg.firstName, reg.middleName, reg.lastName].filter((p) => p && p.trim() !== "")
    .join(" ");
  return name || r.userInfo?.fullName || "";
}

/** The registration request queue. */
export function RegistrationRequestsPage() {
  const t = useT(ADM_QUEUES);
  const label = useT(FIELDS);
  const approve = useRequests((s) => s.approveRegistration);
  const [approving, setApproving] = useState<RequestRecord | null>(null);
  return (
    <RequestsQueue
      kind="registration"
      title={t("registrationTitle")}
      what={t("registrationWhat")}
      emptyTitle={t("noPending")}
      emptyText={t("registrationEmpty")}
      intro={<p className="notice">{t("registrationIntro")}</p>}
      nameOf={registrationName}
      details={(r) =>
        SHOWN.map(([name, key]) => (
          <div key={key}>
            <dt>{label(name)}</dt>
            <dd>{fieldValue(key, r.registration?.[key], t)}</dd>
          </div>
        ))}
      actions={(r) => [{ label: t("approveCreate"), tone: "primary", run: () => setApproving(r) }]}
    >
      {approving !== null && (
        <AssignAppsDialog
          user={{
            employeeCode: approving.employeeCode,
            fullName: registrationName(approving),
            role: "user",
            accessibleApps: [],
          }}
          title={t("approveCreate")}
          intro={
            <p className="notice">
              <Rich
                text={t("approveIntro", {
                  station: approving.station || approving.registration?.station || "—",
                })}
                parts={[<bdi key="0" />]}
              />
            </p>
          }
          saveLabel={(n) => t("createUserApps", { count: n })}
          failureText={t("approveFailed")}
          onSave={async (apps) => {
            if (await approve(approving.employeeCode, apps)) return null;
            return lastFailureText(t("approveFailed"));
          }}
          onClose={() => setApproving(null)}
        />
      )}
    </RequestsQueue>
  );
}
