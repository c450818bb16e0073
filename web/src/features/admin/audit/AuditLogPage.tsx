// /apps/admin-apps/audit: the audit log (design 5.4), newest first, filtered by actor, target,
// action and a date range on the server, a page at a time, with its CSV export. What is applied
// lives in the address (reload and Back keep it); the store owns the calls and the paging.

import { type FormEvent, type MouseEvent, useEffect } from "react";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useShallow } from "zustand/react/shallow";
import { AUDIT_ACTIONS, pageLine, useAuditLog } from "./audit_log.ts";
import { type AuditSearch, isFiltered, PAGE_SIZES } from "./audit_address.ts";
import { useTimeZone } from "../../../ui/When.tsx";
import { AdminFrame } from "../AdminFrame.tsx";
import { LoadError } from "../LoadError.tsx";
import { AuditTable, useActionName } from "./AuditTable.tsx";
import { ADM_AUDIT } from "./texts/adm_audit.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { useT } from "../../../i18n/i18n.ts";
import { Rich } from "../../../i18n/Rich.tsx";
import { serverText } from "../../../i18n/server_text.ts";
import "../admin_tools.css";
import "./audit_log.css";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import { ensureStepUp, useStepUp } from "../../two_factor/step_up.ts";

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
  const t = useT(ADM_AUDIT);
  const zone = useTimeZone();
  const show = useAuditLog((s) => s.show);
  const key = JSON.stringify(props.search);
  useEffect(() => void show(JSON.parse(key), zone), [show, key, zone]);
  return (
    <AdminFrame title={t("title")} subtitle={t("subtitle")}>
      <div className="admin-tools audit-log">
        <AuditFilterForm go={props.go} />
        <p className="notice">
          <Rich text={t("zoneNote", { zone })} parts={[<bdi key="0" />]} />
        </p>
        <AuditResults go={props.go} />
      </div>
    </AdminFrame>
  );
}

/** The filters as typed, applied on submit; Clear Filters forgets them; Export CSV downloads
 * what is applied. */
function AuditFilterForm(props: { go: (next: AuditSearch) => void }) {
  const t = useT(ADM_AUDIT);
  const actionName = useActionName();
  const { form, filtered, problem, href } = useAuditLog(useShallow((s) => ({
    form: s.form,
    filtered: isFiltered(s.filters) || isFiltered(s.form),
    problem: s.problem,
    href: s.exportHref(),
  })));
  const { edit, applied, cleared } = useAuditLog.getState();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = applied();
    if (next !== null) props.go(next);
  };
  return (
    <form className="section" aria-label={t("filterLabel")} onSubmit={submit}>
      <div className="filter-grid audit-filters">
        <label>
          {t("actor")}
          <input
            value={form.actor}
            placeholder={t("actorPlaceholder")}
            autoCapitalize="characters"
            onChange={(e) => edit({ actor: e.target.value.toUpperCase() })}
          />
        </label>
        <label>
          {t("target")}
          <input
            value={form.target}
            placeholder={t("targetPlaceholder")}
            onChange={(e) => edit({ target: e.target.value })}
          />
        </label>
        <label>
          {t("action")}
          <select value={form.action} onChange={(e) => edit({ action: e.target.value })}>
            <option value="">{t("allActions")}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a.value} value={a.value}>{actionName(a.value)}</option>
            ))}
          </select>
        </label>
        <label>
          {t("from")}
          <input
            type="date"
            value={form.from}
            onChange={(e) => edit({ from: e.target.value })}
          />
        </label>
        <label>
          {t("to")}
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
        {problem === null ? null : serverText(problem)}
      </p>
      <div className="tool-buttons">
        <button type="submit" className="primary">{t("applyFilters")}</button>
        <button type="button" disabled={!filtered} onClick={() => props.go(cleared())}>
          {t("clearFilters")}
        </button>
        <a className="button-link" href={href} download onClick={exportClick}>
          {t("exportCsv")}
        </a>
      </div>
    </form>
  );
}

/** The export link's click: the export asks for the password again
 * (features/two_factor/step_up.ts), so unless it was confirmed lately the dialog comes first, then
 * the download. */
function exportClick(e: MouseEvent<HTMLAnchorElement>) {
  if (useStepUp.getState().confirmedUntil > Date.now()) return;
  e.preventDefault();
  const link = e.currentTarget;
  void ensureStepUp().then((confirmed) => {
    if (confirmed) link.click();
  });
}

/** What the last load gave: its error, the first load under way, an empty log, or a page. */
function AuditResults(props: { go: (next: AuditSearch) => void }) {
  const t = useT(ADM_AUDIT);
  const common = useT(COMMON);
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
    const texts = { failed: t("loadFailed"), offline: t("loadOffline") };
    return <LoadError error={error} texts={texts} onRetry={() => void load()} />;
  }
  if (data === null) {
    return loading ? <p className="loading" role="status">{t("loadingEntries")}</p> : null;
  }
  if (data.entries.length === 0 && trail.length === 1 && data.cursor === null) {
    return (
      <EmptyState live title={t("noEntries")} text={filtered ? t("tryOther") : t("nothingYet")} />
    );
  }
  const { go } = props;
  return (
    <>
      <p className="notice" role="status" aria-live="polite">
        {pageLine(trail.length, data, loading, filtered)}
      </p>
      <AuditTable entries={data.entries} busy={loading} />
      <nav className="pager" aria-label={t("pagesLabel")}>
        <button type="button" disabled={trail.length <= 1} onClick={() => go(firstPage())}>
          {t("newest")}
        </button>
        <button type="button" disabled={trail.length <= 1} onClick={() => go(previousPage())}>
          {common("previous")}
        </button>
        <span aria-current="page">{t("page", { page: trail.length })}</span>
        <button
          type="button"
          disabled={data.cursor === null}
          onClick={() => {
            const next = nextPage();
            if (next !== null) go(next);
          }}
        >
          {common("next")}
        </button>
        <label className="inline">
          {t("perPage")}
          <select value={limit} onChange={(e) => go(withLimit(Number(e.target.value)))}>
            {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
      </nav>
    </>
  );
}
