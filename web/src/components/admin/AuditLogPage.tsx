// /apps/admin-apps/audit: the audit log (design 5.4), newest first, filtered by actor, target,
// action and a date range on the server, a page at a time, with its CSV export. What is applied
// lives in the address (reload and Back keep it); the store owns the calls and the paging.

import { type FormEvent, useEffect } from "react";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useShallow } from "zustand/react/shallow";
import { AUDIT_ACTIONS, AUDIT_LOAD_TEXTS, pageLine, useAuditLog } from "../../stores/audit_log.ts";
import { type AuditSearch, isFiltered, PAGE_SIZES } from "../../admin/audit_address.ts";
import { useTimeZone } from "../When.tsx";
import { AdminFrame } from "./AdminFrame.tsx";
import { LoadError } from "./LoadError.tsx";
import { AuditTable } from "./AuditTable.tsx";
import "./admin_tools.css";
import "./audit_log.css";

/** The Audit Log screen on the router: its address is the route's search. */
export function AuditLogPage() {
  const search = useSearch({ from: "/_auth/apps/admin-apps/audit" });
  const navigate = useNavigate();
  return (
    <AuditLogView
      search={search}
      go={(next) => void navigate({ to: "/apps/admin-apps/audit", search: next })}
    />
  );
}

/** The screen for an address; `go` moves to another address (which is then shown). */
export function AuditLogView(props: { search: AuditSearch; go: (next: AuditSearch) => void }) {
  const zone = useTimeZone();
  const show = useAuditLog((s) => s.show);
  const key = JSON.stringify(props.search);
  useEffect(() => void show(JSON.parse(key), zone), [show, key, zone]);
  return (
    <AdminFrame title="Audit Log" subtitle="Who did what, and when">
      <div className="admin-tools audit-log">
        <AuditFilterForm go={props.go} />
        <p className="notice">Times are in your time zone ({zone}), and so are the dates.</p>
        <AuditResults go={props.go} />
      </div>
    </AdminFrame>
  );
}

/** The filters as typed, applied on submit; Clear Filters forgets them; Export CSV downloads
 * what is applied. */
function AuditFilterForm(props: { go: (next: AuditSearch) => void }) {
  const { form, filtered, problem, href } = useAuditLog(useShallow((s) => ({
    form: s.form,
    filtered: isFiltered(s.filters) || isFiltered(s.form),
    problem: s.problem,
    href: s.exportHref(),
  })));
  const { edit, applied } = useAuditLog.getState();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = applied();
    if (next !== null) props.go(next);
  };
  return (
    <form className="section" aria-label="Filter the audit log" onSubmit={submit}>
      <div className="filter-grid audit-filters">
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
        <label>
          From
          <input
            type="date"
            value={form.from}
            onChange={(e) => edit({ from: e.target.value })}
          />
        </label>
        <label>
          To
          <input
            type="date"
            value={form.to}
            aria-invalid={problem !== null}
            aria-describedby={problem === null ? undefined : "audit-range-problem"}
            onChange={(e) => edit({ to: e.target.value })}
          />
        </label>
      </div>
      <p id="audit-range-problem" className="error audit-problem" role="alert">
        {problem}
      </p>
      <div className="tool-buttons">
        <button type="submit" className="primary">Apply Filters</button>
        <button type="button" disabled={!filtered} onClick={() => props.go({})}>
          Clear Filters
        </button>
        <a className="button-link" href={href} download>Export CSV</a>
      </div>
    </form>
  );
}

/** What the last load gave: its error, the first load under way, an empty log, or a page. */
function AuditResults(props: { go: (next: AuditSearch) => void }) {
  const { data, loading, error, trail, limit, filtered } = useAuditLog(useShallow((s) => ({
    data: s.data,
    loading: s.loading,
    error: s.error,
    trail: s.trail,
    limit: s.limit,
    filtered: isFiltered(s.filters),
  })));
  const { load, nextPage, previousPage, firstPage, withLimit } = useAuditLog.getState();
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
  const { go } = props;
  return (
    <>
      <p className="notice" role="status" aria-live="polite">
        {pageLine(trail.length, data, loading, filtered)}
      </p>
      <AuditTable entries={data.entries} busy={loading} />
      <nav className="pager" aria-label="Audit log pages">
        <button type="button" disabled={trail.length <= 1} onClick={() => go(firstPage())}>
          Newest
        </button>
        <button type="button" disabled={trail.length <= 1} onClick={() => go(previousPage())}>
          Previous
        </button>
        <span aria-current="page">Page {trail.length}</span>
        <button
          type="button"
          disabled={data.cursor === null}
          onClick={() => {
            const next = nextPage();
            if (next !== null) go(next);
          }}
        >
          Next
        </button>
        <label className="inline">
          Per page
          <select value={limit} onChange={(e) => go(withLimit(Number(e.target.value)))}>
            {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
      </nav>
    </>
  );
}
