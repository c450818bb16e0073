// Issue 7's acceptance as a new administrator lives it: a registration request sent from the
// sign-in page is approved, the new user signs in with a one-time password and must change it;
// a locked colleague is unlocked; and every one of those actions is in the audit log with its
// actor. (The 50-user CSV import with a bad row is in admin_tools.spec.ts.)

import { expect, type Page } from "@playwright/test";
import {
  ADMIN_ROUTES,
  adminToken,
  rowAction,
  signIn,
  signInUser,
  test,
  USER_PASSWORD,
  userRow,
  userWithApps,
} from "./support.ts";

test.describe.configure({ mode: "serial" });

const ADMIN = "STYADM";

async function auditRows(page: Page, actor: string, field: "Actor" | "Target" = "Actor") {
  await page.goto("/apps/admin-apps/audit");
  await page.getByLabel(field, { exact: true }).fill(actor);
  await page.getByRole("button", { name: "Apply Filters" }).click();
  // the whole log stays on screen until the filtered page arrives, and it holds the same rows:
  // only the filtered line says that the rows are the filter's
  await expect(page).toHaveURL(new RegExp(`${field.toLowerCase()}=${actor}`));
  await expect(page.getByText(/^Page 1: \d+ entries match$/)).toBeVisible();
  return page.getByRole("table").locator("tbody tr");
}

test("a registration from the sign-in page, approved, signs in with a one-time password and must change it", async ({ page, request }) => {
  // the administrator: an admin who manages users of every station
  const token = await adminToken(request);
  const made = await request.post("/api/users", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      employeeCode: ADMIN,
      firstName: "Story",
      lastName: "Admin",
      station: "CAI",
      role: "admin",
      password: USER_PASSWORD,
    },
  });
  expect(made.status()).toBe(201);
  const flags = await request.put(`/api/users/${ADMIN}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { canManageUsers: true, canAccessAdminApps: true, canViewAllStations: true },
  });
  expect(flags.status()).toBe(200);

  await page.goto("/login");
  await page.getByRole("button", { name: "New Account Request" }).click();
  const reg = page.getByRole("form", { name: "New Account Request" });
  await reg.getByLabel("Employee code").fill("sty1");
  await reg.getByLabel("First name").fill("Salma");
  await reg.getByLabel("Last name").fill("Youssef");
  await reg.getByLabel("Email").fill("salma.youssef@example.com");
  await reg.getByLabel("Job title").fill("Agent");
  await reg.getByLabel("Position").fill("Cargo");
  await reg.getByLabel("Station").fill("cai");
  await reg.getByLabel("Reason").fill("new starter on the night shift");
  await reg.getByRole("button", { name: "Send request" }).click();
  await expect(reg.getByRole("status")).toHaveText(
    "Registration request submitted! An administrator will review your request shortly.",
  );

  await signIn(page, ADMIN, USER_PASSWORD);
  await page.getByLabel("Current password").fill(USER_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("Lantern-field-pass-2");
  await page.getByLabel("Confirm new password").fill("Lantern-field-pass-2");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await page.getByRole("link", { name: /Admin Apps/ }).click();
  await expect(page.getByRole("heading", { name: /Good (Morning|Afternoon|Evening), Story/ }))
    .toBeVisible();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", {
    name: "Registrations",
  }).click();
  const request1 = page.locator("article, li").filter({ hasText: "STY1" }).first();
  await expect(request1).toContainText("new starter on the night shift");
  await request1.getByRole("button", { name: "Approve & Create User" }).click();
  await page.getByRole("dialog", { name: "Approve & Create User" })
    .getByRole("button", { name: /^Create User/ }).click();
  await expect(page.getByText(/User STY1 created with a one-time password/)).toBeVisible();
  const shown = page.getByRole("dialog", { name: "One-time password" });
  const oneTime = (await shown.getByLabel("One-time password of STY1").textContent())!.trim();
  await shown.getByRole("button", { name: "Done" }).click();
  // read off the screen, neither copied nor downloaded: the dialog asks first
  await shown.getByRole("button", { name: "Close without it" }).click();

  await page.context().clearCookies();
  await signIn(page, "STY1", oneTime);
  await expect(page).toHaveURL(/\/password-change-required$/);
  await page.getByLabel("Current password").fill(oneTime);
  await page.getByLabel("New password", { exact: true }).fill("Velvet-compass-41");
  await page.getByLabel("Confirm new password").fill("Velvet-compass-41");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
});

test("a locked colleague is unlocked from the user list and signs in again", async ({ page, request }) => {
  await userWithApps(page, "STY2", ["ffm-to-uws"]);
  for (let i = 0; i < 5; i++) {
    await request.post("/api/auth/login", {
      data: { employeeCode: "STY2", password: "not-the-password" },
    });
  }
  await page.context().clearCookies();
  await signIn(page, "STY2", USER_PASSWORD);
  await expect(page.getByText(/Account locked after 5 failed sign-ins/)).toBeVisible();

  await signIn(page, ADMIN, "Lantern-field-pass-2");
  // the sign-in must finish before the next navigation, or it is cancelled with the page
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await page.goto("/apps/admin-apps/users");
  await page.getByPlaceholder("Search by code, name, email, or station...").fill("STY2");
  const row = userRow(page, "STY2");
  await expect(row.getByText("LOCKED", { exact: true })).toBeVisible();
  await rowAction(page, "STY2", "Unlock");
  await expect(row.getByText("LOCKED", { exact: true })).toHaveCount(0);

  await page.context().clearCookies();
  await signInUser(page, "STY2");
});

test("each of those actions is in the audit log with its actor, or its target when anonymous", async ({ page }) => {
  await signIn(page, ADMIN, "Lantern-field-pass-2");
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  const rows = await auditRows(page, ADMIN);
  await expect(rows.filter({ hasText: "Registration approved" }).filter({ hasText: "STY1" }))
    .toHaveCount(1);
  await expect(rows.filter({ hasText: "User unlocked" }).filter({ hasText: "STY2" })).toHaveCount(
    1,
  );
  await expect(rows.filter({ hasText: "Own password changed" }).filter({ hasText: ADMIN }))
    .toHaveCount(1);
  for (const row of await rows.all()) {
    await expect(row.locator('[data-label="Actor"]')).toHaveText(ADMIN);
  }
  const salma = await auditRows(page, "STY1");
  await expect(salma.locator('[data-label="Action"]')).toContainText([
    "Own password changed",
    "Signed in",
  ]);
  // failed sign-ins come from someone not signed in: the account is their target, not the actor
  const locked = await auditRows(page, "STY2", "Target");
  await expect(locked.filter({ hasText: "Account locked (too many failed sign-ins)" })).toHaveCount(
    1,
  );
  await expect(
    locked.filter({ hasText: "Account locked (too many failed sign-ins)" }).locator(
      '[data-label="Actor"]',
    ),
  )
    .toHaveText("anonymous");
});

test("a user without admin rights is sent away from every admin route", async ({ page }) => {
  await userWithApps(page, "STY3", ["ffm-to-uws", "uld-extractor"]);
  await expect(page.getByRole("link", { name: /Admin Apps/ })).toHaveCount(0);
  for (const path of ADMIN_ROUTES("STY1")) {
    await page.goto(path);
    await expect(page.getByText("You do not have access to this page"), path).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" }), path).toHaveCount(0);
  }
});
