// The admin dashboard: a greeting by the time of day in the user's timezone, critical alerts
// (each a link to its filtered list), the pending request cards, quick actions and the statistics,
// reloaded on open, on Refresh and every 30 s. Numbers that could not be read are shown as unknown,
// never as zero. Links appear only for the screens the user may open; the server checks every
// call again.

import { ClearCacheButton } from "./ClearCacheButton.tsx";
import { Link, type LinkProps } from "@tanstack/react-router";
import { useEffect } from "react";
import type { RequestRecord } from "../../../../api/store.ts";
import { REQUEST_KINDS, type RequestKind } from "../../admin/request_rules.ts";
import { useConnectivity } from "../../stores/connectivity.ts";
import {
  type DashboardStats,
  greetingLine,
  pendingCount,
  useDashboard,
} from "../../stores/dashboard.ts";
import { useSession } from "../../stores/session.ts";
import { formatDateTime } from "../../time.ts";
import { useTimeZone, When } from "../When.tsx";
import { can } from "../../../../api/rules/access.ts";
import { AdminFrame } from "./AdminFrame.tsx";
import "./admin_requests.css";
import { formatCount, plural } from "../../numbers.ts";

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
  const stats = useDashboard((s) => s.stats);
  const statsAt = useDashboard((s) => s.statsAt);
  const lists = useDashboard((s) => s.lists);
  const totals = useDashboard((s) => s.totals);
  const loading = useDashboard((s) => s.loading);
  const loaded = useDashboard((s) => s.loaded);
  const failed = useDashboard((s) => s.failed);
  const lastUpdated = useDashboard((s) => s.lastUpdated);
  const load = useDashboard((s) => s.load);
  const claim = useDashboard((s) => s.claim);
  const online = useConnectivity((s) => s.online);
  const zone = useTimeZone();
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
  // a failed queue load falls back to the statistics' count (unknown when those failed too)
  const pending = (kind: RequestKind) => pendingCount({ totals, stats }, kind);
  const statsFailed = failed.includes("statistics");

  return (
    <AdminFrame title="Admin Dashboard" subtitle={`${user.employeeCode} · ${user.station}`}>
      <div className="dashboard">
        <div className="dashboard-head">
          <h2>{greetingLine(new Date(), user.firstName, zone)}</h2>
          <div className="dashboard-tools">
            <p className="notice" role="status" aria-live="polite">
              {!loaded
                ? "Loading dashboard..."
                : `Last updated: ${formatDateTime(lastUpdated, zone, { seconds: true })}`}
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
            Could not load the {failed.join(", ")}. {statsFailed && stats !== null
              ? "The statistics shown are from the last successful update."
              : statsFailed
              ? "Their numbers are unknown until a refresh succeeds."
              : "Their lists are unknown until a refresh succeeds."}
          </p>
        )}
        {loaded && (
          <>
            <Alerts stats={stats} pending={pending} manage={manage} />
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
              {stats === null
                ? (
                  <p className="error">
                    The statistics could not be loaded.{" "}
                    <button type="button" className="link-button" onClick={() => void load(manage)}>
                      Try again
                    </button>
                  </p>
                )
                : statsFailed && (
                  <p className="notice">
                    As of <When at={statsAt} seconds />: the last refresh could not read them.
                  </p>
                )}
              <dl className="dashboard-stats">
                {STATS.map(([key, label]) => (
                  <div key={key} data-stat={key}>
                    <dt>{label}</dt>
                    <dd>
                      {stats === null
                        ? <span aria-label="unknown">—</span>
                        : formatCount(stats[key])}
                    </dd>
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

/** One alert: its tone and label, the sentence, and the filtered list it links to. */
interface AlertItem {
  key: string;
  tone: "danger" | "warning" | "info";
  label: string;
  text: string;
  link: LinkProps;
}

/** The password and lock alerts of the statistics, each linking to the list it counts. */
function statAlerts(stats: DashboardStats): AlertItem[] {
  const items: AlertItem[] = [];
  const expiring = (days: 7 | 30): LinkProps => ({
    to: "/apps/admin-apps/users/expiring",
    search: { days },
  });
  if (stats.expiredPasswords > 0) {
    items.push({
      key: "expired",
      tone: "danger",
      label: "Expired",
      text: `${plural(stats.expiredPasswords, "password")} expired`,
      link: expiring(7),
    });
  }
  if (stats.lockedUsers > 0) {
    items.push({
      key: "locked",
      tone: "danger",
      label: "Locked",
      text: `${plural(stats.lockedUsers, "account")} locked after failed sign-ins`,
      link: { to: "/apps/admin-apps/users", search: { locked: true } },
    });
  }
  if (stats.expiringIn7Days > 0) {
    items.push({
      key: "expiring7",
      tone: "warning",
      label: "7 days",
      text: `${plural(stats.expiringIn7Days, "password")} expiring in the next 7 days`,
      link: expiring(7),
    });
  }
  if (stats.expiringIn30Days > 0) {
    items.push({
      key: "expiring30",
      tone: "info",
      label: "30 days",
      text: `${plural(stats.expiringIn30Days, "password")} expiring in the next 30 days`,
      link: expiring(30),
    });
  }
  return items;
}

/**
 * Critical Alerts: expired passwords, locked accounts, passwords expiring within 7 and 30 days,
 * pending requests. Without statistics, their alerts are unknown rather than absent.
 */
function Alerts(
  props: {
    stats: DashboardStats | null;
    pending: (kind: RequestKind) => number | null;
    manage: boolean;
  },
) {
  const { stats, manage } = props;
  const items = stats === null ? [] : statAlerts(stats);
  for (const kind of REQUEST_KINDS) {
    const n = props.pending(kind) ?? 0;
    if (n > 0) {
      items.push({
        key: kind,
        tone: "info",
        label: "Pending",
        text: `${plural(n, ALERT_NAME[kind])} waiting`,
        link: { to: QUEUE[kind].to },
      });
    }
  }
  return (
    <section className="section" aria-labelledby="dash-alerts">
      <h2 id="dash-alerts">Critical Alerts</h2>
      {stats === null && (
        <p className="error">
          The statistics could not be loaded, so the password and lock alerts are unknown.
        </p>
      )}
      {items.length === 0 && stats !== null
        ? (
          <p className="success">
            No critical alerts: nothing has expired, no account is locked and no request is waiting.
          </p>
        )
        : items.length > 0 && (
          <ul className="dashboard-alerts">
            {items.map((a) => (
              <li key={a.key} className={`dashboard-alert ${a.tone}`}>
                <span className="dashboard-alert-label">{a.label}</span>
                {manage
                  ? <Link {...a.link} className="grow">{a.text}</Link>
                  : <span className="grow">{a.text}</span>}
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
