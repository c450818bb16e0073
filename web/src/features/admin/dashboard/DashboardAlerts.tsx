// The dashboard's Critical Alerts: expired passwords, locked accounts, passwords expiring within 7
// and 30 days, and pending requests, each a link (for managers) to the list it counts.

import { Link, type LinkProps } from "@tanstack/react-router";
import { REQUEST_KINDS, type RequestKind } from "../requests/request_rules.ts";
import { type DashboardStats, pendingCount, useDashboard } from "./dashboard.ts";
import { ADM_DASHBOARD } from "./texts/adm_dashboard.ts";
import { useT } from "../../../i18n/i18n.ts";

/** A message of the dashboard's catalogue. */
export type DashboardKey = (typeof ADM_DASHBOARD.keys)[number];
type Key = DashboardKey;

/** Each request queue: the keys of its card title, its names in the dashboard's lines and alert,
 * and the screen that lists it. */
export const QUEUE: Record<
  RequestKind,
  { title: Key; latest: Key; open: Key; alert: Key; failed: Key; to: LinkProps["to"] }
> = {
  activation: {
    title: "queueActivation",
    latest: "latestActivation",
    open: "openActivation",
    alert: "alertActivation",
    failed: "failedActivation",
    to: "/apps/admin-apps/users/activation-requests",
  },
  "password-reset": {
    title: "queuePasswordReset",
    latest: "latestPasswordReset",
    open: "openPasswordReset",
    alert: "alertPasswordReset",
    failed: "failedPasswordReset",
    to: "/apps/admin-apps/users/password-reset-requests",
  },
  registration: {
    title: "queueRegistration",
    latest: "latestRegistration",
    open: "openRegistration",
    alert: "alertRegistration",
    failed: "failedRegistration",
    to: "/apps/admin-apps/users/registration-requests",
  },
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

/** The alerts the statistics give, most serious first: the count each reads, the keys of its
 * label and sentence. */
const STAT_ALERTS: readonly (Omit<AlertItem, "text" | "label"> & {
  stat: keyof DashboardStats;
  label: Key;
  text: Key;
})[] = [
  {
    key: "expired",
    stat: "expiredPasswords",
    tone: "danger",
    label: "labelExpired",
    text: "alertExpired",
    // exactly the users counted: the list's expired filter reads the same rule and clock
    link: { to: "/apps/admin-apps/users", search: { expiring: "expired" } },
  },
  {
    key: "locked",
    stat: "lockedUsers",
    tone: "danger",
    label: "labelLocked",
    text: "alertLocked",
    link: { to: "/apps/admin-apps/users", search: { locked: true } },
  },
  {
    key: "expiring7",
    stat: "expiringIn7Days",
    tone: "warning",
    label: "label7",
    text: "alertExpiring7",
    link: expiring(7),
  },
  {
    key: "expiring30",
    stat: "expiringIn30Days",
    tone: "info",
    label: "label30",
    text: "alertExpiring30",
    link: expiring(30),
  },
];

/** The password and lock alerts of the statistics, each linking to the list it counts. */
function statAlerts(stats: DashboardStats, t: (key: Key, values?: { count: number }) => string) {
  return STAT_ALERTS.filter((a) => stats[a.stat] > 0).map(({ stat, text, label, ...a }) => ({
    ...a,
    label: t(label),
    text: t(text, { count: stats[stat] }),
  }));
}

/**
 * Critical Alerts: expired passwords, locked accounts, passwords expiring within 7 and 30 days,
 * pending requests. Without statistics, their alerts are unknown rather than absent.
 */
export function Alerts(props: { manage: boolean }) {
  const t = useT(ADM_DASHBOARD);
  const { manage } = props;
  const stats = useDashboard((s) => s.stats);
  const pending = usePending();
  const items: AlertItem[] = stats === null ? [] : statAlerts(stats, t);
  for (const kind of REQUEST_KINDS) {
    const n = pending(kind) ?? 0;
    if (n > 0) {
      items.push({
        key: kind,
        tone: "info",
        label: t("labelPending"),
        text: t(QUEUE[kind].alert, { count: n }),
        link: { to: QUEUE[kind].to },
      });
    }
  }
  return (
    <section className="section" aria-labelledby="dash-alerts">
      <h2 id="dash-alerts">{t("alertsTitle")}</h2>
      {stats === null && <p className="error">{t("alertsUnknown")}</p>}
      {items.length === 0 && stats !== null
        ? <p className="success">{t("noAlerts")}</p>
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
