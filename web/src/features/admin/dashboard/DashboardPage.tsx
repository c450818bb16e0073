// The admin dashboard: a greeting by the time of day in the user's timezone, critical alerts
// (each a link to its filtered list), the pending request cards, quick actions and the statistics,
// reloaded on open, on Refresh and every 30 s. Numbers that could not be read are shown as unknown,
// never as zero. Links appear only for the screens the user may open; the server checks every
// call again.

import { ClearCacheButton } from "../ClearCacheButton.tsx";
import { Link, type LinkProps } from "@tanstack/react-router";
import { useEffect } from "react";
import { useShallow } from "zustand/react/shallow";
import type { RequestRecord } from "../../../../../api/store/records.ts";
import { REQUEST_KINDS } from "../requests/request_rules.ts";
import { useConnectivity } from "../../shell/connectivity.ts";
import { type DashboardStats, greetingLine, KIND_NAME, useDashboard } from "./dashboard.ts";
import { useSession } from "../../shell/session.ts";
import { formatDateTime } from "../../../lib/time.ts";
import { useTimeZone, When } from "../../../ui/When.tsx";
import { can } from "../../../../../api/rules/access.ts";
import { AdminFrame } from "../AdminFrame.tsx";
import "../requests/admin_requests.css";
import { Alerts, type DashboardKey, QUEUE, usePending } from "./DashboardAlerts.tsx";
import { formatCount } from "../../../lib/numbers.ts";
import { LoadError } from "../LoadError.tsx";
import { ADM_DASHBOARD } from "./texts/adm_dashboard.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { type Translate, useT } from "../../../i18n/i18n.ts";
import { Rich } from "../../../i18n/Rich.tsx";

/** How often the dashboard reloads (spec section 9). */
export const DASHBOARD_REFRESH_MS = 30_000;

// each statistic and the key of its name
const STATS: readonly [keyof DashboardStats, DashboardKey][] = [
  ["totalUsers", "statTotalUsers"],
  ["activeUsers", "statActiveUsers"],
  ["inactiveUsers", "statInactiveUsers"],
  ["expiringIn7Days", "statExpiring7"],
  ["expiringIn30Days", "statExpiring30"],
  ["expiredPasswords", "statExpired"],
  ["lockedUsers", "statLocked"],
  ["pendingActivationRequests", "statPendingActivation"],
  ["pendingPasswordResetRequests", "statPendingPasswordReset"],
  ["pendingRegistrationRequests", "statPendingRegistration"],
];

// each quick action and the keys of its name and line
const QUICK: readonly { to: LinkProps["to"]; label: DashboardKey; text: DashboardKey }[] = [
  { to: "/apps/admin-apps/users", label: "quickUsers", text: "quickUsersText" },
  { to: "/apps/admin-apps/users/create", label: "quickCreate", text: "quickCreateText" },
  { to: "/apps/admin-apps/csv-import", label: "quickCsv", text: "quickCsvText" },
  { to: "/apps/admin-apps/users/expiring", label: "quickExpiring", text: "quickExpiringText" },
];

/** The admin dashboard. */
export function DashboardPage() {
  const t = useT(ADM_DASHBOARD);
  const user = useSession((s) => s.user);
  const loaded = useDashboard((s) => s.loaded);
  const load = useDashboard((s) => s.load);
  const claim = useDashboard((s) => s.claim);
  const manage = can(user, "manageUsers");
  const adminArea = can(user, "adminArea");

  const me = user?.employeeCode ?? null;
  useEffect(() => {
    // the guard shows the access page to others: load nothing for them
    if (me === null || !adminArea) return;
    claim(me);
    void load(manage);
    const timer = setInterval(() => void load(manage), DASHBOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [me, adminArea, manage, load, claim]);

  if (user === null) return null;
  return (
    <AdminFrame title={t("title")} subtitle={`${user.employeeCode} · ${user.station}`}>
      <div className="dashboard">
        <DashboardHead firstName={user.firstName} manage={manage} />
        <LoadBanners />
        {loaded && (
          <>
            <Alerts manage={manage} />
            <PendingSection manage={manage} />
            <QuickActions manage={manage} />
            <StatsSection manage={manage} />
          </>
        )}
      </div>
    </AdminFrame>
  );
}

/** The greeting, when the data were last updated, Refresh and Clear Cache. */
function DashboardHead(props: { firstName: string | null | undefined; manage: boolean }) {
  const { loading, loaded, lastUpdated, load, refreshFailed } = useDashboard(useShallow((s) => ({
    loading: s.loading,
    loaded: s.loaded,
    lastUpdated: s.lastUpdated,
    load: s.load,
    refreshFailed: s.statsError !== null,
  })));
  const zone = useTimeZone();
  const t = useT(ADM_DASHBOARD);
  const common = useT(COMMON);
  return (
    <div className="dashboard-head">
      <h2>{greetingLine(new Date(), props.firstName, zone)}</h2>
      <div className="dashboard-tools">
        <p className="notice" role="status" aria-live="polite">
          {!loaded
            ? t("loading")
            : lastUpdated === null
            ? t("notUpdated")
            : t("lastUpdated", { time: formatDateTime(lastUpdated, zone, { seconds: true }) })}
          {loaded && lastUpdated !== null && refreshFailed && (
            <>
              {" "}
              <span className="error">{t("refreshFailed")}</span>
            </>
          )}
        </p>
        <button type="button" onClick={() => void load(props.manage)} disabled={loading}>
          {loading && loaded ? t("refreshing") : common("refresh")}
        </button>
        <ClearCacheButton />
      </div>
    </div>
  );
}

/** Offline, and what the last load could not get: why the numbers may be old or unknown. */
function LoadBanners() {
  const t = useT(ADM_DASHBOARD);
  const online = useConnectivity((s) => s.online);
  const loaded = useDashboard((s) => s.loaded);
  // the statistics' failure is the LoadError of their section
  const failed = useDashboard(useShallow((s) => s.failed.filter((f) => f !== "statistics")));
  return (
    <>
      {!online && <p className="banner warning" role="status">{t("offline")}</p>}
      {loaded && failed.length > 0 && (
        <p className="banner warning" role="status">
          {t("failedLoads", { what: failed.map((f) => failedName(f, t)).join(t("listSeparator")) })}
        </p>
      )}
    </>
  );
}

/** What `failed` names ('activation requests'), in the language shown. */
function failedName(name: string, t: Translate<DashboardKey>): string {
  if (name === "statistics") return t("failedStatistics");
  const kind = REQUEST_KINDS.find((k) => KIND_NAME[k] === name);
  return kind === undefined ? name : t(QUEUE[kind].failed);
}

/** A card a queue: its pending count, its newest requests and, for managers, its link. */
function PendingSection(props: { manage: boolean }) {
  const t = useT(ADM_DASHBOARD);
  const lists = useDashboard((s) => s.lists);
  const pending = usePending();
  return (
    <section className="section" aria-labelledby="dash-pending">
      <h2 id="dash-pending">{t("pendingTitle")}</h2>
      <ul className="dashboard-cards">
        {REQUEST_KINDS.map((kind) => (
          <li key={kind} className="dashboard-card">
            <h3>{t(QUEUE[kind].title)}</h3>
            <p className="dashboard-count">
              <Rich
                text={t("pendingCount", { count: String(pending(kind) ?? "—") })}
                parts={[<span key="0" />]}
              />
            </p>
            {(lists[kind] ?? []).length > 0 && (
              <ul className="dashboard-recent" aria-label={t(QUEUE[kind].latest)}>
                {latest(lists[kind] ?? []).map((r) => (
                  <li key={r._id}>
                    <strong>
                      <bdi>{r.employeeCode}</bdi>
                    </strong>{" "}
                    <bdi>{r.userInfo?.fullName}</bdi>{" "}
                    <span className="notice">
                      <When at={r.requestedAt} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {props.manage && <Link to={QUEUE[kind].to}>{t(QUEUE[kind].open)}</Link>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Links to the user screens, for those who manage users. */
function QuickActions(props: { manage: boolean }) {
  const t = useT(ADM_DASHBOARD);
  return (
    <section className="section" aria-labelledby="dash-quick">
      <h2 id="dash-quick">{t("quickTitle")}</h2>
      {props.manage
        ? (
          <ul className="dashboard-quick">
            {QUICK.map((q) => (
              <li key={q.label}>
                <Link to={q.to} className="card">
                  <span className="card-title">{t(q.label)}</span>
                  <span className="card-text">{t(q.text)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )
        : <p className="notice">{t("statsOnly")}</p>}
    </section>
  );
}

/** The statistics, unknown (never zero) when they could not be read, or as of their last read. */
function StatsSection(props: { manage: boolean }) {
  const t = useT(ADM_DASHBOARD);
  const stats = useDashboard((s) => s.stats);
  const statsAt = useDashboard((s) => s.statsAt);
  const statsError = useDashboard((s) => s.statsError);
  const load = useDashboard((s) => s.load);
  return (
    <section className="section" aria-labelledby="dash-stats">
      <h2 id="dash-stats">{t("statsTitle")}</h2>
      {statsError !== null && (
        <LoadError
          error={statsError}
          texts={{ failed: t("statsFailed"), offline: t("statsOffline") }}
          onRetry={() => void load(props.manage)}
        />
      )}
      {stats !== null && statsError !== null && (
        <p className="notice">
          <Rich text={t("asOf")} parts={[<When key="0" at={statsAt} seconds />]} />
        </p>
      )}
      <dl className="dashboard-stats">
        {STATS.map(([key, label]) => (
          <div key={key} data-stat={key}>
            <dt>{t(label)}</dt>
            <dd>
              {stats === null ? <span aria-label={t("unknown")}>—</span> : formatCount(stats[key])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The three newest requests of a queue (the server lists them newest first; sorted again so
 * that the preview never depends on it). */
function latest(list: readonly RequestRecord[]): RequestRecord[] {
  return [...list].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt)).slice(0, 3);
}
