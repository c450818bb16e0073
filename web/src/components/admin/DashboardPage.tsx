// The admin dashboard: a greeting by the time of day in Cairo, critical alerts, the pending
// request cards, quick actions and the statistics, reloaded on open, on Refresh and every 30 s.
// Links appear only for the screens the user may open; the server checks every call again.

import { ClearCacheButton } from "./ClearCacheButton.tsx";
import { Link, type LinkProps } from "@tanstack/react-router";
import { useEffect } from "react";
import type { RequestRecord } from "../../../../api/store.ts";
import {
  type DashboardStats,
  greetingLine,
  pendingOf,
  plural,
  REQUEST_KINDS,
  type RequestKind,
  useDashboard,
} from "../../stores/admin_requests.ts";
import { useConnectivity } from "../../stores/connectivity.ts";
import { useSession } from "../../stores/session.ts";
import { can } from "./access.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import { RequestsWhen } from "./RequestsQueue.tsx";
import "./admin_requests.css";

/** How often the dashboard reloads (spec section 9). */
export const DASHBOARD_REFRESH_MS = 30_000;

const QUEUE: Record<RequestKind, { title: string; to: LinkProps["to"] }> = {
  activation: { title: "Activation", to: "/apps/admin-apps/users/activation-requests" },
  "password-reset": {
    title: "Password Reset",
    to: "/apps/admin-apps/users/password-reset-requests",
  },
  registration: { title: "Registration", to: "/apps/admin-apps/users/registration-requests" },
};

const ALERT_NAME: Record<RequestKind, string> = {
  activation: "activation request",
  "password-reset": "password reset request",
  registration: "registration request",
};

const STATS: readonly [keyof DashboardStats, string][] = [
  ["totalUsers", "Total users"],
  ["activeUsers", "Active users"],
  ["inactiveUsers", "Inactive users"],
  ["expiringIn7Days", "Expiring in 7 days"],
  ["expiringIn30Days", "Expiring in 30 days"],
  ["expiredPasswords", "Expired passwords"],
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

const TIME = new Intl.DateTimeFormat(undefined, {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The admin dashboard. */
export function DashboardPage() {
  const user = useSession((s) => s.user);
  const stats = useDashboard((s) => s.stats);
  const lists = useDashboard((s) => s.lists);
  const loading = useDashboard((s) => s.loading);
  const loaded = useDashboard((s) => s.loaded);
  const failed = useDashboard((s) => s.failed);
  const lastUpdated = useDashboard((s) => s.lastUpdated);
  const load = useDashboard((s) => s.load);
  const claim = useDashboard((s) => s.claim);
  const online = useConnectivity((s) => s.online);
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
  // the queues come a page at a time: the statistics count them all
  const pending = (kind: RequestKind) => pendingOf(stats, kind);

  return (
    <AdminFrame title="Admin Dashboard" subtitle={`${user.employeeCode} · ${user.station}`}>
      <div className="dashboard">
        <div className="dashboard-head">
          <h2>{greetingLine(new Date(), user.firstName)}</h2>
          <div className="dashboard-tools">
            <p className="notice" role="status" aria-live="polite">
              {!loaded
                ? "Loading dashboard..."
                : `Last updated: ${lastUpdated === null ? "—" : TIME.format(lastUpdated)}`}
            </p>
            <button type="button" onClick={() => void load(manage)} disabled={loading}>
              {loading && loaded ? "Refreshing…" : "Refresh"}
            </button>
            <ClearCacheButton />
          </div>
        </div>
        {!online && (
          <p className="banner warning" role="status">
            You are offline: the dashboard shows the data of the last update.
          </p>
        )}
        {loaded && failed.length > 0 && (
          <p className="banner warning" role="status">
            Could not load the {failed.join(", ")}; zero or nothing is shown in their place.
          </p>
        )}
        {loaded && (
          <>
            <Alerts
              stats={stats}
              pending={pending}
              manage={manage}
              unknown={failed.includes("statistics")}
            />
            <section className="section" aria-labelledby="dash-pending">
              <h2 id="dash-pending">Pending Requests</h2>
              <ul className="dashboard-cards">
                {REQUEST_KINDS.map((kind) => (
                  <li key={kind} className="dashboard-card">
                    <h3>{QUEUE[kind].title}</h3>
                    <p className="dashboard-count">
                      <span>{pending(kind)}</span> pending
                    </p>
                    {(lists[kind] ?? []).length > 0 && (
                      <ul className="dashboard-recent" aria-label={`Latest ${ALERT_NAME[kind]}s`}>
                        {latest(lists[kind] ?? []).map((r) => (
                          <li key={r._id}>
                            <strong>{r.employeeCode}</strong> {r.userInfo?.fullName}{" "}
                            <span className="notice">
                              <RequestsWhen iso={r.requestedAt} />
                            </span>
                          </li>
                        ))}
                      </ul>
                    )}
                    {manage && (
                      <Link to={QUEUE[kind].to}>
                        Open {QUEUE[kind].title.toLowerCase()} requests
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </section>
            <section className="section" aria-labelledby="dash-quick">
              <h2 id="dash-quick">Quick Actions</h2>
              {manage
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
                    Your account shows the statistics only: managing users and requests needs the
                    'manage users' permission. Ask a super admin.
                  </p>
                )}
            </section>
            <section className="section" aria-labelledby="dash-stats">
              <h2 id="dash-stats">Statistics</h2>
              <dl className="dashboard-stats">
                {STATS.map(([key, label]) => (
                  <div key={key} data-stat={key}>
                    <dt>{label}</dt>
                    <dd>{stats[key]}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </>
        )}
      </div>
    </AdminFrame>
  );
}

/** The three newest requests of a queue (the server lists them by employee code). */
function latest(list: readonly RequestRecord[]): RequestRecord[] {
  return [...list].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt)).slice(0, 3);
}

/** Critical Alerts: expired passwords, passwords expiring within 7 days, pending requests. */
function Alerts(
  props: {
    stats: DashboardStats;
    pending: (kind: RequestKind) => number;
    manage: boolean;
    /** The statistics failed to load: no alert is not the same as nothing to alert. */
    unknown: boolean;
  },
) {
  const { stats, manage } = props;
  const items: { key: string; tone: string; label: string; text: string; to: LinkProps["to"] }[] =
    [];
  if (stats.expiredPasswords > 0) {
    items.push({
      key: "expired",
      tone: "danger",
      label: "Expired",
      text: `${plural(stats.expiredPasswords, "password")} expired`,
      to: "/apps/admin-apps/users/expiring",
    });
  }
  if (stats.expiringIn7Days > 0) {
    items.push({
      key: "expiring",
      tone: "warning",
      label: "Expiring",
      text: `${plural(stats.expiringIn7Days, "password")} expiring in the next 7 days`,
      to: "/apps/admin-apps/users/expiring",
    });
  }
  for (const kind of REQUEST_KINDS) {
    const n = props.pending(kind);
    if (n > 0) {
      items.push({
        key: kind,
        tone: "info",
        label: "Pending",
        text: `${plural(n, ALERT_NAME[kind])} waiting`,
        to: QUEUE[kind].to,
      });
    }
  }
  return (
    <section className="section" aria-labelledby="dash-alerts">
      <h2 id="dash-alerts">Critical Alerts</h2>
      {items.length === 0 && props.unknown
        ? <p className="error">The statistics could not be loaded, so the alerts are unknown.</p>
        : items.length === 0
        ? (
          <p className="success">
            No critical alerts: nothing has expired and no request is waiting.
          </p>
        )
        : (
          <ul className="dashboard-alerts">
            {items.map((a) => (
              <li key={a.key} className={`dashboard-alert ${a.tone}`}>
                <span className="dashboard-alert-label">{a.label}</span>
                {manage
                  ? <Link to={a.to} className="grow">{a.text}</Link>
                  : <span className="grow">{a.text}</span>}
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
