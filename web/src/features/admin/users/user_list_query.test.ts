// The two-factor filter of the user list (issue 26): it stands in the address as twoFactor=on|off
// (nothing for all, like the other filters), and the server is asked twoFactor=true|false.

import { afterEach, describe, expect, it, vi } from "vitest";
import { answer, callOf } from "../../../test_support/fetch.ts";
import { filtersOf, NO_FILTERS, searchOf, validateUserListSearch } from "./user_filters.ts";
import { useAdminUsers } from "./user_list.ts";
import { filterOf, queryOf } from "./user_list_query.ts";

const initial = useAdminUsers.getState();

afterEach(() => {
  vi.unstubAllGlobals();
  useAdminUsers.setState(initial);
});

describe("the two-factor filter", () => {
  it("asks the server twoFactor=true for on, false for off, and nothing for all", () => {
    const asked = (twoFactor: "all" | "on" | "off") =>
      queryOf({ search: "", filters: { ...NO_FILTERS, twoFactor } }, 1, 10);
    expect(asked("on")).toEqual({ page: "1", limit: "10", twoFactor: "true" });
    expect(asked("off")).toEqual({ page: "1", limit: "10", twoFactor: "false" });
    expect(asked("all")).toEqual({ page: "1", limit: "10" });
    // the export and the bulk actions over matching users ask with the same filter
    expect(filterOf({ search: "", filters: { ...NO_FILTERS, twoFactor: "off" } })).toEqual({
      twoFactor: "false",
    });
  });

  it("stands in the address as on or off, and unknown values are dropped", () => {
    expect(searchOf({ ...NO_FILTERS, twoFactor: "off" })).toEqual({ twoFactor: "off" });
    expect(searchOf(NO_FILTERS)).toEqual({});
    expect(filtersOf(validateUserListSearch({ twoFactor: "on", locked: "true" }))).toEqual({
      ...NO_FILTERS,
      twoFactor: "on",
      locked: true,
    });
    expect(validateUserListSearch({ twoFactor: "maybe" })).toEqual({});
  });

  it("the list store sends it with the page's query", async () => {
    const urls: URL[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        urls.push(callOf(input, init).url);
        return answer(200, {
          success: true,
          data: {
            users: [],
            page: 1,
            limit: 10,
            total: 0,
            pages: 1,
            counts: {
              all: 4,
              active: 4,
              inactive: 0,
              super_admin: 0,
              admin: 0,
              user: 4,
              locked: 0,
              twoFactor: 1,
            },
          },
        });
      }),
    );
    useAdminUsers.getState().setFilters({ ...NO_FILTERS, twoFactor: "on" });
    await vi.waitFor(() => expect(useAdminUsers.getState().loaded).toBe(true));
    expect(urls.map((u) => u.pathname)).toEqual(["/api/users/paginated"]);
    expect(Object.fromEntries(urls[0].searchParams)).toEqual({
      page: "1",
      limit: "10",
      twoFactor: "true",
    });
    expect(useAdminUsers.getState().counts?.twoFactor).toBe(1);
  });
});
