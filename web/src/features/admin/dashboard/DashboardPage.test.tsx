// The dashboard's "Last updated" as an administrator reads it: the time of the last load that read
// the statistics; a refresh that failed says so (LoadError with Retry) and does not move it.

import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer } from "../../../test_support/fetch.ts";
import { renderRouted } from "../../../test_support/router.tsx";
import { sessionOf } from "../../../test_support/session.ts";
import { useDashboard } from "./dashboard.ts";
import { useSession } from "../../shell/session.ts";
import { DashboardPage } from "./DashboardPage.tsx";

vi.mock("../AdminFrame.tsx", () => ({
  AdminFrame: (props: { children: ReactNode }) => <>{props.children}</>,
}));

const STATS = {
  totalUsers: 7,
  activeUsers: 6,
  inactiveUsers: 1,
  expiringIn7Days: 0,
  expiringIn30Days: 0,
  expiredPasswords: 0,
  lockedUsers: 0,
  pendingActivationRequests: 0,
  pendingPasswordResetRequests: 0,
  pendingRegistrationRequests: 0,
};

let statsFail = false;

beforeEach(() => {
  statsFail = false;
  // 10:00:05 in Cairo (UTC+2 in January)
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.parse("2026-01-15T08:00:05Z"));
  useSession.setState({ user: sessionOf("S1", "super_admin", { timezone: "Africa/Cairo" }) });
  useDashboard.setState({ owner: null, loading: false });
  vi.stubGlobal("fetch", (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.pathname === "/api/users/stats") {
      return statsFail
        ? answer(503, { success: false, message: "The store is not reachable" })
        : answer(200, { success: true, data: STATS });
    }
    return answer(200, { success: true, data: { requests: [], cursor: null, total: 0 } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useSession.setState({ user: null });
});

const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe("the dashboard's last update", () => {
  it("stays at the last successful load when a refresh fails, and the failure says so", async () => {
    await renderRouted(<DashboardPage />);
    await settle();
    expect(screen.getByText("Last updated: 15 Jan 2026, 10:00:05")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(/the last refresh failed/)).toBeNull();

    statsFail = true;
    vi.setSystemTime(Date.parse("2026-01-15T08:00:35Z"));
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await settle();
    expect(screen.getByText(/^Last updated: /).textContent).toBe(
      "Last updated: 15 Jan 2026, 10:00:05 · the last refresh failed",
    );
    const failure = screen.getByRole("alert");
    expect(failure.textContent).toContain("Error Loading Statistics");
    expect(failure.textContent).toContain("The store is not reachable");
    // the numbers shown are the last good ones, said to be so
    expect(screen.getByText(/the last successful update/)).toBeTruthy();
    expect(document.querySelector('[data-stat="totalUsers"] dd')?.textContent).toBe("7");

    statsFail = false;
    vi.setSystemTime(Date.parse("2026-01-15T08:01:05Z"));
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await settle();
    expect(screen.getByText("Last updated: 15 Jan 2026, 10:01:05")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
