// /apps/admin-apps/audit: the audit log (design 5.4), newest first, filtered by actor, target and
// action on the server, a page at a time. The store owns the calls and the paging; this screen
// selects its state and calls its actions.

import { type FormEvent, useEffect } from "react";
import { useShallow } from "zustand/react/shallow";
import type { AuditEntry } from "../../../../api/store.ts";
import {
  AUDIT_ACTIONS,
  AUDIT_LOAD_TEXTS,
  isFiltered,
  NO_FILTERS,
  PAGE_SIZES,
  pageLine,
  useAuditLog,
} from "../../stores/audit_log.ts";
import { useTimeZone, When } from "../When.tsx";
import { AdminFrame } from "./AdminFrame.tsx";
import { LoadError } from "./LoadError.tsx";
import "./admin_tools.css";

/** The Audit Log screen. */
export function AuditLogPage() {
  const zone = useTimeZone();
  const open = useAuditLog((s) => s.open);
  useEffect(() => void open(), [open]);
  return (
    <AdminFrame title="Audit Log" subtitle="Who did what, and when">
      <div className="admin-tools">
        <AuditFilterForm />
        <p className="notice">Times are in your time zone ({zone}).</p>
        <AuditResults />
      </div>
    </AdminFrame>
  );
}

/** The filters as typed, applied on submit; Clear Filters forgets them. */
function AuditFilterForm() {
  const form = useAuditLog((s) => s.form);
  const filtered = useAuditLog((s) => isFiltered(s.filters));
  const { edit, apply, clear } = useAuditLog.getState();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void apply();
  };
  return (
    <form className="section" aria-label="Filter the audit log" onSubmit={submit}>
      <div className="filter-grid">
        <label>
          Actor
          <input
            value={form.actor}
            placeholder="Employee code, e.g. ADMIN"
            autoCapitalize="characters"
            onChange={(e) => edit({ actor: e.target.value.toUpperCase() })}
          />
        </label>
        <label>
          Target
          <input
            value={form.target}
            placeholder="Employee code or list/name"
            onChange={(e) => edit({ target: e.target.value })}
          />
        </label>
        <label>
          Action
          <select value={form.action} onChange={(e) => edit({ action: e.target.value })}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => <option key={a.value} value={a.value}>{a.label}</option>)}
          </select>
        </label>
      </div>
      <div className="tool-buttons">
        <button type="submit" className="primary">Apply Filters</button>
        <button
          type="button"
          disabled={!filtered && form === NO_FILTERS}
          onClick={() => void clear()}
        >
          Clear Filters
        </button>
      </div>
    </form>
  );
}

/** What the last load gave: its error, the first load under way, an empty log, or a page. */
function AuditResults() {
  const { data, loading, error, trail, limit, filtered } = useAuditLog(useShallow((s) => ({
    data: s.data,
    loading: s.loading,
    error: s.error,
    trail: s.trail,
    limit: s.limit,
    filtered: isFiltered(s.filters),
  })));
  const { load, next, previous, first, setLimit } = useAuditLog.getState();
  if (error !== null) {
    return <LoadError error={error} texts={AUDIT_LOAD_TEXTS} onRetry={() => void load()} />;
  }
  if (data === null) {
    return loading ? <p className="loading" role="status">Loading audit entries...</p> : null;
  }
  if (data.entries.length === 0 && trail.length === 1 && data.cursor === null) {
    return (
      <div className="empty" role="status">
        <strong>No audit entries found</strong>
        <p>{filtered ? "Try other filters." : "Nothing has been recorded yet."}</p>
      </div>
    );
  }
  return (
    <>
      <p className="notice" role="status" aria-live="polite">
        {pageLine(trail.length, data, loading, filtered)}
      </p>
      <AuditTable entries={data.entries} busy={loading} />
      <Pager
        page={trail.length}
        hasNext={data.cursor !== null}
        limit={limit}
        onNext={() => void next()}
        onPrevious={() => void previous()}
        onFirst={() => void first()}
        onLimit={(n) => void setLimit(n)}
      />
    </>
  );
}

function AuditTable(props: { entries: AuditEntry[]; busy: boolean }) {
  return (
    <div
      className="table-scroll audit-scroll"
      tabIndex={0}
      role="region"
      aria-label="Audit entries"
    >
      <table className="tool-table audit-table" aria-busy={props.busy}>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Actor</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Summary</th>
          </tr>
        </thead>
        <tbody>
          {props.entries.map((e) => {
            return (
              <tr key={e._id}>
                <td data-label="Time">
                  <When at={e.at} seconds />
                </td>
                <td data-label="Actor" className="mono">{e.actor}</td>
                <td data-label="Action">
                  <span className="action-badge">{e.action}</span>
                </td>
                <td data-label="Target" className="mono">{e.target}</td>
                <td data-label="Summary">
                  {e.summary}
                  {e.detail !== undefined && (
                    <span className="audit-detail">
                      {/* typed by the caller, who may not be signed in: data, not a record */}
                      Text sent: <q>{e.detail}</q>
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Pager(
  props: {
    page: number;
    hasNext: boolean;
    limit: number;
    onNext: () => void;
    onPrevious: () => void;
    onFirst: () => void;
    onLimit: (limit: number) => void;
  },
) {
  const { page } = props;
  return (
    <nav className="pager" aria-label="Audit log pages">
      <button type="button" disabled={page <= 1} onClick={props.onFirst}>Newest</button>
      <button type="button" disabled={page <= 1} onClick={props.onPrevious}>
        Previous
      </button>
      <span aria-current="page">Page {page}</span>
      <button type="button" disabled={!props.hasNext} onClick={props.onNext}>
        Next
      </button>
      <label className="inline">
        Per page
        <select value={props.limit} onChange={(e) => props.onLimit(Number(e.target.value))}>
          {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
    </nav>
  );
}
