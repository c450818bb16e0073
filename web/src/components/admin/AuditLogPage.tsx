// /apps/admin-apps/audit: the audit log (design 5.4), newest first, filtered by actor, target and
// action on the server, a page at a time: Next follows the server's cursor, Previous goes back
// along the cursors already seen (the log is never counted whole, so there is no page count).

import { type FormEvent, useEffect, useState } from "react";
import type { AuditEntry } from "../../../../api/store.ts";
import { api, ApiError, unwrap } from "../../api/client.ts";
import { useTimeZone, When } from "../When.tsx";
import { AdminFrame } from "./AdminFrame.tsx";
import "./admin_tools.css";

// The actions the API writes. The API filters by prefix, so a value without a dot is a whole area.
const AUDIT_ACTIONS: readonly { value: string; label: string }[] = [
  { value: "login", label: "Sign-in events (all)" },
  { value: "login.success", label: "login.success: signed in" },
  { value: "login.failed", label: "login.failed: failed sign-in" },
  { value: "login.locked", label: "login.locked: account locked" },
  { value: "logout", label: "logout: signed out" },
  { value: "password.change", label: "password.change: own password changed" },
  { value: "request", label: "Requests from the sign-in page (all)" },
  { value: "user", label: "User changes (all)" },
  { value: "user.create", label: "user.create: created" },
  { value: "user.update", label: "user.update: edited" },
  { value: "user.delete", label: "user.delete: deleted" },
  { value: "user.import", label: "user.import: CSV import" },
  { value: "user.unlock", label: "user.unlock: unlocked" },
  { value: "user.apps", label: "user.apps: apps assigned" },
  { value: "sessions.end", label: "sessions.end: signed out everywhere" },
  { value: "password.reset", label: "password.reset: password reset" },
  { value: "password.extend", label: "password.extend: expiry extended" },
  { value: "activation", label: "Activation requests (all)" },
  { value: "password-reset.reject", label: "password-reset.reject: reset request rejected" },
  { value: "registration", label: "Registration requests (all)" },
  { value: "settings.update", label: "settings.update: system settings" },
  { value: "reference", label: "Reference lists (all)" },
];

const PAGE_SIZES = [25, 50, 100] as const;

interface Filters {
  actor: string;
  target: string;
  action: string;
}

interface AuditPage {
  entries: AuditEntry[];
  /** Where the next page starts; null on the last page. */
  cursor: string | null;
}

const NO_FILTERS: Filters = { actor: "", target: "", action: "" };

/** The Audit Log screen. */
export function AuditLogPage() {
  const zone = useTimeZone();
  const [form, setForm] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // the cursors of the pages before and of the page on screen ("" for the first)
  const [trail, setTrail] = useState<string[]>([""]);
  const [limit, setLimit] = useState<number>(50);
  const [data, setData] = useState<AuditPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(null);
    const cursor = trail[trail.length - 1];
    const query: Record<string, string> = { limit: String(limit) };
    if (cursor !== "") query.cursor = cursor;
    for (const key of ["actor", "target", "action"] as const) {
      if (filters[key].trim() !== "") query[key] = filters[key].trim();
    }
    unwrap(api.api.audit.$get({ query }))
      .then((answer) => current && setData(answer))
      .catch((err) =>
        current && setError(err instanceof ApiError ? err : new ApiError(String(err), 0))
      )
      .finally(() => current && setLoading(false));
    // a newer request replaces this one: its late answer must not overwrite the newer page
    return () => {
      current = false;
    };
  }, [filters, trail, limit, attempt]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(form);
    setTrail([""]);
  };
  const filtered = filters.actor !== "" || filters.target !== "" || filters.action !== "";

  return (
    <AdminFrame title="Audit Log" subtitle="Who did what, and when">
      <div className="admin-tools">
        <form className="section" aria-label="Filter the audit log" onSubmit={apply}>
          <div className="filter-grid">
            <label>
              Actor
              <input
                value={form.actor}
                placeholder="Employee code, e.g. ADMIN"
                autoCapitalize="characters"
                onChange={(e) => setForm({ ...form, actor: e.target.value.toUpperCase() })}
              />
            </label>
            <label>
              Target
              <input
                value={form.target}
                placeholder="Employee code or list/name"
                onChange={(e) => setForm({ ...form, target: e.target.value })}
              />
            </label>
            <label>
              Action
              <select
                value={form.action}
                onChange={(e) => setForm({ ...form, action: e.target.value })}
              >
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
              onClick={() => {
                setForm(NO_FILTERS);
                setFilters(NO_FILTERS);
                setTrail([""]);
              }}
            >
              Clear Filters
            </button>
          </div>
        </form>

        <p className="notice">Times are in your time zone ({zone}).</p>

        {error !== null && (
          <div className="empty" role="alert">
            <strong>
              {error.status === 0 ? "The server cannot be reached" : "Error Loading Audit Log"}
            </strong>
            <p>
              {error.status === 0
                ? "The audit log is read from the server. Check the connection and retry."
                : error.message}
            </p>
            <button type="button" onClick={() => setAttempt(attempt + 1)}>Retry</button>
          </div>
        )}
        {error === null && loading && data === null && (
          <p className="loading" role="status">Loading audit entries...</p>
        )}
        {error === null && data !== null && data.entries.length === 0 && trail.length === 1 &&
          data.cursor === null && (
          <div className="empty" role="status">
            <strong>No audit entries found</strong>
            <p>{filtered ? "Try other filters." : "Nothing has been recorded yet."}</p>
          </div>
        )}
        {error === null && data !== null &&
          (data.entries.length > 0 || trail.length > 1 || data.cursor !== null) && (
          <>
            <p className="notice" role="status" aria-live="polite">
              {loading
                ? "Loading..."
                : data.entries.length === 0
                ? "No entries on this page: the filter matched none of the entries read; try Next"
                : `Page ${trail.length}: ${data.entries.length} entries${filtered ? " match" : ""}`}
            </p>
            <AuditTable entries={data.entries} busy={loading} />
            <Pager
              page={trail.length}
              hasNext={data.cursor !== null}
              limit={limit}
              onNext={() => data.cursor !== null && setTrail([...trail, data.cursor])}
              onPrevious={() => setTrail(trail.slice(0, -1))}
              onFirst={() => setTrail([""])}
              onLimit={(n) => {
                setLimit(n);
                setTrail([""]);
              }}
            />
          </>
        )}
      </div>
    </AdminFrame>
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
