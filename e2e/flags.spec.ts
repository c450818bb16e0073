// The permission rules as an administrator meets them on the screens (issue 22, holes 15 and 18):
// a change to Super Admin asks first, and one's own detail page offers only what the server takes
// (the own profile's edit). Every user here has a code starting with FL.

import { type APIRequestContext, expect } from "@playwright/test";
import { adminToken, confirmPassword, test, USER_PASSWORD, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

/** Creates a CAI user through the API as the first super admin. */
async function createUser(request: APIRequestContext, code: string) {
  const token = await adminToken(request);
  const made = await request.post("/api/users", {
    headers: { authorization: `Bearer ${token}` },
    data: { employeeCode: code, firstName: "Flag", lastName: code, station: "CAI" },
  });
  expect(made.status()).toBe(201);
}

/** The role of a user as stored. */
async function roleOf(request: APIRequestContext, code: string): Promise<string> {
  const token = await adminToken(request);
  const res = await request.get(`/api/users/${code}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()).data.role;
}

test("a station admin's own page offers only the own profile's edit", async ({ page, request }) => {
  await createUser(request, "FLU1");
  await userWithApps(page, "FLA1", [], "admin");
  await page.goto("/apps/admin-apps/users/FLU1");
  await expect(page.getByRole("heading", { name: "Password Management" })).toBeVisible();
  // on someone else the station admin has the actions
  for (const name of ["Extend 30 Days", "Assign Apps", "Reset Password", "Delete User"]) {
    await expect(page.getByRole("button", { name })).toBeVisible();
  }

  await page.goto("/apps/admin-apps/users/FLA1");
  await expect(page.getByRole("heading", { name: "Password Management" })).toBeVisible();
  for (
    const name of [
      "Extend 30 Days",
      "Extend 90 Days",
      "Assign Apps",
      "Reset Password",
      "Sign out everywhere",
      "Delete User",
      "Deactivate",
    ]
  ) {
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  }
  await page.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("form", { name: "Edit user" });
  await expect(form.getByLabel("Role")).toBeDisabled();
  await expect(form.getByLabel("Station")).toBeDisabled();
  await form.getByLabel("Department").fill("Ramp");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Changes saved")).toBeVisible();
});

test("a change to Super Admin in the edit form asks first", async ({ page, request }) => {
  await createUser(request, "FLU2");
  await userWithApps(page, "FLS1", [], "super_admin");
  await page.goto("/apps/admin-apps/users/FLU2");
  await page.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("form", { name: "Edit user" });
  await form.getByLabel("Role").selectOption("super_admin");
  await form.getByRole("button", { name: "Save Changes" }).click();
  const dialog = page.getByRole("dialog", { name: "Make a Super Admin" });
  await expect(dialog).toContainText("Make Flag FLU2 (FLU2) a Super Admin?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await roleOf(request, "FLU2")).toBe("user");

  await form.getByRole("button", { name: "Save Changes" }).click();
  await page.getByRole("dialog", { name: "Make a Super Admin" }).getByRole("button", {
    name: "Make Super Admin",
  }).click();
  // a promotion to super admin asks for the password again (issue 48)
  await confirmPassword(page, USER_PASSWORD);
  await expect(page.getByText("Changes saved")).toBeVisible();
  expect(await roleOf(request, "FLU2")).toBe("super_admin");
});

test("a request queue offers no action on the admin's own request, which another admin handles", async ({ page, request }) => {
  await createUser(request, "FLQ1");
  await userWithApps(page, "FLQA", [], "admin");
  // someone sends password reset requests in the admin's name and in a colleague's
  for (const code of ["FLQA", "FLQ1"]) {
    const sent = await request.post("/api/users/password-reset-request", {
      data: { employeeCode: code },
    });
    expect(sent.ok()).toBe(true);
  }
  await page.goto("/apps/admin-apps/users/password-reset-requests");
  const own = page.getByRole("article", { name: /^FLQA / });
  const colleague = page.getByRole("article", { name: /^FLQ1 / });
  await expect(colleague.getByRole("button", { name: "Reset to Default" })).toBeVisible();
  await expect(own).toContainText("Your own request: another administrator handles it.");
  await expect(own.getByRole("button")).toHaveCount(0);
  // the queues are shared with the other suites: the requests go again
  const token = await adminToken(request);
  for (const code of ["FLQA", "FLQ1"]) {
    const gone = await request.delete(`/api/users/requests/password-reset/${code}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status()).toBe(200);
  }
});
