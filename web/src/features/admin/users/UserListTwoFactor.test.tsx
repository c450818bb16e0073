// Two-factor sign-in on the user list (issue 26): the table's 2FA column says On or Off from each
// row's flag (named in full for screen readers), and the toolbar's Two-factor filter shows the
// server's counts and changes the address's filters.

import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminUser } from "../admin_users.ts";
import { NO_FILTERS } from "./user_filters.ts";
import { useAdminUsers } from "./user_list.ts";
import type { UserCounts } from "./user_list_query.ts";
import { useSession } from "../../shell/session.ts";
import { renderRouted } from "../../../test_support/router.tsx";
import { sessionOf } from "../../../test_support/session.ts";
import { UserListToolbar } from "./UserListToolbar.tsx";
import { UserTable } from "./UserTable.tsx";

const user = (code: string, twoFactorEnabled: boolean) =>
  ({
    employeeCode: code,
    fullName: `Name ${code}`,
    station: "CAI",
    role: "user",
    isActive: true,
    accessibleApps: [],
    lockedUntil: null,
    lastLogin: null,
    passwordExpiry: null,
    twoFactorEnabled,
  }) as unknown as AdminUser;

const COUNTS: UserCounts = {
  all: 10,
  active: 10,
  inactive: 0,
  super_admin: 0,
  admin: 0,
  user: 10,
  locked: 0,
  twoFactor: 3,
  noTwoFactor: 7,
  expired: 0,
  expiring7: 0,
  expiring30: 0,
  stations: { CAI: 10 },
};

afterEach(() => {
  cleanup();
  useSession.setState({ user: null });
  useAdminUsers.setState({ counts: null });
});

describe("two-factor sign-in on the user list", () => {
  it("shows On or Off in the 2FA column, named in full for screen readers", async () => {
    const actor = sessionOf("S1", "super_admin");
    await renderRouted(
      <UserTable
        users={[user("U1", true), user("U2", false)]}
        actor={actor}
        selected={[]}
        working={null}
        disabled={false}
        busy={false}
        filters={NO_FILTERS}
        onSort={() => {}}
        onToggle={() => {}}
        handlers={() => ({ onActive() {}, onReset() {}, onUnlock() {}, onApps() {} })}
        selectAll={null}
      />,
    );
    const header = screen.getByRole("columnheader", { name: "2FA" });
    expect(header.querySelector("abbr")?.title).toBe("Two-factor sign-in");
    const [, first, second] = screen.getAllByRole("row");
    expect(within(first).getByText("Two-factor sign-in on")).toBeTruthy();
    expect(within(first).getByText("On").getAttribute("aria-hidden")).toBe("true");
    expect(within(second).getByText("Two-factor sign-in off")).toBeTruthy();
    expect(within(second).getByText("Off")).toBeTruthy();
  });

  it("filters by two-factor sign-in with the server's counts, and clears it", async () => {
    useSession.setState({ user: sessionOf("S1", "super_admin") });
    useAdminUsers.setState({ counts: COUNTS });
    const setFilters = vi.fn();
    await renderRouted(
      <UserListToolbar filters={NO_FILTERS} setFilters={setFilters} wide />,
    );
    const select = screen.getByLabelText("Two-factor") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "All (10)",
      "On (3)",
      "Off (7)",
    ]);
    fireEvent.change(select, { target: { value: "off" } });
    expect(setFilters).toHaveBeenCalledWith({ twoFactor: "off" });

    cleanup();
    await renderRouted(
      <UserListToolbar filters={{ ...NO_FILTERS, twoFactor: "on" }} setFilters={setFilters} wide />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(setFilters).toHaveBeenLastCalledWith(expect.objectContaining({ twoFactor: "all" }));
  });
});
