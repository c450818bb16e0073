// The user list store: a new query (search, filters, sort) goes back to page 1, bulk actions count what succeeded and
// failed per user, the export asks for the filtered rows, and load failures say what to do.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminUser } from "../admin_users.ts";
import { NO_FILTERS } from "./user_filters.ts";
import { csvRecords } from "./user_export.ts";
import { useAdminUsers } from "./user_list.ts";

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Promise.resolve(
    new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    }),
  );

function user(n: number, patch: Partial<AdminUser> = {}): AdminUser {
  const code = `T${String(n).padStart(3, "0")}`;
  return {
    employeeCode: code,
    firstName: "Test",
    lastName: `User ${n}`,
    fullName: `Test User ${n}`,
    station: n % 2 ? "CAI" : "JED",
    role: "user",
    isActive: true,
    accessibleApps: [],
    lockedUntil: null,
    ...patch,
  } as AdminUser;
}

/** A server over 35 users that refuses the codes in `refuse` with a 403. */
function server(refuse: ReadonlySet<string> = new Set()) {
  const users = Array.from({ length: 35 }, (_, i) => user(i + 1, { isActive: i % 5 !== 0 }));
  const calls: { method: string; url: URL }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    calls.push({ method, url });
    const path = url.pathname;
    if (path === "/api/users/paginated") {
      const q = url.searchParams;
      const search = (q.get("search") ?? "").toLowerCase();
      const searched = users.filter((u) => u.employeeCode.toLowerCase().includes(search));
      const filtered = searched.filter((u) =>
        (!q.has("role") || u.role === q.get("role")) &&
        (!q.has("isActive") || String(u.isActive) === q.get("isActive"))
      );
      const limit = Number(q.get("limit") ?? 10);
      const pages = Math.max(1, Math.ceil(filtered.length / limit));
      const page = Math.min(Number(q.get("page") ?? 1), pages);
      return answer(200, {
        success: true,
        data: {
          users: filtered.slice((page - 1) * limit, page * limit),
          page,
          limit,
          total: filtered.length,
          pages,
          counts: {
            all: searched.length,
            active: searched.filter((u) => u.isActive).length,
            inactive: searched.filter((u) => !u.isActive).length,
            super_admin: 0,
            admin: 0,
            user: searched.length,
            locked: 0,
          },
        },
      });
    }
    if (path === "/api/users/export") {
      // the server filters as the list does (here: the status filter only)
      const q = url.searchParams;
      const kept = users.filter((u) =>
        !q.has("isActive") || String(u.isActive) === q.get("isActive")
      );
      const rows = kept.map((u) => `${u.employeeCode},"${u.fullName}, CAI"`);
      return answer(200, `\ufeffEmployee Code,Full Name\r\n${rows.join("\r\n")}\r\n`, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="users_2026-01-02.csv"',
      });
    }
    const code = decodeURIComponent(path.split("/")[3] ?? "");
    if (refuse.has(code)) {
      return answer(403, {
        success: false,
        message: "Only a super admin can change a super admin account",
      });
    }
    const target = users.find((u) => u.employeeCode === code);
    if (target === undefined) {
      return answer(404, { success: false, message: `User ${code} not found` });
    }
    if (method === "DELETE") {
      users.splice(users.indexOf(target), 1);
      return answer(200, { success: true, data: { message: `User ${code} deleted` } });
    }
    if (method === "PUT") Object.assign(target, JSON.parse(String(init?.body ?? "{}")));
    return answer(200, { success: true, data: target });
  });
  return { fetch, calls, users };
}

const initial = useAdminUsers.getState();

beforeEach(() => {
  useAdminUsers.setState({ ...initial, selected: [], status: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("paging", () => {
  it("loads a page with 'N of M' counts and moves between pages", async () => {
    vi.stubGlobal("fetch", server().fetch);
    const s = useAdminUsers.getState();
    await s.load();
    expect(useAdminUsers.getState()).toMatchObject({ total: 35, everyone: 35, pages: 4, page: 1 });
    expect(useAdminUsers.getState().users).toHaveLength(10);
    s.setPage(4);
    await vi.waitFor(() => expect(useAdminUsers.getState().users).toHaveLength(5));
    expect(useAdminUsers.getState().page).toBe(4);
    // beyond the last page stays on the last
    s.setPage(9);
    expect(useAdminUsers.getState().page).toBe(4);
  });

  it("a filter or page-size change goes back to page 1 and clears the selection", async () => {
    vi.stubGlobal("fetch", server().fetch);
    const s = useAdminUsers.getState();
    await s.load();
    s.setPage(3);
    await vi.waitFor(() => expect(useAdminUsers.getState().users[0]?.employeeCode).toBe("T021"));
    s.toggle("T021");
    expect(useAdminUsers.getState().selected).toEqual(["T021"]);

    s.setFilters({ ...NO_FILTERS, status: "inactive" });
    expect(useAdminUsers.getState()).toMatchObject({ page: 1, selected: [] });
    await vi.waitFor(() => expect(useAdminUsers.getState().total).toBe(7));
    expect(useAdminUsers.getState().everyone).toBe(35);

    s.setFilters(NO_FILTERS);
    await vi.waitFor(() => expect(useAdminUsers.getState().total).toBe(35));
    s.setPage(2);
    await vi.waitFor(() => expect(useAdminUsers.getState().page).toBe(2));
    s.setLimit(25);
    expect(useAdminUsers.getState().page).toBe(1);
    await vi.waitFor(() => expect(useAdminUsers.getState().users).toHaveLength(25));
    // the next visit starts with the size the admin chose
    expect(localStorage.getItem("portal.users.limit")).toBe("25");

    s.setPage(2);
    await vi.waitFor(() => expect(useAdminUsers.getState().page).toBe(2));
    s.setFilters({ ...NO_FILTERS, role: "user" });
    expect(useAdminUsers.getState().page).toBe(1);
  });

  it("a search waits for the typing to stop, starts at page 1, and keeps M as everyone", async () => {
    const srv = server();
    vi.stubGlobal("fetch", srv.fetch);
    const s = useAdminUsers.getState();
    await s.load();
    s.setPage(2);
    await vi.waitFor(() => expect(useAdminUsers.getState().page).toBe(2));
    vi.useFakeTimers();
    const before = srv.calls.length;
    s.setSearch("T00");
    s.setSearch("T01");
    expect(useAdminUsers.getState().page).toBe(1);
    expect(srv.calls.length).toBe(before);
    await vi.advanceTimersByTimeAsync(400);
    vi.useRealTimers();
    await vi.waitFor(() => expect(useAdminUsers.getState().total).toBe(10));
    expect(useAdminUsers.getState().everyone).toBe(35);
    const searched = srv.calls.slice(before).map((c) => c.url.searchParams.get("search"));
    expect(searched).toContain("T01");
    expect(searched).not.toContain("T00");
  });
});

describe("filters and sort", () => {
  it("asks the server for the address's filters and sort, and only what differs from none", async () => {
    const srv = server();
    vi.stubGlobal("fetch", srv.fetch);
    const s = useAdminUsers.getState();
    s.setFilters({
      ...NO_FILTERS,
      station: "JED",
      locked: true,
      expiring: "30",
      sort: "passwordExpiry",
      order: "desc",
    });
    await vi.waitFor(() => expect(useAdminUsers.getState().loaded).toBe(true));
    const asked = srv.calls.map((c) => Object.fromEntries(c.url.searchParams));
    expect(asked).toContainEqual({
      page: "1",
      limit: "10",
      station: "JED",
      locked: "true",
      expiring: "30",
      sort: "passwordExpiry",
      order: "desc",
    });
    // a station is a filter of the counts too: everyone is asked without it
    expect(asked).toContainEqual({ page: "1", limit: "10" });
    // the same filters again (the connection is back) reload the page the admin is on
    useAdminUsers.setState({ page: 2, pages: 3, selected: ["T002"] });
    s.setFilters({ ...useAdminUsers.getState().filters });
    expect(useAdminUsers.getState()).toMatchObject({ page: 2, selected: ["T002"] });
  });
});

describe("the address's search text and page", () => {
  it("opens the address's page of its search, and a new search or filter ends 'all matching'", async () => {
    const srv = server();
    vi.stubGlobal("fetch", srv.fetch);
    const s = useAdminUsers.getState();
    s.setQuery({ filters: { ...NO_FILTERS, status: "active" }, search: "T0", page: 2 });
    await vi.waitFor(() => expect(useAdminUsers.getState().loaded).toBe(true));
    expect(srv.calls.map((c) => Object.fromEntries(c.url.searchParams))).toContainEqual({
      page: "2",
      limit: "10",
      search: "T0",
      isActive: "true",
    });
    expect(useAdminUsers.getState()).toMatchObject({ page: 2, search: "T0" });
    // Back to page 1 of the same search: the page changes, the search stays
    s.setQuery({ filters: { ...NO_FILTERS, status: "active" }, search: "T0", page: 1 });
    expect(useAdminUsers.getState()).toMatchObject({ page: 1, search: "T0" });
    s.selectPage(["T001", "T002"], true);
    s.selectAllMatching();
    expect(useAdminUsers.getState().allMatching).toBe(true);
    s.setQuery({ filters: NO_FILTERS, search: "T0", page: 1 });
    expect(useAdminUsers.getState()).toMatchObject({ allMatching: false, selected: [] });
    s.selectAllMatching();
    s.toggle("T001");
    expect(useAdminUsers.getState().allMatching).toBe(false);
  });
});

describe("bulk actions", () => {
  it("bulk reset counts successes and failures with one message per user", async () => {
    vi.stubGlobal("fetch", server(new Set(["T002"])).fetch);
    const s = useAdminUsers.getState();
    await s.load();
    s.selectPage(["T001", "T002", "T003"], true);
    const results = await s.bulkReset();
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    const status = useAdminUsers.getState().status!;
    expect(status).toMatchObject({
      ok: false,
      text: "Password reset: 2 succeeded, 1 failed",
    });
    expect(status.details).toEqual([
      "T001: password reset to a one-time password",
      "T002: Only a super admin can change a super admin account",
      "T003: password reset to a one-time password",
    ]);
    // the failed one stays selected for another try
    expect(useAdminUsers.getState().selected).toEqual(["T002"]);
    expect(useAdminUsers.getState().progress).toBeNull();
  });

  it("bulk deactivate says the spec's text when some fail, and counts when all succeed", async () => {
    const srv = server(new Set(["T004"]));
    vi.stubGlobal("fetch", srv.fetch);
    const s = useAdminUsers.getState();
    await s.load();
    s.selectPage(["T002", "T004"], true);
    await s.bulkActive(false);
    expect(useAdminUsers.getState().status).toMatchObject({
      ok: false,
      text: "Failed to activate/deactivate some users",
      counts: { succeeded: 1, failed: 1 },
    });
    expect(srv.users.find((u) => u.employeeCode === "T002")?.isActive).toBe(false);

    s.selectPage(["T002", "T003"], true);
    s.toggle("T004");
    await s.bulkActive(true);
    expect(useAdminUsers.getState().status).toMatchObject({
      ok: true,
      text: "Activated 2 users",
      counts: { succeeded: 2, failed: 0 },
    });
  });

  it("bulk role change and bulk delete report per user", async () => {
    const srv = server(new Set(["T009"]));
    vi.stubGlobal("fetch", srv.fetch);
    const s = useAdminUsers.getState();
    await s.load();
    s.selectPage(["T007", "T009"], true);
    await s.bulkRole("admin");
    expect(useAdminUsers.getState().status?.text).toBe("Failed to change role for some users");
    expect(srv.users.find((u) => u.employeeCode === "T007")?.role).toBe("admin");

    s.selectPage(["T007", "T008", "T009"], true);
    await s.bulkDelete();
    expect(useAdminUsers.getState().status).toMatchObject({
      ok: false,
      text: "Delete: 2 succeeded, 1 failed",
      details: [
        "T007: User T007 deleted",
        "T008: User T008 deleted",
        "T009: Only a super admin can change a super admin account",
      ],
    });
    expect(useAdminUsers.getState().total).toBe(33);
  });
});

describe("card actions and load failures", () => {
  it("say the spec's texts when a card action is refused", async () => {
    vi.stubGlobal("fetch", server(new Set(["T001"])).fetch);
    const s = useAdminUsers.getState();
    await s.load();
    const u = useAdminUsers.getState().users[0];
    await s.setActive(u, false);
    expect(useAdminUsers.getState().status).toEqual({
      ok: false,
      text: "Failed to deactivate user",
      details: ["Only a super admin can change a super admin account"],
    });
    await s.unlock(u);
    expect(useAdminUsers.getState().status?.text).toBe(
      "Failed to unlock account: Only a super admin can change a super admin account",
    );
    await s.resetPassword(u);
    expect(useAdminUsers.getState().status?.text).toBe(
      "Failed to reset password: Only a super admin can change a super admin account",
    );
    expect(await s.assignApps(u, ["ffm-to-uws"])).toBe(
      "Only a super admin can change a super admin account",
    );
  });

  it("a network failure asks to sign in, a signed-out answer too, others show the message", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await useAdminUsers.getState().load();
    expect(useAdminUsers.getState().error).toMatchObject({ offline: true });

    vi.stubGlobal("fetch", vi.fn(() => answer(401, { success: false, message: "Please sign in" })));
    await useAdminUsers.getState().load();
    expect(useAdminUsers.getState().error).toEqual({
      offline: true,
      message: "Please login to view users",
    });

    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        answer(403, { success: false, message: "You do not have permission to manage users" })
      ),
    );
    await useAdminUsers.getState().load();
    expect(useAdminUsers.getState().error).toEqual({
      offline: false,
      message: "You do not have permission to manage users",
    });
  });
});

describe("export", () => {
  it("exports everything without filters, and asks the server for the filtered users with them", async () => {
    const { fetch, calls } = server();
    vi.stubGlobal("fetch", fetch);
    const s = useAdminUsers.getState();
    const all = (await s.exportCsv())!;
    expect(all.name).toBe("users_2026-01-02.csv");
    expect(all.count).toBe(35);
    expect(calls.at(-1)!.url.search).toBe("");
    s.setFilters({ ...NO_FILTERS, status: "inactive" });
    const before = calls.length;
    const some = (await useAdminUsers.getState().exportCsv())!;
    // one call, with the filter: no page of the list is read to filter in the browser
    expect(calls.slice(before).map((c) => `${c.url.pathname}${c.url.search}`)).toEqual([
      "/api/users/export?isActive=false",
    ]);
    expect(some.count).toBe(7);
    expect(some.text.startsWith("\ufeffEmployee Code,Full Name\r\nT001,")).toBe(true);
    expect(csvRecords(some.text.slice(1)).filter((r) => r !== "").map((r) => r.split(",")[0]))
      .toEqual([
        "Employee Code",
        "T001",
        "T006",
        "T011",
        "T016",
        "T021",
        "T026",
        "T031",
      ]);
    expect(useAdminUsers.getState().status).toEqual({
      ok: true,
      text: "Exported 7 users to users_2026-01-02.csv",
    });
  });
});
