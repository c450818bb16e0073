// The Assign Apps dialog on the user page and as the approval of a registration (issue 27): the
// same checkboxes, the approval's own title, button text and failure text.

import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AssignAppsDialog } from "./AssignAppsDialog.tsx";

afterEach(cleanup);

const newcomer = {
  employeeCode: "NEW1",
  fullName: "Nour Adel",
  role: "user" as const,
  accessibleApps: [],
};

describe("the Assign Apps dialog", () => {
  it("on the user page: the account's apps checked, 'Save (N apps)'", async () => {
    const onSave = vi.fn(() => Promise.resolve(null));
    const onClose = vi.fn();
    render(
      <AssignAppsDialog
        user={{ ...newcomer, accessibleApps: ["uld-extractor"] }}
        onSave={onSave}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole("heading", { name: "Assign Apps" })).toBeTruthy();
    expect((screen.getByLabelText("ULD Extractor") as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Save (1 apps)" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(["uld-extractor"]);
  });

  it("approving a registration: the chosen normal apps only, and the server's refusal stays", async () => {
    const onSave = vi.fn(() => Promise.resolve("No pending registration request for NEW1"));
    const onClose = vi.fn();
    render(
      <AssignAppsDialog
        user={newcomer}
        title="Approve & Create User"
        saveLabel={(n) => `Create User (${n} ${n === 1 ? "app" : "apps"})`}
        failureText="Failed to approve registration request"
        onSave={onSave}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole("dialog", { name: "Approve & Create User" })).toBeTruthy();
    expect(screen.queryByLabelText("User Management")).toBeNull();
    expect(screen.getByText("Admin apps can be given to admin and super admin accounts only."))
      .toBeTruthy();
    fireEvent.click(screen.getByLabelText("FFM TO UWS"));
    fireEvent.click(screen.getByRole("button", { name: "Create User (1 app)" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Failed to approve registration requestNo pending registration request for NEW1",
      )
    );
    expect(onSave).toHaveBeenCalledWith(["ffm-to-uws"]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
