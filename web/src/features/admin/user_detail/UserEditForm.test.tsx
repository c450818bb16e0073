// The edit form asks before making anyone a super admin (issue 22, hole 15), and the bulk role
// change shows the flags the server gives: the role's defaults, capped by the actor's own.

import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminUser } from "../admin_users.ts";
import { permissionsAs } from "../../../../../api/rules/flags.ts";
import { useSession } from "../../shell/session.ts";
import { UserEditForm } from "./UserEditForm.tsx";
import { sessionOf } from "../../../test_support/session.ts";

const target = {
  employeeCode: "A7",
  firstName: "Amal",
  lastName: "Test",
  fullName: "Amal Test",
  email: "",
  phone: "",
  station: "CAI",
  department: "",
  jobTitle: "Agent",
  role: "admin",
  isActive: true,
} as AdminUser;

afterEach(() => {
  cleanup();
  useSession.setState({ user: null });
});

describe("the edit form's change to Super Admin", () => {
  function open() {
    useSession.setState({ user: sessionOf("S1", "super_admin") });
    const onSave = vi.fn(() => Promise.resolve(true));
    render(<UserEditForm user={target} busy={false} onSave={onSave} onCancel={() => {}} />);
    fireEvent.change(screen.getByRole("combobox", { name: /Role/ }), {
      target: { value: "super_admin" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    return onSave;
  }

  it("asks first, and Cancel saves nothing", () => {
    const onSave = open();
    const dialog = screen.getByRole("dialog", { name: "Make a Super Admin" });
    expect(dialog.textContent).toContain("Amal Test (A7)");
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("saves the role once confirmed", () => {
    const onSave = open();
    fireEvent.click(screen.getByRole("button", { name: "Make Super Admin" }));
    expect(onSave).toHaveBeenCalledWith({ role: "super_admin" });
  });

  it("saves other changes without asking", () => {
    useSession.setState({ user: sessionOf("S1", "super_admin") });
    const onSave = vi.fn(() => Promise.resolve(true));
    render(
      <UserEditForm
        user={{ ...target, role: "user" }}
        busy={false}
        onSave={onSave}
        onCancel={() => {}}
      />,
    );
    fireEvent.change(screen.getByRole("combobox", { name: /Role/ }), {
      target: { value: "admin" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onSave).toHaveBeenCalledWith({ role: "admin" });
  });
});

describe("the flags a role change gives (as the server decides them)", () => {
  it("a new admin gets the admin defaults from a super admin: all but all stations", () => {
    expect(permissionsAs(sessionOf("S1", "super_admin"), "admin")).toEqual({
      canManageUsers: true,
      canExtendPasswords: true,
      canViewAllStations: false,
      canAccessAdminApps: true,
    });
  });

  it("never a flag the actor lacks, and a user none", () => {
    const narrowed = sessionOf("NA", "admin", { canManageUsers: true });
    expect(permissionsAs(narrowed, "admin")).toEqual({
      canManageUsers: true,
      canExtendPasswords: false,
      canViewAllStations: false,
      canAccessAdminApps: false,
    });
    expect(Object.values(permissionsAs(sessionOf("S1", "super_admin"), "user"))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(Object.values(permissionsAs(narrowed, "super_admin")).every(Boolean)).toBe(true);
  });
});
