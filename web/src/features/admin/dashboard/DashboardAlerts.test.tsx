// The dashboard's Critical Alerts: one sentence per non-zero count, most serious first, each a link
// to the list it counts for managers only; without statistics their alerts are unknown, not absent.

import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type DashboardStats, useDashboard } from "./dashboard.ts";
import { Alerts } from "./DashboardAlerts.tsx";

// a link as the router would draw it, with its search, without a router
vi.mock("@tanstack/react-router", () => ({
  Link: (props: { to: string; search?: Record<string, unknown>; children: ReactNode }) => (
    <a
      href={`${props.to}${
        props.search
          ? `?${new URLSearchParams(Object.entries(props.search).map(([k, v]) => [k, String(v)]))}`
          : ""
      }`}
    >
      {props.children}
    </a>
  ),
}));

const STATS: DashboardStats = {
  totalUsers: 9,
  activeUsers: 8,
  inactiveUsers: 1,
  expiringIn7Days: 0,
  expiringIn30Days: 2,
  expiredPasswords: 1,
  lockedUsers: 3,
  pendingActivationRequests: 0,
  pendingPasswordResetRequests: 0,
  pendingRegistrationRequests: 0,
};

const NO_TOTALS = { activation: null, "password-reset": null, registration: null };

afterEach(() => {
  cleanup();
  useDashboard.setState({ stats: null, totals: NO_TOTALS });
});

const alerts = () => screen.queryAllByRole("listitem").map((li) => li.textContent);

describe("the dashboard's critical alerts", () => {
  it("say each non-zero count, most serious first, and link managers to its list", () => {
    useDashboard.setState({ stats: STATS, totals: { ...NO_TOTALS, registration: 2 } });
    render(<Alerts manage />);
    expect(alerts()).toEqual([
      "Expired1 password expired",
      "Locked3 accounts locked after failed sign-ins",
      "30 days2 passwords expiring in the next 30 days",
      "Pending2 registration requests waiting",
    ]);
    const link = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    // exactly the expired ones: the list's expired filter (issue 27)
    expect(link("1 password expired")).toBe("/apps/admin-apps/users?expiring=expired");
    expect(link("3 accounts locked after failed sign-ins")).toBe(
      "/apps/admin-apps/users?locked=true",
    );
    expect(link("2 passwords expiring in the next 30 days")).toBe(
      "/apps/admin-apps/users/expiring?days=30",
    );
    expect(link("2 registration requests waiting")).toBe(
      "/apps/admin-apps/users/registration-requests",
    );
  });

  it("give no links to those who only read the statistics", () => {
    useDashboard.setState({ stats: STATS });
    render(<Alerts manage={false} />);
    expect(alerts()).toHaveLength(3);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("say when nothing needs attention, and that they are unknown without statistics", () => {
    const calm = { ...STATS, expiringIn30Days: 0, expiredPasswords: 0, lockedUsers: 0 };
    useDashboard.setState({ stats: calm });
    render(<Alerts manage />);
    expect(screen.getByText(/^No critical alerts/)).toBeTruthy();
    cleanup();
    useDashboard.setState({ stats: null });
    render(<Alerts manage />);
    expect(screen.getByText(/the password and lock alerts are unknown/)).toBeTruthy();
    expect(screen.queryByText(/^No critical alerts/)).toBeNull();
  });
});
