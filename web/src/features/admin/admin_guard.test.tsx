// The admin guard, through the real routes: the admin layout route refuses before the page
// loads (no call for its data), with the access page's texts; the page routes' declared needs
// decide, and the admin navigation shows only what the user may open.

import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { needOf } from "./admin_guard.ts";
import { endRouteTest, renderRoute, serveApi } from "../../test_support/routes.tsx";
import { sessionOf } from "../../test_support/session.ts";
import { type SessionUser, useSession } from "../shell/session.ts";

/** Signs `user` in (stored and answered by /api/auth/me) with the other calls as given. */
function signedIn(user: SessionUser, more: Parameters<typeof serveApi>[0] = {}) {
  useSession.setState({ user });
  return serveApi({ "GET /api/auth/me": { data: { user } }, ...more });
}

const REFUSED = "You do not have access to this page";

beforeEach(() => localStorage.clear());
afterEach(endRouteTest);

describe("the admin layout route", () => {
  it("shows a user without the admin area the access page, and asks nothing for the page", async () => {
    const served = signedIn(sessionOf("U1", "user"));
    renderRoute("/apps/admin-apps/users/U2");
    expect(await screen.findByText(REFUSED)).toBeTruthy();
    expect(screen.getByText("The admin area is for administrators.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Admin Apps");
    expect(screen.getByRole("link", { name: "Back to Applications" })).toBeTruthy();
    expect(served.filter((c) => c.startsWith("GET /api/users/U2"))).toEqual([]);
  });

  it("shows an admin without the page's permission the access page (settings: super admins)", async () => {
    signedIn(sessionOf("A1", "admin", { canAccessAdminApps: true, canManageUsers: true }));
    renderRoute("/apps/admin-apps/settings");
    expect(await screen.findByText(REFUSED)).toBeTruthy();
    expect(
      screen.getByText("Your account's permissions do not include it. Ask a super admin."),
    ).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Admin" })).toBeNull();
  });

  it("lets an admin who manages users open a user: the loader asks for it, the page shows it", async () => {
    const admin = sessionOf("A1", "admin", { canAccessAdminApps: true, canManageUsers: true });
    const served = signedIn(admin, {
      "GET /api/users/U2": { data: { ...sessionOf("U2", "user"), fullName: "User Two" } },
    });
    renderRoute("/apps/admin-apps/users/U2");
    await waitFor(() => expect(screen.getAllByText(/User Two/).length).toBeGreaterThan(0));
    expect(screen.queryByText(REFUSED)).toBeNull();
    expect(served.filter((c) => c === "GET /api/users/U2")).toHaveLength(1);
  });

  it("shows in the admin navigation only the pages the routes let the user open", async () => {
    signedIn(sessionOf("A1", "admin", { canAccessAdminApps: true }));
    renderRoute("/apps/admin-apps/audit");
    const nav = await screen.findByRole("navigation", { name: "Admin" });
    expect([...nav.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Dashboard",
      "Audit Log",
      "AI Memory",
    ]);
  });
});

describe("a page's need", () => {
  it("is the deepest route's that says one, else the admin area", () => {
    expect(needOf([undefined, {}, { need: "manageUsers" }, {}])).toBe("manageUsers");
    expect(needOf([{ need: "manageUsers" }, { need: "superAdmin" }])).toBe("superAdmin");
    expect(needOf([undefined, {}])).toBe("adminArea");
  });
});
