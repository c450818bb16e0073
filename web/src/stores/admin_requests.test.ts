// The dashboard greeting by Cairo time, the expiry rules, and the request and expiring stores
// against a stubbed server: the calls they make, the spec's texts, and the fall-backs.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  customPasswordProblem,
  eachOf,
  expiringUsers,
  greeting,
  greetingLine,
  NO_STATS,
  rejectReason,
  remaining,
  useDashboard,
  useExpiring,
  useRequests,
} from "./admin_requests.ts";
import type { PublicUser, RequestRecord } from "../../../api/store.ts";

const DAY = 24 * 60 * 60 * 1000;

const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );

const request = (code: string): RequestRecord => ({
  _id: `r-${code}`,
  kind: "activation",
  employeeCode: code,
  reason: "back from leave",
  requestedAt: "2024-05-01T08:00:00.000Z",
  userInfo: { fullName: `Name ${code}` },
});

const user = (code: string, expiry: string | null) =>
  ({ employeeCode: code, fullName: code, station: "CAI", passwordExpiry: expiry }) as PublicUser;

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A server with pending activation requests; codes in `refuse` fail with 404. */
function server(options: { activation?: string[]; refuse?: string[]; forbidLists?: boolean }) {
  let pending = [...(options.activation ?? [])];
  const calls: Call[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const code = url.pathname.split("/")[3];
    if (url.pathname === "/api/users/stats") {
      return answer(200, { success: true, data: { ...NO_STATS, totalUsers: 7 } });
    }
    if (url.pathname.endsWith("-requests")) {
      if (options.forbidLists) {
        return answer(403, { success: false, message: "You do not have permission" });
      }
      const list = url.pathname.endsWith("/activation-requests") ? pending.map(request) : [];
      // pages of `limit` from the cursor (here the index where the page starts)
      const limit = Number(url.searchParams.get("limit") ?? 25);
      const from = Number(url.searchParams.get("cursor") ?? 0);
      const next = from + limit < list.length ? String(from + limit) : null;
      return answer(200, {
        success: true,
        data: { requests: list.slice(from, from + limit), cursor: next, total: list.length },
      });
    }
    if (options.refuse?.includes(code)) {
      return answer(404, { success: false, message: `No pending activation request for ${code}` });
    }
    if (url.pathname.endsWith("/reset-password") && body?.newPassword?.length < 8) {
      return answer(400, {
        success: false,
        message: "newPassword: Password must be at least 8 characters",
      });
    }
    if (method === "DELETE" && url.pathname.startsWith("/api/users/requests/")) {
      const deleted = url.pathname.split("/").pop();
      pending = pending.filter((c) => c !== deleted);
      return answer(200, { success: true, data: { message: "ok" } });
    }
    if (method === "POST") {
      pending = pending.filter((c) => c !== code);
      return answer(200, { success: true, data: { message: "ok" } });
    }
    if (url.pathname === "/api/users") {
      return answer(200, {
        success: true,
        data: [user("A", new Date(Date.now() + 2 * DAY).toISOString())],
      });
    }
    return answer(404, { success: false, message: "not found" });
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

beforeEach(() => {
  useRequests.setState({
    lists: { activation: null, "password-reset": null, registration: null },
    status: null,
    busy: null,
  });
  useExpiring.setState({ users: null, selected: [], status: null, filter: "30" });
  useDashboard.setState({ loading: false, loaded: false, failed: [], stats: NO_STATS });
});
afterEach(() => vi.unstubAllGlobals());

describe("greeting", () => {
  it("follows the hour in Cairo: morning before 12, afternoon before 18, else evening", () => {
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

  it("names the user, or 'Admin' without a first name", () => {
    const noon = new Date("2024-01-15T10:30:00Z");
    expect(greetingLine(noon, "Rana")).toBe("Good Afternoon, Rana");
    expect(greetingLine(noon, "")).toBe("Good Afternoon, Admin");
    expect(greetingLine(noon, undefined)).toBe("Good Afternoon, Admin");
  });
});

describe("expiry rules", () => {
  const now = Date.parse("2024-03-01T12:00:00Z");
  const at = (ms: number) => new Date(now + ms).toISOString();

  it("colour by time left, and say it in words", () => {
    expect(remaining(at(-1), now)).toMatchObject({ tone: "expired", text: "Expired" });
    expect(remaining(at(30 * 60 * 1000), now)).toMatchObject({
      tone: "urgent",
      text: "Less than an hour left",
    });
    expect(remaining(at(5 * 60 * 60 * 1000), now).text).toBe("5 hours left");
    expect(remaining(at(DAY), now).text).toBe("1 day left");
    expect(remaining(at(3 * DAY), now).tone).toBe("urgent");
    expect(remaining(at(3 * DAY + 1), now)).toMatchObject({ tone: "soon", text: "4 days left" });
    expect(remaining(at(7 * DAY), now).tone).toBe("soon");
    expect(remaining(at(7 * DAY + 1), now).tone).toBe("later");
    expect(remaining(at(30 * DAY), now).text).toBe("30 days left");
  });

  it("filter 7 days, 30 days or all, expired included, soonest first", () => {
    const users = [
      user("LATER", at(60 * DAY)),
      user("MONTH", at(20 * DAY)),
      user("NONE", null),
      user("WEEK", at(5 * DAY)),
      user("GONE", at(-DAY)),
    ];
    const codes = (f: "7" | "30" | "all") =>
      expiringUsers(users, f, now).map((u) => u.employeeCode);
    expect(codes("7")).toEqual(["GONE", "WEEK"]);
    expect(codes("30")).toEqual(["GONE", "WEEK", "MONTH"]);
    expect(codes("all")).toEqual(["GONE", "WEEK", "MONTH", "LATER"]);
  });

  it("checks reasons and custom passwords as the spec says", () => {
    expect(rejectReason("  ")).toBe("No reason provided");
    expect(rejectReason(" not on the roster ")).toBe("not on the roster");
    expect(customPasswordProblem("12345")).toBe("Password must be at least 6 characters");
    expect(customPasswordProblem("123456")).toBeNull();
  });

  it("run an action for each code and count the failures", async () => {
    const seen: number[] = [];
    const result = await eachOf(["A", "B", "C"], (c) => {
      if (c === "B") return Promise.reject(new Error("nope"));
      return Promise.resolve();
    }, (done) => seen.push(done));
    expect(result).toEqual({ ok: 2, failed: [{ code: "B", message: "nope" }] });
    expect(seen).toEqual([1, 2, 3]);
  });
});

describe("request queues", () => {
  it("approve for the chosen days and reload the queue", async () => {
    const calls = server({ activation: ["U1", "U2"] });
    await useRequests.getState().load("activation");
    expect(useRequests.getState().lists.activation?.map((r) => r.employeeCode)).toEqual([
      "U1",
      "U2",
    ]);
    expect(await useRequests.getState().approveActivation("U1", 30)).toBe(true);
    expect(calls).toContainEqual({
      method: "POST",
      path: "/api/users/U1/approve-activation",
      body: { days: 30 },
    });
    expect(useRequests.getState().status).toEqual({
      ok: true,
      text: "Activation of U1 approved for 30 days",
    });
    expect(useRequests.getState().lists.activation?.map((r) => r.employeeCode)).toEqual(["U2"]);
  });

  it("Approve All approves each for 90 days and counts successes and failures", async () => {
    const calls = server({ activation: ["U1", "U2", "U3"], refuse: ["U2"] });
    await useRequests.getState().load("activation");
    const result = await useRequests.getState().approveAll();
    expect(result.ok).toBe(2);
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { days: 90 },
      { days: 90 },
      { days: 90 },
    ]);
    expect(useRequests.getState().status).toEqual({
      ok: false,
      text: "Failed to approve activation request: 2 approved, 1 request failed",
      details: ["U2: No pending activation request for U2"],
    });
    expect(useRequests.getState().busy).toBeNull();
  });

  it("reject with 'No reason provided' for an empty reason, and say a failure", async () => {
    const calls = server({ activation: ["U1"], refuse: ["U9"] });
    expect(await useRequests.getState().reject("activation", "U1", "  ")).toBe(true);
    expect(calls).toContainEqual({
      method: "POST",
      path: "/api/users/U1/reject-activation",
      body: { reason: "No reason provided" },
    });
    expect(await useRequests.getState().reject("registration", "U9", "dup")).toBe(false);
    expect(useRequests.getState().status?.text).toBe("Failed to reject registration request");
  });

  it("reset to the default with an empty body, and show the server's password rule", async () => {
    const calls = server({});
    expect(await useRequests.getState().resetPassword("U1")).toBe(true);
    expect(calls).toContainEqual({
      method: "POST",
      path: "/api/users/U1/reset-password",
      body: {},
    });
    expect(await useRequests.getState().resetPassword("U1", "short1")).toBe(false);
    expect(useRequests.getState().status?.text).toBe(
      "Failed to reset password: Password must be at least 8 characters",
    );
  });

  it("extend instead of a reset closes the request with the reason", async () => {
    const calls = server({});
    expect(await useRequests.getState().extendInstead("U1")).toBe(true);
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: "/api/users/U1/extend-password", body: { days: 30 } },
      {
        method: "POST",
        path: "/api/users/U1/reject-password-reset",
        body: { reason: "Password extended by 30 days" },
      },
    ]);
  });

  it("pages through a long queue, and Approve All reaches every page", async () => {
    const codes = Array.from({ length: 60 }, (_, i) => `P${String(i).padStart(2, "0")}`);
    const calls = server({ activation: codes, refuse: ["P03", "P40"] });
    const s = () => useRequests.getState();
    await s().load("activation");
    expect([s().lists.activation?.length, s().totals.activation]).toEqual([25, 60]);
    await s().page("activation", "next");
    expect(s().lists.activation?.[0].employeeCode).toBe("P25");
    await s().page("activation", "next");
    expect(s().lists.activation?.map((r) => r.employeeCode)).toEqual(codes.slice(50));
    expect(s().next.activation).toBeNull();
    await s().page("activation", "previous");
    expect(s().lists.activation?.[0].employeeCode).toBe("P25");
    const result = await s().approveAll();
    expect(result.ok).toBe(58);
    expect(result.failed.map((f) => f.code)).toEqual(["P03", "P40"]);
    // each request was tried once
    const approvals = calls.filter((c) => c.method === "POST").map((c) => c.path);
    expect(new Set(approvals).size).toBe(60);
    expect(approvals.length).toBe(60);
  });

  it("deletes a request without answering it", async () => {
    const calls = server({ activation: ["U1"] });
    expect(await useRequests.getState().remove("activation", "U1")).toBe(true);
    expect(calls).toContainEqual({
      method: "DELETE",
      path: "/api/users/requests/activation/U1",
      body: undefined,
    });
    expect(useRequests.getState().status?.text).toBe("The request of U1 was deleted");
  });
});

describe("dashboard", () => {
  it("loads the statistics and the queues in parallel", async () => {
    const calls = server({ activation: ["U1"] });
    await useDashboard.getState().load(true);
    const s = useDashboard.getState();
    expect(calls.map((c) => c.path).sort()).toEqual([
      "/api/users/activation-requests?limit=25",
      "/api/users/password-reset-requests?limit=25",
      "/api/users/registration-requests?limit=25",
      "/api/users/stats",
    ]);
    expect(s.stats.totalUsers).toBe(7);
    expect(s.lists.activation?.length).toBe(1);
    expect(s.failed).toEqual([]);
    expect(s.lastUpdated).not.toBeNull();
  });

  it("falls back to nothing for a failed queue and zero for failed statistics", async () => {
    server({ forbidLists: true });
    await useDashboard.getState().load(true);
    expect(useDashboard.getState().lists.activation).toBeNull();
    expect(useDashboard.getState().stats.totalUsers).toBe(7);
    expect(useDashboard.getState().failed).toHaveLength(3);

    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("offline"))));
    await useDashboard.getState().load(false);
    expect(useDashboard.getState().stats).toEqual(NO_STATS);
    expect(useDashboard.getState().failed).toEqual(["statistics"]);
  });

  it("forgets another user's data on a shared page, and keeps one's own", async () => {
    server({ activation: ["U1"] });
    useDashboard.getState().claim("A1");
    await useDashboard.getState().load(true);
    useDashboard.getState().claim("A1");
    expect(useDashboard.getState().stats.totalUsers).toBe(7);
    useDashboard.getState().claim("B2");
    expect(useDashboard.getState()).toMatchObject({ stats: NO_STATS, loaded: false, owner: "B2" });
    expect(useDashboard.getState().lists.activation).toBeNull();
  });

  it("asks only for the statistics when the user may not list requests", async () => {
    const calls = server({});
    await useDashboard.getState().load(false);
    expect(calls.map((c) => c.path)).toEqual(["/api/users/stats"]);
  });
});

describe("expiring users", () => {
  it("extends the selected users and keeps the failures selected", async () => {
    const calls = server({ refuse: ["B"] });
    useExpiring.getState().selectOnly(["A", "B"]);
    const result = await useExpiring.getState().extendSelected(365);
    expect(result.ok).toBe(1);
    expect(calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([
      ["/api/users/A/extend-password", { days: 365 }],
      ["/api/users/B/extend-password", { days: 365 }],
    ]);
    expect(useExpiring.getState().status?.text).toBe(
      "Failed to extend password(s): 1 extended, 1 failed",
    );
    expect(calls.some((c) => c.path === "/api/users?includeInactive=true")).toBe(true);
    // B is not among the reloaded users, so its selection goes
    expect(useExpiring.getState().selected).toEqual([]);
  });

  it("starts the selection again when the filter changes", () => {
    useExpiring.getState().toggle("A");
    expect(useExpiring.getState().selected).toEqual(["A"]);
    useExpiring.getState().setFilter("7");
    expect(useExpiring.getState().selected).toEqual([]);
  });
});
