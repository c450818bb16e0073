// The admin screens as they read on a night shift: one clock for one event on every screen (the
// user's timezone, Cairo by default, whatever the device's), dashboard alerts that lead to their
// filtered lists, and a dashboard that says what it could not read instead of showing zeros.

import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { adminToken, signIn, signInUser, test, userRow, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });
// a device in another timezone than the accounts' (Africa/Cairo): times must not follow it
test.use({ timezoneId: "America/New_York" });

const ADMIN = "SCRADM";

async function createUser(
  request: APIRequestContext,
  code: string,
  extra: Record<string, unknown> = {},
) {
  const made = await request.post("/api/users", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { employeeCode: code, firstName: "Shift", lastName: code, station: "SCR", ...extra },
  });
  expect(made.status(), await made.text()).toBe(201);
}

async function userOf(request: APIRequestContext, code: string) {
  const res = await request.get(`/api/users/${code}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  return (await res.json()).data as { lockedUntil: string | null };
}

/** The portal's one format, in Cairo: '24 Nov 2025, 14:05'. */
function cairo(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Cairo",
    day: "2-digit",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

async function asAdmin(page: Page) {
  await signInUser(page, ADMIN);
}

test("the time a lock ends reads the same on the sign-in page, the user list and the user's page", async ({ page, request }) => {
  await userWithApps(page, ADMIN, ["ffm-to-uws"], "super_admin");
  await createUser(request, "SCRL1", { password: "Night-lamp-123" });
  for (let i = 0; i < 5; i++) {
    await request.post("/api/auth/login", {
      data: { employeeCode: "SCRL1", password: "not-the-password" },
    });
  }
  const until = (await userOf(request, "SCRL1")).lockedUntil!;
  const shown = cairo(until);
  // the device's own clock would read differently: the test would not tell them apart otherwise
  expect(new Date(until).toLocaleString("en-GB", { timeZone: "America/New_York" })).not.toContain(
    shown.split(", ")[1],
  );

  await page.context().clearCookies();
  await signIn(page, "SCRL1", "Night-lamp-123");
  await expect(page.getByText(`until ${shown}.`, { exact: false })).toBeVisible();
  await expect(page.getByText(/\d{4}-\d{2}-\d{2}T/)).toHaveCount(0);

  await asAdmin(page);
  await expect(page.locator("[data-build]")).toContainText("Times in Africa/Cairo");
  await page.goto("/apps/admin-apps/users?locked=true");
  await expect(page.getByLabel(/^Locked only/)).toBeChecked();
  await expect(userRow(page, "SCRL1").locator(".user-locked-until")).toHaveText(`until ${shown}`);

  await userRow(page, "SCRL1").getByRole("link", { name: "Shift SCRL1" }).click();
  const locked = page.locator(".detail-fields > div").filter({
    has: page.getByText("Locked", { exact: true }),
  }).locator("dd");
  await expect(locked).toHaveText(`Until ${shown}`);
});

test("the dashboard's 30-day and locked alerts lead to their filtered lists", async ({ page, request }) => {
  await createUser(request, "SCRE1", { passwordExpiryDays: 30 });
  await asAdmin(page);
  await page.goto("/apps/admin-apps");
  const alerts = page.getByRole("region", { name: "Critical Alerts" });
  const thirty = alerts.getByRole("link", { name: /passwords? expiring in the next 30 days$/ });
  await expect(thirty).toBeVisible();
  const stats = (await (await page.request.get("/api/users/stats")).json()).data;
  await expect(thirty).toHaveText(
    `${stats.expiringIn30Days} password${
      stats.expiringIn30Days === 1 ? "" : "s"
    } expiring in the next 30 days`,
  );
  await thirty.click();
  await expect(page).toHaveURL(/\/apps\/admin-apps\/users\/expiring\?days=30$/);
  await expect(page.getByLabel("Next 30 Days")).toBeChecked();
  await expect(page.getByRole("link", { name: "Shift SCRE1" })).toBeVisible();

  await page.goBack();
  await alerts.getByRole("link", { name: /accounts? locked after failed sign-ins$/ }).click();
  await expect(page).toHaveURL(/\/apps\/admin-apps\/users\?locked=true$/);
  await expect(page.getByLabel(/^Locked only/)).toBeChecked();
  await expect(userRow(page, "SCRL1")).toBeVisible();
  await expect(userRow(page, "SCRE1")).toHaveCount(0);
});

test("statistics that cannot be read are unknown on the dashboard, never zero", async ({ page }) => {
  await asAdmin(page);
  await page.route("**/api/users/stats", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ success: false, message: "The store is not reachable" }),
    }));
  await page.goto("/apps/admin-apps");
  // the statistics' own section says so, with the server's message and Retry
  const failure = page.getByRole("alert").filter({ hasText: "Error Loading Statistics" });
  await expect(failure).toContainText("The store is not reachable");
  await expect(failure.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(
    page.getByText(
      "The statistics could not be loaded, so the password and lock alerts are unknown.",
    ),
  ).toBeVisible();
  await expect(page.locator('[data-stat="totalUsers"] dd')).toHaveText("—");
  await expect(page.getByText("No critical alerts")).toHaveCount(0);

  await page.unroute("**/api/users/stats");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.locator('[data-stat="totalUsers"] dd')).toHaveText(/^\d+$/);

  // a refresh that fails keeps the numbers it had, saying from when
  const updated = page.getByText(/^Last updated: /);
  const before = await updated.textContent();
  await page.route("**/api/users/stats", (route) => route.abort());
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText(/^As of \d{2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}, the last successful/))
    .toBeVisible();
  // "Last updated" stays at the last load that read the statistics (issue 27 item 8)
  await expect(updated).toContainText("the last refresh failed");
  expect((await updated.textContent())!.startsWith(before!.trim())).toBe(true);
  await expect(page.locator('[data-stat="totalUsers"] dd')).toHaveText(/^\d+$/);
});
