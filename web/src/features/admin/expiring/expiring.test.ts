// The Expiring Users store: the server's pages of a window, the time left in words, and the bulk
// extension with its per-user failures.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicUser } from "../../../../../api/store/records.ts";
import { useExpiring } from "./expiring.ts";
import { remaining } from "../expiry.ts";
import { answer } from "../../../test_support/fetch.ts";

const DAY = 24 * 60 * 60 * 1000;

const user = (code: string, inDays: number) =>
  ({
    employeeCode: code,
    fullName: code,
    station: "CAI",
    passwordExpiry: new Date(Date.now() + inDays * DAY).toISOString(),
  }) as PublicUser;

/** A server with users A (2 days) and B (20 days); extensions of the codes in `refuse` fail. */
function server(refuse: string[] = []) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    calls.push({
      method,
      path: url.pathname + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (url.pathname === "/api/users/expiring") {
      const days = url.searchParams.get("days");
      const users = days === "7" ? [user("A", 2)] : [user("A", 2), user("B", 20)];
      return answer(200, {
        success: true,
        data: { users, page: 1, limit: 25, total: users.length, pages: 1 },
      });
    }
    const code = url.pathname.split("/")[3];
    if (refuse.includes(code)) {
      return answer(404, { success: false, message: `User ${code} not found` });
    }
    return answer(200, { success: true, data: user(code, 30) });
  });
  return calls;
}

beforeEach(() => {
  useExpiring.setState({ users: null, selected: [], status: null, filter: "30", page: 1 });
});
afterEach(() => vi.unstubAllGlobals());

describe("time left", () => {
  const now = Date.parse("2024-03-01T12:00:00Z");
  const at = (ms: number) => new Date(now + ms).toISOString();

  it("colour by time left, and say it in words", () => {
    expect(remaining(at(-1), now)).toMatchObject({
      tone: "expired",
      text: "Expired less than an hour ago",
    });
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
});

describe("expiring users", () => {
  it("asks the server for the window's page, soonest first as it answers", async () => {
    const calls = server();
    useExpiring.getState().setFilter("7");
    await vi.waitFor(() => expect(useExpiring.getState().users).not.toBeNull());
    expect(calls.map((c) => c.path)).toEqual(["/api/users/expiring?days=7&page=1&limit=25"]);
    expect(useExpiring.getState().users?.map((u) => u.employeeCode)).toEqual(["A"]);
    expect(useExpiring.getState().total).toBe(1);
  });

  it("extends the selected users and keeps the failures selected", async () => {
    const calls = server(["B"]);
    await useExpiring.getState().load();
    useExpiring.getState().selectOnly(["A", "B"]);
    const results = await useExpiring.getState().extendSelected(365);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([
      ["/api/users/A/extend-password", { days: 365 }],
      ["/api/users/B/extend-password", { days: 365 }],
    ]);
    expect(useExpiring.getState().status).toMatchObject({
      ok: false,
      text: "Failed to extend password(s): 1 extended, 1 failed",
      details: ["B: User B not found"],
    });
    // the page is read again after the extension; B, still on it, stays selected to retry
    expect(calls.filter((c) => c.path.startsWith("/api/users/expiring"))).toHaveLength(2);
    expect(useExpiring.getState().selected).toEqual(["B"]);
  });

  it("starts the selection again when the filter changes", () => {
    server();
    useExpiring.getState().toggle("A");
    expect(useExpiring.getState().selected).toEqual(["A"]);
    useExpiring.getState().setFilter("7");
    expect(useExpiring.getState().selected).toEqual([]);
  });
});
