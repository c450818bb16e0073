// A request queue's row: code, name, station, when, the reason (cut short, the whole text a click
// away), the queue's own buttons with Reject and Delete, and the queue's details on a second line.

import { useState } from "react";
import type { RequestRecord } from "../../../../../api/store/records.ts";
import { requestOffer } from "../../../../../api/rules/access.ts";
import type { SessionUser } from "../../shell/session.ts";
import { useRequests } from "./admin_requests.ts";
import { When } from "../../../ui/When.tsx";
import { ADM_QUEUES } from "./texts/adm_queues.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { useT } from "../../../i18n/i18n.ts";
import type { RequestsQueueProps, RowAction } from "./queue_props.ts";

/** The buttons of a request row, each off while any action runs. */
function RowButtons(props: { actions: readonly RowAction[]; disabled: boolean }) {
  return props.actions.map((a) => (
    <button
      key={a.label}
      type="button"
      className={a.tone}
      disabled={props.disabled}
      aria-label={a.name}
      onClick={a.run}
    >
      {a.label}
    </button>
  ));
}

/** A confirmation a card asks for: rejecting or deleting a request. */
export type Asking = { step: "reject" | "delete"; code: string } | null;

/** One request on one line: code, name, station, when, the reason (cut short, with the whole
 * text a click away) and the queue's buttons with Reject and Delete, as far as the access rules
 * let the signed-in admin act on the account (`requestOffer`, issue 48): a request about an
 * active account says so and can only be dismissed. */
export function RequestCard(
  props: {
    request: RequestRecord;
    queue: RequestsQueueProps;
    actor: SessionUser | null;
    ask: (asking: Asking) => void;
  },
) {
  const t = useT(ADM_QUEUES);
  const common = useT(COMMON);
  const { request: r, queue } = props;
  const disabled = useRequests((s) => s.busy !== null);
  const name = (queue.nameOf ?? ((q: RequestRecord) => q.userInfo?.fullName ?? ""))(r);
  const details = queue.details?.(r);
  const group = queue.actionGroup?.(r);
  const offer = requestOffer(props.actor, r);
  const own = r.employeeCode === props.actor?.employeeCode;
  return (
    <article className="list-card request-row" aria-label={`${r.employeeCode} ${name}`}>
      <span className="request-code">{r.employeeCode}</span>
      <strong className="request-name">
        <bdi>{name || r.employeeCode}</bdi>
      </strong>
      <span className="request-station" title={t("station")}>{r.station || "—"}</span>
      <span className="request-when">
        <When at={r.requestedAt} />
      </span>
      <RequestReason reason={r.reason} />
      {offer === "none"
        ? <p className="notice request-actions">{t(own ? "ownRequest" : "holdsMore")}</p>
        : (
          <div className="request-actions">
            {offer === "dismiss"
              ? <p className="notice">{t("accountActive")}</p>
              : group === undefined
              ? <RowButtons actions={queue.actions(r)} disabled={disabled} />
              : (
                <span className="request-approve" role="group" aria-label={group.name}>
                  <span aria-hidden="true">{group.lead}</span>
                  <RowButtons actions={queue.actions(r)} disabled={disabled} />
                </span>
              )}
            <RowButtons
              disabled={disabled}
              actions={[
                {
                  label: t("reject"),
                  tone: "danger",
                  run: () => props.ask({ step: "reject", code: r.employeeCode }),
                },
                {
                  label: common("delete"),
                  name: t("deleteRequestOf", { code: r.employeeCode }),
                  run: () => props.ask({ step: "delete", code: r.employeeCode }),
                },
              ]}
            />
          </div>
        )}
      {details !== undefined && <dl className="request-more">{details}</dl>}
    </article>
  );
}

/** A request's reason as quoted data, cut short on one line; a click (or Enter) shows it whole. */
function RequestReason(props: { reason: string }) {
  const [open, setOpen] = useState(false);
  const { reason } = props;
  if (reason === "") return <span className="request-reason" />;
  return (
    // dir="auto": the reason runs (and is cut short at its end) in its own direction, an English
    // one too in the Arabic page
    <button
      type="button"
      dir="auto"
      className={open ? "request-reason open" : "request-reason"}
      aria-expanded={open}
      title={open ? undefined : reason}
      onClick={() => setOpen(!open)}
    >
      <q>{reason}</q>
    </button>
  );
}
