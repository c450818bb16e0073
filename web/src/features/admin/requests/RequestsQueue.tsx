// What the three request queues share: the frame with 'N pending requests', the search and
// station filter, loading, error (Retry), empty and list states, the status line, the compact
// request rows (newest first, as the server lists them) and the Reject prompt (optional reason;
// Cancel aborts). Each queue adds its own details and buttons; a row is RequestCard.tsx.

import { useEffect, useState } from "react";
import { QUEUE_PAGE, useRequests } from "./admin_requests.ts";
import type { RequestKind } from "./request_rules.ts";
import type { Status } from "../status.ts";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { useSession } from "../../shell/session.ts";
import { can } from "../../../../../api/rules/access.ts";
import { AdminFrame } from "../AdminFrame.tsx";
import { PromptDialog } from "../../../ui/PromptDialog.tsx";
import { QueueToolbar, useQueueSearch } from "./QueueToolbar.tsx";
import "./admin_requests.css";
import { formatCount } from "../../../lib/numbers.ts";
import { ADM_QUEUES } from "./texts/adm_queues.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { useT } from "../../../i18n/i18n.ts";
import { serverText } from "../../../i18n/server_text.ts";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import { type Asking, RequestCard } from "./RequestCard.tsx";
import type { RequestsQueueProps } from "./queue_props.ts";

/** A status line with its per-user reasons (polite: it follows the admin's own action); a
 * server's message in it is shown in the language shown. */
export function RequestsStatusLine(props: { status: Status | null; busyText?: string | null }) {
  const { status } = props;
  return (
    <div className="request-status" role="status" aria-live="polite">
      {props.busyText ? <p className="notice">{props.busyText}</p> : status !== null && (
        <>
          <p className={status.ok ? "success" : "error"}>{serverText(status.text)}</p>
          {status.details !== undefined && status.details.length > 0 && (
            <ul className="error request-details">
              {status.details.map((d) => <li key={d}>{serverText(d)}</li>)}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** What a dialog says when the queue's last action failed: the server's reason (the first
 * per-user one where there are some) in the language shown, or `fallback` when none came. */
export function lastFailureText(fallback: string): string {
  const status = useRequests.getState().status;
  const message = status?.details?.[0] ?? status?.text;
  return message === undefined ? fallback : serverText(message);
}

/** What the status line says while an action runs: Approve All's progress, or whom it is on. */
function useBusyText(): string | null {
  const t = useT(ADM_QUEUES);
  const busy = useRequests((s) => s.busy);
  const progress = useRequests((s) => s.progress);
  return progress !== null
    ? t("progress", {
      label: progress.label,
      done: formatCount(progress.done),
      total: formatCount(progress.total),
    })
    : busy === "all"
    ? t("workingAll")
    : busy !== null
    ? t("working", { code: busy })
    : null;
}

/** A request queue screen. */
export function RequestsQueue(props: RequestsQueueProps) {
  const t = useT(ADM_QUEUES);
  const common = useT(COMMON);
  const { kind } = props;
  const list = useRequests((s) => s.lists[kind]);
  const total = useRequests((s) => s.totals[kind]);
  const loading = useRequests((s) => s.loading[kind]);
  const error = useRequests((s) => s.error[kind]);
  const busy = useRequests((s) => s.busy);
  const status = useRequests((s) => s.status);
  const load = useRequests((s) => s.load);
  const user = useSession((s) => s.user);
  const me = user?.employeeCode ?? null;
  const allowed = can(user, "manageUsers");
  const [asking, setAsking] = useState<Asking>(null);
  const { search, station } = useQueueSearch();

  useEffect(() => {
    // the frame shows the access page to others: ask the server for nothing
    if (me === null || !allowed) return;
    const store = useRequests.getState();
    store.claim(me);
    store.clearStatus();
  }, [kind, me, allowed]);
  useEffect(() => {
    if (me === null || !allowed) return;
    void useRequests.getState().setFilters(kind, { search, station });
  }, [kind, me, allowed, search, station]);

  const busyText = useBusyText();

  return (
    <AdminFrame
      title={props.title}
      subtitle={list === null ? "" : t("pendingRequests", { count: total })}
    >
      <div className="requests">
        {props.intro}
        <QueueToolbar title={props.title} allStations={can(user, "allStations")} />
        <RequestsStatusLine status={status} busyText={busyText} />
        {list === null && loading && <p className="loading" role="status">{t("loading")}</p>}
        {error !== null && (
          <div className="empty" role="alert">
            <strong>{list === null ? t("loadError") : t("refreshError")}</strong>
            <p className="error">{serverText(error)}</p>
            <button type="button" onClick={() => void load(kind)} disabled={loading}>
              {common("retry")}
            </button>
          </div>
        )}
        {list !== null && list.length === 0 && (
          <QueueEmpty queue={props} narrowed={search !== "" || station !== ""} />
        )}
        {list !== null && list.length > 0 && (
          <ul className="request-list" aria-busy={busy !== null || loading}>
            {list.map((r) => (
              <li key={r._id}>
                <RequestCard request={r} queue={props} actor={user} ask={setAsking} />
              </li>
            ))}
          </ul>
        )}
        {list !== null && <QueuePager kind={kind} title={props.title} searching={search !== ""} />}
        <QueueDialogs kind={kind} what={props.what} asking={asking} close={() => setAsking(null)} />
        {props.children}
      </div>
    </AdminFrame>
  );
}

/** An empty page: the spec's empty state, or, with a search or a station, that nothing matches
 * (so far: a search reads a bounded part of the queue, and Next looks further). */
function QueueEmpty(props: { queue: RequestsQueueProps; narrowed: boolean }) {
  const t = useT(ADM_QUEUES);
  const hasNext = useRequests((s) => s.next[props.queue.kind] !== null);
  if (!props.narrowed) {
    return <EmptyState title={props.queue.emptyTitle} text={props.queue.emptyText} />;
  }
  return <EmptyState title={t("noMatchTitle")} text={hasNext ? t("noMatchSoFar") : t("noMatch")} />;
}

/** Previous and Next through a long queue, with 'Page N of M' ('Page N' during a search: the
 * number of matches is not counted). */
function QueuePager(props: { kind: RequestKind; title: string; searching: boolean }) {
  const t = useT(ADM_QUEUES);
  const common = useT(COMMON);
  const { kind } = props;
  const total = useRequests((s) => s.totals[kind]);
  const pageNumber = useRequests((s) => s.trail[kind].length);
  const hasNext = useRequests((s) => s.next[kind] !== null);
  const loading = useRequests((s) => s.loading[kind]);
  const page = useRequests((s) => s.page);
  if (pageNumber === 1 && !hasNext) return null;
  return (
    <nav className="pagination" aria-label={t("pagesOf", { title: props.title })}>
      <button
        type="button"
        disabled={pageNumber === 1 || loading}
        onClick={() => void page(kind, "previous")}
      >
        {common("previous")}
      </button>
      <span>
        {props.searching ? t("page", { page: pageNumber }) : t("pageOf", {
          page: pageNumber,
          pages: Math.max(pageNumber, Math.ceil(total / QUEUE_PAGE)),
        })}
      </span>
      <button type="button" disabled={!hasNext || loading} onClick={() => void page(kind, "next")}>
        {common("next")}
      </button>
    </nav>
  );
}

/** The Delete confirmation and the Reject prompt (optional reason; Cancel aborts). */
function QueueDialogs(
  props: { kind: RequestKind; what: string; asking: Asking; close: () => void },
) {
  const t = useT(ADM_QUEUES);
  const common = useT(COMMON);
  const { kind, asking, close } = props;
  if (asking === null) return null;
  const { code } = asking;
  if (asking.step === "delete") {
    const confirmLabel = common("delete");
    return (
      <ConfirmDialog
        title={t("deleteTitle", { what: props.what, code })}
        text={t("deleteText")}
        confirmLabel={confirmLabel}
        onCancel={close}
        onConfirm={() => {
          close();
          void useRequests.getState().remove(kind, code);
        }}
      />
    );
  }
  return (
    <PromptDialog
      title={t("rejectTitle", { what: props.what, code })}
      text={t("rejectText")}
      label={t("reasonLabel")}
      confirmLabel={t("reject")}
      danger
      onCancel={close}
      onSubmit={(reason) => {
        close();
        void useRequests.getState().reject(kind, code, reason);
      }}
    />
  );
}
