// The admin dashboard: a greeting by the time of day in the user's timezone, critical alerts
// (each a link to its filtered list), the pending request cards, quick actions and the statistics,
// reloaded on open, on Refresh and every 30 s. Numbers that could not be read are shown as unknown,
// never as zero. Links appear only for the screens the user may open; the server checks every
// call again.

import { ClearCacheButton } from "./ClearCacheButton.tsx";
import { Link, type LinkProps } from "@tanstack/react-router";
import { useEffect } from "react";
import { useShallow } from "zustand/react/shallow";
import type { RequestRecord } from "../../../../api/store.ts";
import { REQUEST_KINDS } from "../../admin/request_rules.ts";
import { useConnectivity } from "../../stores/connectivity.ts";
import { type DashboardStats, greetingLine, useDashboard } from "../../stores/dashboard.ts";
import { useSession } from "../../stores/session.ts";
import { formatDateTime } from "../../time.ts";
import { useTimeZone, When } from "../When.tsx";
import { can } from "../../../../api/rules/access.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import "./admin_requests.css";
import { ALERT_NAME, Alerts, QUEUE, usePending } from "./DashboardAlerts.tsx";
import { formatCount } from "../../numbers.ts";
import { LoadError } from "./LoadError.tsx";

/** How often the dashboard reloads (spec section 9). */
export const DASHBOARD_REFRESH_MS = 30_000;

const STATS: readonly [keyof DashboardStats, string][] = [
  ["totalUsers", "Total users"],
  ["activeUsers", "Active users"],
  ["inactiveUsers", "Inactive users"],
  ["expiringIn7Days", "Expiring in 7 days"],
  ["expiringIn30Days", "Expiring in 30 days"],
  ["expiredPasswords", "Expired passwords"],
  ["lockedUsers", "Locked accounts"],
  ["pendingActivationRequests", "Pending activation requests"],
  ["pendingPasswordResetRequests", "Pending password reset requests"],
  ["pendingRegistrationRequests", "Pending registration requests"],
];

const QUICK: readonly { to: LinkProps["to"]; label: string; text: string }[] = [
  {
    to: "/apps/admin-apps/users",
    label: "Manage Users",
    text: "Search, edit and activate accounts",
  },
  { to: "/apps/admin-apps/users/create", label: "Create User", text: "Add a staff account" },
  { to: "/apps/admin-apps/csv-import", label: "CSV Import", text: "Import users from a CSV file" },
  {
    to: "/apps/admin-apps/users/expiring",
    label: "Expiring Passwords",
    text: "Extend passwords that expire soon",
  },
];

/** The admin dashboard. */
export function DashboardPage() {
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
    <AdminFrame title="Admin Dashboard" subtitle={`${user.employeeCode} · ${user.station}`}>
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
  return (
    <div className="dashboard-head">
      <h2>{greetingLine(new Date(), props.firstName, zone)}</h2>
      <div className="dashboard-tools">
        <p className="notice" role="status" aria-live="polite">
          {!loaded
            ? "Loading dashboard..."
            : lastUpdated === null
            ? "Not updated yet: the statistics could not be loaded"
            : `Last updated: ${formatDateTime(lastUpdated, zone, { seconds: true })}`}
          {loaded && lastUpdated !== null && refreshFailed && (
            <>
              {" "}
              <span className="error">· the last refresh failed</span>
            </>
          )}
        </p>
        <button type="button" onClick={() => void load(props.manage)} disabled={loading}>
          {loading && loaded ? "Refreshing…" : "Refresh"}
        </button>
        <ClearCacheButton />
      </div>
    </div>
  );
}

/** Offline, and what the last load could not get: why the numbers may be old or unknown. */
function LoadBanners() {
  const online = useConnectivity((s) => s.online);
  const loaded = useDashboard((s) => s.loaded);
  // the statistics' failure is the LoadError of their section
  const failed = useDashboard(useShallow((s) => s.failed.filter((f) => f !== "statistics")));
  return (
    <>
      {!online && (
        <p className="banner warning" role="status">
          You are offline: the dashboard shows the data of the last update.
        </p>
      )}
      {loaded && failed.length > 0 && (
        <p className="banner warning" role="status">
          Could not load the {failed.join(", ")}. Their lists are unknown until a refresh succeeds.
        </p>
      )}
    </>
  );
}

/** A card a queue: its pending count, its newest requests and, for managers, its link. */
function PendingSection(props: { manage: boolean }) {
  const lists = useDashboard((s) => s.lists);
  const pending = usePending();
  return (
    <section className="section" aria-labelledby="dash-pending">
      <h2 id="dash-pending">Pending Requests</h2>
      <ul className="dashboard-cards">
        {REQUEST_KINDS.map((kind) => (
          <li key={kind} className="dashboard-card">
            <h3>{QUEUE[kind].title}</h3>
            <p className="dashboard-count">
              <span>{pending(kind) ?? "—"}</span> pending
            </p>
            {(lists[kind] ?? []).length > 0 && (
              <ul className="dashboard-recent" aria-label={`Latest ${ALERT_NAME[kind]}s`}>
                {latest(lists[kind] ?? []).map((r) => (
                  <li key={r._id}>
                    <strong>{r.employeeCode}</strong> {r.userInfo?.fullName}{" "}
                    <span className="notice">
                      <When at={r.requestedAt} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {props.manage && (
              <Link to={QUEUE[kind].to}>
                Open {QUEUE[kind].title.toLowerCase()} requests
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Links to the user screens, for those who manage users. */
function QuickActions(props: { manage: boolean }) {
  return (
    <section className="section" aria-labelledby="dash-quick">
      <h2 id="dash-quick">Quick Actions</h2>
      {props.manage
        ? (
          <ul className="dashboard-quick">
            {QUICK.map((q) => (
              <li key={q.label}>
                <Link to={q.to} className="card">
                  <span className="card-title">{q.label}</span>
                  <span className="card-text">{q.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        )
        : (
          <p className="notice">
            Your account shows the statistics only: managing users and requests needs the 'manage
            users' permission. Ask a super admin.
          </p>
        )}
    </section>
  );
}

/** What the statistics' LoadError says. */
const STATS_LOAD_TEXTS = {
  failed: "Error Loading Statistics",
  offline: "The statistics could not be loaded: the server cannot be reached.",
};

/** The statistics, unknown (never zero) when they could not be read, or as of their last read. */
function StatsSection(props: { manage: boolean }) {
  const stats = useDashboard((s) => s.stats);
  const statsAt = useDashboard((s) => s.statsAt);
  const statsError = useDashboard((s) => s.statsError);
  const load = useDashboard((s) => s.load);
  return (
    <section className="section" aria-labelledby="dash-stats">
      <h2 id="dash-stats">Statistics</h2>
      {statsError !== null && (
        <LoadError
          error={statsError}
          texts={STATS_LOAD_TEXTS}
          onRetry={() => void load(props.manage)}
        />
      )}
      {stats !== null && statsError !== null && (
        <p className="notice">
          As of <When at={statsAt} seconds />, the last successful update.
        </p>
      )}
      <dl className="dashboard-stats">
        {STATS.map(([key, label]) => (
          <div key={key} data-stat={key}>
            <dt>{label}</dt>
            <dd>
              {stats === null ? <span aria-label="unknown">—</span> : formatCount(stats[key])}
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
