// The user list's toolbar as an admin uses it (issue 27): the station picker lists the stations
// there are with their counts (a station admin's own only), every filter's options count under
// the other filters, narrow screens fold the filters behind 'Filters (n)', and the Columns menu
// hides a table column and remembers it on this device.

import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminUser } from "../admin_users.ts";
import { NO_FILTERS } from "./user_filters.ts";
import { useAdminUsers } from "./user_list.ts";
import type { UserCounts } from "./user_list_query.ts";
import { DEFAULT_HIDDEN, USER_COLUMNS_KEY, useUserColumns } from "./user_columns.ts";
import { useSession } from "../../shell/session.ts";
import { renderRouted } from "../../../test_support/router.tsx";
import { sessionOf } from "../../../test_support/session.ts";
import { UserListToolbar } from "./UserListToolbar.tsx";
import { UserTable } from "./UserTable.tsx";

const COUNTS: UserCounts = {
  all: 60,
  active: 50,
  inactive: 4,
  super_admin: 1,
  admin: 5,
  user: 48,
  locked: 3,
  twoFactor: 10,
  noTwoFactor: 44,
  expired: 2,
  expiring7: 6,
  expiring30: 9,
  stations: { LXR: 4, CAI: 30, ASW: 0 },
};

const options = (label: string) =>
  [...(screen.getByLabelText(label, { selector: "select" }) as HTMLSelectElement).options].map((
    o,
  ) => o.textContent);

afterEach(() => {
  cleanup();
  useSession.setState({ user: null });
  useAdminUsers.setState({ counts: null });
  useUserColumns.setState({ hidden: [...DEFAULT_HIDDEN] });
  localStorage.clear();
});

describe("the user list's filters", () => {
  it("picks a station among those there are, and counts every option under the other filters", async () => {
    useSession.setState({ user: sessionOf("S1", "super_admin") });
    useAdminUsers.setState({ counts: COUNTS });
    const setFilters = vi.fn();
    await renderRouted(<UserListToolbar filters={NO_FILTERS} setFilters={setFilters} wide />);
    expect(options("Station")).toEqual([
      "All stations (34)",
      "ASW (0)",
      "CAI (30)",
      "LXR (4)",
    ]);
    fireEvent.change(screen.getByLabelText("Station", { selector: "select" }), {
      target: { value: "LXR" },
    });
    expect(setFilters).toHaveBeenCalledWith({ station: "LXR" });
    expect(options("Role")).toEqual([
      "All Roles (54)",
      "Super Admins (1)",
      "Admins (5)",
      "Users (48)",
    ]);
    expect(options("Status")).toEqual(["All (54)", "Active (50)", "Inactive (4)"]);
    expect(options("Password")).toEqual([
      "Any expiry",
      "Password expired (2)",
      "Expired or within 7 days (6)",
      "Expired or within 30 days (9)",
    ]);
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "expired" } });
    expect(setFilters).toHaveBeenLastCalledWith({ expiring: "expired" });
  });

  it("shows a station admin its own station only", async () => {
    useSession.setState({
      user: sessionOf("A1", "admin", { canManageUsers: true, canViewAllStations: false }),
    });
    useAdminUsers.setState({ counts: { ...COUNTS, stations: { CAI: 30 } } });
    await renderRouted(<UserListToolbar filters={NO_FILTERS} setFilters={vi.fn()} wide />);
    expect(options("Station")).toEqual(["CAI (30)"]);
  });

  it("folds the filters behind 'Filters' on narrow screens, saying how many are set", async () => {
    useSession.setState({ user: sessionOf("S1", "super_admin") });
    const filters = { ...NO_FILTERS, station: "CAI", locked: true };
    await renderRouted(
      <UserListToolbar filters={filters} setFilters={vi.fn()} wide={false} />,
    );
    const toggle = screen.getByRole("button", { name: "Filters (2)" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("combobox", { name: "Role" })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("combobox", { name: "Role" })).toBeTruthy();
    // the search stays in view either way
    expect(screen.getByRole("searchbox")).toBeTruthy();
  });
});

describe("the table's columns", () => {
  it("shows department and apps by default, and the columns the admin ticks, kept on this device", async () => {
    useSession.setState({ user: sessionOf("S1", "super_admin") });
    const user = {
      employeeCode: "U1",
      fullName: "Mona Said",
      email: "mona.said@example.com",
      station: "CAI",
      role: "user",
      isActive: true,
      department: "Ramp",
      jobTitle: "Load controller",
      accessibleApps: ["ffm-to-uws", "uld-extractor"],
      lockedUntil: null,
      lastLogin: null,
      passwordExpiry: null,
      twoFactorEnabled: false,
    } as unknown as AdminUser;
    const table = (
      <>
        <UserListToolbar filters={NO_FILTERS} setFilters={vi.fn()} wide />
        <UserTable
          users={[user]}
          actor={sessionOf("S1", "super_admin")}
          selected={[]}
          working={null}
          disabled={false}
          busy={false}
          filters={NO_FILTERS}
          onSort={() => {}}
          onToggle={() => {}}
          handlers={() => ({ onActive() {}, onReset() {}, onUnlock() {}, onApps() {} })}
          selectAll={null}
        />
      </>
    );
    await renderRouted(table);
    const headers = () => screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers()).toEqual(expect.arrayContaining(["Department", "Apps"]));
    expect(headers()).not.toContain("Job title");
    expect(screen.getByRole("cell", { name: "Ramp" })).toBeTruthy();
    expect(screen.getByText("mona.said@example.com").getAttribute("title")).toBe(
      "mona.said@example.com",
    );
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Job title" }));
    expect(screen.getByRole("cell", { name: "Load controller" })).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Department" }));
    expect(headers()).not.toContain("Department");
    expect(screen.queryByRole("cell", { name: "Ramp" })).toBeNull();
    expect(JSON.parse(localStorage.getItem(USER_COLUMNS_KEY)!).state).toEqual({
      hidden: ["department"],
    });
  });
});
