// The dashboard: the greeting in the user's timezone, and the loads: statistics and queues in
// parallel, and numbers that could not be read shown as unknown, never as zero.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type DashboardStats,
  greeting,
  greetingLine,
  pendingCount,
  useDashboard,
} from "./dashboard.ts";
import { answer, requestRecord } from "../../../test_support/fetch.ts";

const STATS: DashboardStats = {
  totalUsers: 7,
  activeUsers: 6,
  inactiveUsers: 1,
  expiringIn7Days: 1,
  expiringIn30Days: 2,
  expiredPasswords: 1,
  lockedUsers: 1,
  pendingActivationRequests: 1,
  pendingPasswordResetRequests: 0,
  pendingRegistrationRequests: 0,
};

/** A server whose statistics and queues answer, or refuse (403) or fail (network). */
function server(options: { stats?: "ok" | "offline"; lists?: "ok" | "forbidden" }) {
  const paths: string[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    paths.push(url.pathname);
    if (url.pathname === "/api/users/stats") {
      return options.stats === "offline"
        ? Promise.reject(new TypeError("Failed to fetch"))
        : answer(200, { success: true, data: STATS });
    }
    if (options.lists === "forbidden") {
      return answer(403, { success: false, message: "You do not have permission" });
    }
    // the first page of a queue, and how many are pending in all
    const list = url.pathname.endsWith("/activation-requests") ? [requestRecord("U1")] : [];
    return answer(200, {
      success: true,
      data: { requests: list, cursor: null, total: list.length === 0 ? 0 : 30 },
    });
  });
  return paths;
}

beforeEach(() => {
  useDashboard.setState({
    totals: { activation: null, "password-reset": null, registration: null },
    loading: false,
    loaded: false,
    failed: [],
    stats: null,
    statsAt: null,
    statsError: null,
    lastUpdated: null,
    owner: null,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("greeting", () => {
  it("follows the hour in Cairo by default: morning before 12, afternoon before 18, else evening", () => {
    // January: Cairo is UTC+2
    expect(greeting(new Date("2024-01-15T09:59:00Z"))).toBe("Good Morning");
    expect(greeting(new Date("2024-01-15T10:00:00Z"))).toBe("Good Afternoon");
    expect(greeting(new Date("2024-01-15T15:59:59Z"))).toBe("Good Afternoon");
    expect(greeting(new Date("2024-01-15T16:00:00Z"))).toBe("Good Evening");
    expect(greeting(new Date("2024-01-15T21:59:00Z"))).toBe("Good Evening");
    expect(greeting(new Date("2024-01-15T22:00:00Z"))).toBe("Good Morning");
    // July: Cairo keeps summer time, UTC+3
    expect(greeting(new Date("2024-07-15T08:59:00Z"))).toBe("Good Morning");
    expect(greeting(new Date("2024-07-15T09:00:00Z"))).toBe("Good Afternoon");
    expect(greeting(new Date("2024-07-15T15:00:00Z"))).toBe("Good Evening");
  });

  it("follows the user's timezone when it is another", () => {
    // 10:30 UTC is 12:30 in Cairo (afternoon) and 06:30 in New York (morning)
    const at = new Date("2024-01-15T10:30:00Z");
    expect(greeting(at, "America/New_York")).toBe("Good Morning");
    expect(greetingLine(at, "Rana", "Asia/Tokyo")).toBe("Good Evening, Rana");
  });

  it("names the user, or 'Admin' without a first name", () => {
    const noon = new Date("2024-01-15T10:30:00Z");
    expect(greetingLine(noon, "Rana")).toBe("Good Afternoon, Rana");
    expect(greetingLine(noon, "")).toBe("Good Afternoon, Admin");
    expect(greetingLine(noon, undefined)).toBe("Good Afternoon, Admin");
  });
});

describe("dashboard", () => {
  it("loads the statistics and the queues in parallel", async () => {
    const paths = server({ stats: "ok", lists: "ok" });
    await useDashboard.getState().load(true);
    const s = useDashboard.getState();
    expect(paths.sort()).toEqual([
      "/api/users/activation-requests",
      "/api/users/password-reset-requests",
      "/api/users/registration-requests",
      "/api/users/stats",
    ]);
    // the count is the queue's total, not the length of its first page
    expect(pendingCount(s, "activation")).toBe(30);
    expect(s.stats?.lockedUsers).toBe(1);
    expect(s.lists.activation?.length).toBe(1);
    expect(s.failed).toEqual([]);
    expect(s.statsAt).toBe(s.lastUpdated);
  });

  it("statistics that could not be read are unknown, not zero; a failed queue falls back to them", async () => {
    server({ stats: "offline", lists: "ok" });
    await useDashboard.getState().load(true);
    expect(useDashboard.getState().stats).toBeNull();
    expect(useDashboard.getState().lastUpdated).toBeNull(); // never updated, not "now"
    expect(useDashboard.getState().failed).toEqual(["statistics"]);
    expect(pendingCount(useDashboard.getState(), "activation")).toBe(30);

    server({ stats: "ok", lists: "forbidden" });
    await useDashboard.getState().load(true);
    expect(useDashboard.getState().lists.activation).toBeNull();
    expect(pendingCount(useDashboard.getState(), "activation")).toBe(1);
    expect(useDashboard.getState().failed).toHaveLength(3);
  });

  it("a failed refresh keeps the last statistics with the time they were read", async () => {
    // a faked Date: the refresh happens a minute later whatever the machine's speed
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse("2026-11-24T08:00:00Z"));
    server({ stats: "ok", lists: "ok" });
    await useDashboard.getState().load(true);
    const readAt = useDashboard.getState().statsAt;
    vi.setSystemTime(Date.parse("2026-11-24T08:01:00Z"));
    server({ stats: "offline", lists: "forbidden" });
    await useDashboard.getState().load(true);
    const s = useDashboard.getState();
    expect(s.stats).toEqual(STATS);
    expect(s.statsAt).toBe(readAt);
    // "Last updated" stays at the last load that read them, and the failure is kept to be shown
    expect(s.lastUpdated).toBe(Date.parse("2026-11-24T08:00:00Z"));
    expect(readAt).toBe(Date.parse("2026-11-24T08:00:00Z"));
    expect(s.statsError).toMatchObject({ status: 0, message: "Network error" });
    // the next good load moves it on and clears the failure
    vi.setSystemTime(Date.parse("2026-11-24T08:02:00Z"));
    server({ stats: "ok", lists: "ok" });
    await useDashboard.getState().load(true);
    expect(useDashboard.getState()).toMatchObject({
      lastUpdated: Date.parse("2026-11-24T08:02:00Z"),
      statsError: null,
      failed: [],
    });
    // neither the queue nor the statistics known: the count is unknown, not zero
    useDashboard.setState({
      stats: null,
      totals: { activation: null, "password-reset": null, registration: null },
    });
    expect(pendingCount(useDashboard.getState(), "activation")).toBeNull();
  });

  it("forgets another user's data on a shared page, and keeps one's own", async () => {
    server({ stats: "ok", lists: "ok" });
    useDashboard.getState().claim("A1");
    await useDashboard.getState().load(true);
    useDashboard.getState().claim("A1");
    expect(useDashboard.getState().stats?.totalUsers).toBe(7);
    useDashboard.getState().claim("B2");
    expect(useDashboard.getState()).toMatchObject({ stats: null, loaded: false, owner: "B2" });
    expect(useDashboard.getState().lists.activation).toBeNull();
  });

  it("asks only for the statistics when the user may not list requests", async () => {
    const paths = server({ stats: "ok" });
    await useDashboard.getState().load(false);
    expect(paths).toEqual(["/api/users/stats"]);
  });
});
