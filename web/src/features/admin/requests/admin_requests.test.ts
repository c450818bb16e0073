// The request queues' rules and store against a stubbed server: the calls they make, the spec's
// texts, and the fall-backs.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NO_QUEUE_FILTERS, useRequests } from "./admin_requests.ts";
import { rejectReason } from "./request_rules.ts";
import { answer, requestRecord } from "../../../test_support/fetch.ts";

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
    if (url.pathname.endsWith("-requests")) {
      if (options.forbidLists) {
        return answer(403, { success: false, message: "You do not have permission" });
      }
      const search = (url.searchParams.get("search") ?? "").toLowerCase();
      const list = url.pathname.endsWith("/activation-requests")
        ? pending.map(requestRecord).filter((r) => r.employeeCode.toLowerCase().includes(search))
        : [];
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
        message: "Password must be at least 8 characters",
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
  useRequests.getState().claim(`tester-${Math.random()}`);
});
afterEach(() => vi.unstubAllGlobals());

describe("rules", () => {
  it("checks reasons and custom passwords as the spec says", () => {
    expect(rejectReason("  ")).toBe("No reason provided");
    expect(rejectReason(" not on the roster ")).toBe("not on the roster");
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
    const results = await useRequests.getState().approveAll(90);
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    // no days: the server applies its password expiry setting, which the screen says
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{}, {}, {}]);
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
    const results = await s().approveAll(90);
    expect(results.filter((r) => r.ok)).toHaveLength(58);
    expect(results.filter((r) => !r.ok).map((r) => r.employeeCode)).toEqual(["P03", "P40"]);
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

  it("a search and a station go to the server, start from the first page, and Approve All keeps them", async () => {
    const codes = Array.from({ length: 30 }, (_, i) => `K${String(i).padStart(2, "0")}`);
    const calls = server({ activation: [...codes, "OTHER1"] });
    const s = () => useRequests.getState();
    await s().setFilters("activation", NO_QUEUE_FILTERS);
    await s().page("activation", "next");
    expect(s().trail.activation).toHaveLength(2);
    await s().setFilters("activation", { search: "k1", station: "CAI" });
    expect(calls.at(-1)?.path).toBe(
      "/api/users/activation-requests?limit=25&search=k1&station=CAI",
    );
    expect(s().trail.activation).toEqual([""]);
    expect(s().lists.activation?.map((r) => r.employeeCode)).toEqual(codes.slice(10, 20));
    const results = await s().approveAll(365);
    expect(results.map((r) => r.employeeCode)).toEqual(codes.slice(10, 20));
    expect(s().status?.text).toBe("Approved 10 activation requests for 1 year");
    expect(calls.filter((c) => c.path.includes("OTHER1"))).toEqual([]);
  });

  it("approves a registration with the chosen apps and says how many", async () => {
    const calls = server({});
    expect(await useRequests.getState().approveRegistration("R1", ["ffm-to-uws"])).toBe(true);
    expect(calls).toContainEqual({
      method: "POST",
      path: "/api/users/R1/approve-registration",
      body: { accessibleApps: ["ffm-to-uws"] },
    });
    expect(useRequests.getState().status?.text).toBe(
      "User R1 created with a one-time password; it must be changed at the first sign-in. Apps: FFM TO UWS",
    );
  });
});
