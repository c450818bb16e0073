// The user detail as an administrator sees it: the actions offered on an account (and not on
// one's own), the status line's texts for an action that works and one the server refuses, and
// the typed DELETE that cancels a deletion.

import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminUser } from "../admin_users.ts";
import { useUserDetail } from "../admin_users.ts";
import { useSession } from "../../shell/session.ts";
import { sessionOf } from "../../../test_support/session.ts";
import { renderRouted } from "../../../test_support/router.tsx";
import { UserDetailPage } from "./UserDetailPage.tsx";
import { answer } from "../../../test_support/fetch.ts";

const DAY = 86_400_000;

const account = (patch: Partial<AdminUser> = {}) =>
  ({
    employeeCode: "U1",
    firstName: "Dina",
    lastName: "Test",
    fullName: "Dina Test",
    email: "",
    phone: "",
    station: "CAI",
    department: "",
    jobTitle: "Agent",
    role: "user",
    isActive: true,
    accessibleApps: [],
    lockedUntil: new Date(Date.now() + DAY).toISOString(),
    passwordExpiry: new Date(Date.now() + 29.5 * DAY).toISOString(),
    loginAttempts: 5,
    lastLogin: null,
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...patch,
  }) as AdminUser;

/** A server with the account U1 (locked); extensions are refused with the server's message. */
function server(user = account()) {
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const method = init?.method ?? "GET";
    if (path === "/api/users/U1/sessions") return answer(200, { success: true, data: [{}, {}] });
    if (path === "/api/users/U1/unlock" && method === "POST") {
      return answer(200, { success: true, data: { ...user, lockedUntil: null } });
    }
    if (path === "/api/users/U1/extend-password") {
      return answer(403, { success: false, message: "You may not extend passwords" });
    }
    if (path === "/api/users/U1") return answer(200, { success: true, data: user });
    return answer(404, { success: false, message: "not found" });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

async function open(actor: ReturnType<typeof sessionOf>, user = account()) {
  useSession.setState({ user: actor });
  server(user);
  // what the route's loader does before the page shows
  await useUserDetail.getState().open("U1");
  await renderRouted(<UserDetailPage employeeCode="U1" />);
  await screen.findByRole("heading", { name: "Profile" });
}

const buttons = () =>
  screen.getAllByRole("button").map((b) => b.textContent).filter((t) => t !== "");

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
  useUserDetail.setState({ employeeCode: "", user: null, state: "idle", status: null });
});

describe("the user detail", () => {
  it("offers every action on another account, and the days left as the list counts them", async () => {
    await open(sessionOf("S1", "super_admin"));
    expect(buttons()).toEqual(expect.arrayContaining([
      "Edit",
      "Deactivate",
      "Unlock",
      "Assign Apps",
      "Reset Password",
      "Extend 30 Days",
      "Extend 90 Days",
      "Sign out everywhere",
      "Delete User",
    ]));
    expect(screen.getByTestId("password-expiry").textContent).toContain("(Expires in 30 days)");
    expect(await screen.findByText("Active sessions: 2")).toBeTruthy();
  });

  it("offers none of them on one's own account", async () => {
    await open(
      sessionOf("U1", "admin", { canManageUsers: true, canAccessAdminApps: true }),
      account({ role: "admin" }),
    );
    const offered = buttons();
    for (const action of ["Deactivate", "Unlock", "Reset Password", "Delete User"]) {
      expect(offered).not.toContain(action);
    }
    expect(offered).toContain("Edit");
    expect(screen.getByText(/Change your own password from/)).toBeTruthy();
  });

  it("offers none of them on an admin who holds a flag the viewer lacks (issue 48)", async () => {
    const viewer = sessionOf("N1", "admin", {
      canManageUsers: true,
      canAccessAdminApps: true,
      canExtendPasswords: true,
    });
    await open(viewer, account({ role: "admin", canManageUsers: true, canViewAllStations: true }));
    const offered = buttons();
    for (
      const action of ["Edit", "Deactivate", "Unlock", "Reset Password", "Extend 30 Days"]
    ) {
      expect(offered).not.toContain(action);
    }
    for (const action of ["Assign Apps", "Sign out everywhere", "Delete User"]) {
      expect(offered).not.toContain(action);
    }
    expect(screen.getByText(/holds a role or permission you do not have/)).toBeTruthy();
  });

  it("says an action's outcome, and the server's reason when it refuses", async () => {
    await open(sessionOf("S1", "super_admin"));
    fireEvent.click(screen.getByRole("button", { name: "Unlock" }));
    expect(await screen.findByText("Account U1 unlocked")).toBeTruthy();
    // the account is unlocked now: no Unlock any more
    expect(screen.queryByRole("button", { name: "Unlock" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Extend 30 Days" }));
    expect(await screen.findByText("Failed to extend password(s)")).toBeTruthy();
    const details = screen.getByRole("list", { name: "Details" });
    expect(within(details).getByText("You may not extend passwords")).toBeTruthy();
  });

  it("a deletion asks twice and is cancelled unless DELETE is typed", async () => {
    const fetch = server();
    await open(sessionOf("S1", "super_admin"));
    fireEvent.click(screen.getByRole("button", { name: "Delete User" }));
    const first = screen.getByRole("dialog", { name: "Delete User" });
    expect(first.textContent).toContain("Delete Dina Test (U1)? This cannot be undone.");
    fireEvent.click(within(first).getByRole("button", { name: "Continue" }));
    const typed = screen.getByRole("dialog", { name: "Type DELETE to confirm" });
    fireEvent.change(within(typed).getByLabelText("Confirmation"), { target: { value: "delete" } });
    fireEvent.click(within(typed).getByRole("button", { name: "Delete User" }));
    expect(
      await screen.findByText("Deletion cancelled - confirmation text did not match"),
    ).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
  });
});
