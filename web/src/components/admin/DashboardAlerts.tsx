// The dashboard's Critical Alerts: expired passwords, locked accounts, passwords expiring within 7
// and 30 days, and pending requests, each a link (for managers) to the list it counts.

import { Link, type LinkProps } from "@tanstack/react-router";
import { plural } from "../../numbers.ts";
import { REQUEST_KINDS, type RequestKind } from "../../admin/request_rules.ts";
import { type DashboardStats, pendingCount, useDashboard } from "../../stores/dashboard.ts";

/** Each request queue: its card title and the screen that lists it. */
export const QUEUE: Record<RequestKind, { title: string; to: LinkProps["to"] }> = {
  activation: { title: "Activation", to: "/apps/admin-apps/users/activation-requests" },
  "password-reset": {
    title: "Password Reset",
    to: "/apps/admin-apps/users/password-reset-requests",
  },
  registration: { title: "Registration", to: "/apps/admin-apps/users/registration-requests" },
};

/** A request of each queue, as alerts and lists name it. */
export const ALERT_NAME: Record<RequestKind, string> = {
  activation: "activation request",
  "password-reset": "password reset request",
  registration: "registration request",
};

/** A queue's pending count: its total when loaded, else the statistics' (unknown when both failed). */
export function usePending(): (kind: RequestKind) => number | null {
  const totals = useDashboard((s) => s.totals);
  const stats = useDashboard((s) => s.stats);
  return (kind) => pendingCount({ totals, stats }, kind);
}

/** One alert: its tone and label, the sentence, and the filtered list it links to. */
interface AlertItem {
  key: string;
  tone: "danger" | "warning" | "info";
  label: string;
  text: string;
  link: LinkProps;
}

const expiring = (days: 7 | 30): LinkProps => ({
  to: "/apps/admin-apps/users/expiring",
  search: { days },
});

/** The alerts the statistics give, most serious first: the count each reads and its sentence. */
const STAT_ALERTS: readonly (Omit<AlertItem, "text"> & {
  stat: keyof DashboardStats;
  text: (n: number) => string;
})[] = [
  {
    key: "expired",
    stat: "expiredPasswords",
    tone: "danger",
    label: "Expired",
    text: (n) => `${plural(n, "password")} expired`,
    // exactly the users counted: the list's expired filter reads the same rule and clock
    link: { to: "/apps/admin-apps/users", search: { expiring: "expired" } },
  },
  {
    key: "locked",
    stat: "lockedUsers",
    tone: "danger",
    label: "Locked",
    text: (n) => `${plural(n, "account")} locked after failed sign-ins`,
    link: { to: "/apps/admin-apps/users", search: { locked: true } },
  },
  {
    key: "expiring7",
    stat: "expiringIn7Days",
    tone: "warning",
    label: "7 days",
    text: (n) => `${plural(n, "password")} expiring in the next 7 days`,
    link: expiring(7),
  },
  {
    key: "expiring30",
    stat: "expiringIn30Days",
    tone: "info",
    label: "30 days",
    text: (n) => `${plural(n, "password")} expiring in the next 30 days`,
    link: expiring(30),
  },
];

/** The password and lock alerts of the statistics, each linking to the list it counts. */
function statAlerts(stats: DashboardStats): AlertItem[] {
  return STAT_ALERTS.filter((a) => stats[a.stat] > 0).map(({ stat, text, ...a }) => ({
    ...a,
    text: text(stats[stat]),
  }));
}

/**
 * Critical Alerts: expired passwords, locked accounts, passwords expiring within 7 and 30 days,
 * pending requests. Without statistics, their alerts are unknown rather than absent.
 */
export function Alerts(props: { manage: boolean }) {
  const { manage } = props;
  const stats = useDashboard((s) => s.stats);
  const pending = usePending();
  const items = stats === null ? [] : statAlerts(stats);
  for (const kind of REQUEST_KINDS) {
    const n = pending(kind) ?? 0;
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
