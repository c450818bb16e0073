// Activation Requests: approve for 30 days, 90 days or a year, reject with a reason, or approve
// every request the filters show for the password expiry setting (90 days unless a super admin
// changed it), after a confirmation ('Approve all N activation requests?') that says the period.

import { EXTENSION_DAYS } from "../../../../../api/rules/periods.ts";
import { useEffect, useState } from "react";
import { useRequests } from "./admin_requests.ts";
import { useSession } from "../../shell/session.ts";
import { can, requestOffer } from "../../../../../api/rules/access.ts";
import { usePasswordPolicy } from "../../password/password_policy.ts";
import { useQueueSearch } from "./QueueToolbar.tsx";
import type { Days } from "./request_rules.ts";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { RequestsQueue } from "./RequestsQueue.tsx";
import { ADM_QUEUES } from "./texts/adm_queues.ts";
import { type Translate, useT } from "../../../i18n/i18n.ts";

const CHOICES: readonly Days[] = EXTENSION_DAYS;

/** A number of days as the buttons and messages say it ('1 year', '30 days'; daysLabel of
 * request_rules.ts, in the language shown). */
export function periodText(days: number, t: Translate<(typeof ADM_QUEUES.keys)[number]>): string {
  if (days === 0) return t("noExpiry");
  return days === 365 ? t("oneYear") : t("days", { count: days });
}

/** The activation request queue. */
export function ActivationRequestsPage() {
  const t = useT(ADM_QUEUES);
  const count = useRequests((s) => s.totals.activation);
  const busy = useRequests((s) => s.busy);
  const approve = useRequests((s) => s.approveActivation);
  const approveAll = useRequests((s) => s.approveAll);
  const [confirming, setConfirming] = useState(false);
  const { search } = useQueueSearch();
  // a period is an extension of the password (issue 48): without that permission one Approve,
  // which keeps the expiry, and no Approve All (it gives the setting's period)
  const user = useSession((s) => s.user);
  const mayExtend = can(user, "extendPasswords");
  // the period the server applies when Approve All sends none
  const days = usePasswordPolicy((s) => s.passwordExpiryDays);
  const period = periodText(days, t);

  useEffect(() => {
    void usePasswordPolicy.getState().load();
  }, []);

  return (
    <RequestsQueue
      kind="activation"
      title={t("activationTitle")}
      what={t("activationWhat")}
      emptyTitle={t("noPending")}
      emptyText={t("activationEmpty")}
      intro={!mayExtend
        ? <p className="notice">{t("activationIntroKeep")}</p>
        : count > 0 && (
          <div className="toolbar-row request-bar">
            <p className="notice grow">{t("activationIntro", { period })}</p>
            <button
              type="button"
              className="primary"
              disabled={busy !== null}
              onClick={() => setConfirming(true)}
            >
              {t("approveAllPeriod", { period })}
            </button>
          </div>
        )}
      // one 'Approve' for the three periods; each button keeps the spec's whole name ('Approve
      // (30 days)') for assistive technology
      actionGroup={mayExtend
        ? (r) => ({ lead: t("approve"), name: t("approveCode", { code: r.employeeCode }) })
        : undefined}
      actions={(r) =>
        mayExtend
          ? CHOICES.map((days) => ({
            label: periodText(days, t),
            name: t("approveFor", { period: periodText(days, t) }),
            tone: days === 90 ? "primary" as const : undefined,
            run: () => void approve(r.employeeCode, days),
          }))
          : [{
            label: t("approve"),
            name: t("approveCode", { code: r.employeeCode }),
            tone: "primary" as const,
            run: () => void approve(r.employeeCode),
          }]}
    >
      {confirming && (
        <ConfirmDialog
          title={t("approveAll")}
          text={search === ""
            ? t("approveAllCount", { count: String(count), period })
            : t("approveAllSearch", { search, period })}
          confirmLabel={t("approveAll")}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            // the requests the cards offer Approve on, by the same rule (issue 48)
            void approveAll(days, (r) => requestOffer(user, r) === "approve");
          }}
        />
      )}
    </RequestsQueue>
  );
}
