// The audit log as an administrator uses it (issue 27): filtering by date in their timezone and
// exporting what the filters show (the downloaded CSV read back), the filters kept in the address
// across a reload, and a user's page leading in one click to that user's trail and sign-in
// history with the address of each sign-in.

import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { adminToken, confirmPassword, test, USER_PASSWORD, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

/** The super admin of these tests. */
const SUPER = "AUDSUP";

/** Today's date ('2026-11-25') in the portal's default zone, as the date inputs take it. */
function cairoDay(offsetDays = 0): string {
  const at = Date.now() + offsetDays * 86_400_000;
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Cairo" }).format(at);
}

/** The rows of the log's table. */
const rows = (page: Page) =>
  page.getByRole("region", { name: "Audit entries" }).locator("tbody tr");

test("an admin filters the audit log by date, reloads, and exports what it shows", async ({ page, request }) => {
  await userWithApps(page, SUPER, [], "super_admin");
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const made = await request.post("/api/users", {
    headers,
    data: { employeeCode: "AUDT1", firstName: "Trail", lastName: "Target", station: "CAI" },
  });
  expect(made.status()).toBe(201);
  const promoted = await request.put("/api/users/AUDT1", { headers, data: { role: "admin" } });
  expect(promoted.status()).toBe(200);

  await page.goto("/apps/admin-apps/audit");
  await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();
  // yesterday alone: nothing of this run
  await page.getByLabel("Target", { exact: true }).fill("AUDT1");
  await page.getByLabel("From", { exact: true }).fill(cairoDay(-1));
  await page.getByLabel("To", { exact: true }).fill(cairoDay(-1));
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page.getByText("No audit entries found")).toBeVisible();
  // a range that ends before it starts is refused on the page
  await page.getByLabel("From", { exact: true }).fill(cairoDay(0));
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "The end date must be on or after the start date",
  );
  // today: the edit by its name, with the role from and to
  await page.getByLabel("To", { exact: true }).fill(cairoDay(0));
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${cairoDay(0)}&to=${cairoDay(0)}`));
  const edit = rows(page).filter({ hasText: "User edited" });
  await expect(edit).toHaveCount(1);
  await expect(edit.locator('[data-label="Action"] span')).toHaveAttribute("title", "user.update");
  await expect(edit).toContainText("role: user → admin");
  await expect(rows(page).filter({ hasText: "User created" })).toHaveCount(1);

  // a reload keeps the filters and the page
  await page.reload();
  await expect(page.getByLabel("Target", { exact: true })).toHaveValue("AUDT1");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(cairoDay(0));
  await expect(rows(page).filter({ hasText: "role: user → admin" })).toHaveCount(1);

  // the export follows the filters: the same two entries, each action by name and key
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  // exporting the log asks for the password again (issue 48)
  await confirmPassword(page, USER_PASSWORD);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8");
  const lines = csv.replace(/^\ufeff/, "").trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "Time (UTC),Actor,Action,Action Key,Target,Summary,Changes,Text Sent,Address",
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(",User edited,user.update,AUDT1,");
  expect(lines[1]).toContain("role: user → admin");
  expect(lines[2]).toContain(",User created,user.create,AUDT1,");
});

test("a user's page leads to their trail and sign-in history, each sign-in with its address", async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const made = await request.post("/api/users", {
    headers,
    data: { employeeCode: "AUDT2", firstName: "Signs", lastName: "In", station: "CAI" },
  });
  expect(made.status()).toBe(201);
  const oneTime = (await made.json()).data.oneTimePassword as string;
  // a wrong password from one terminal, then the right one from another
  const wrong = await request.post("/api/auth/login", {
    headers: { "x-forwarded-for": "10.201.3.4" },
    data: { employeeCode: "AUDT2", password: "Not-the-password-9" },
  });
  expect(wrong.status()).toBe(401);
  const right = await request.post("/api/auth/login", {
    headers: { "x-forwarded-for": "10.201.1.2" },
    data: { employeeCode: "AUDT2", password: oneTime },
  });
  expect(right.status()).toBe(200);

  await page.goto("/login");
  await page.getByLabel("Employee code").fill(SUPER);
  await page.getByLabel("Password").fill("Converter-pass-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await page.goto("/apps/admin-apps/users/AUDT2");
  await page.getByRole("link", { name: "Sign-in history" }).click();
  await expect(page).toHaveURL(/\/apps\/admin-apps\/audit\?target=AUDT2&action=login$/);
  await expect(page.getByRole("columnheader", { name: "Address" })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  const success = rows(page).filter({ hasText: "Signed in" });
  await expect(success.locator('[data-label="Address"]')).toHaveText("10.201.1.2");
  const failed = rows(page).filter({ hasText: "Sign-in failed (wrong password)" });
  await expect(failed.locator('[data-label="Address"]')).toHaveText("10.201.3.4");
  await expect(failed.locator('[data-label="Actor"]')).toHaveText("anonymous");

  // Back, and the whole trail: the creation too
  await page.goBack();
  await page.getByRole("link", { name: "Audit trail" }).click();
  await expect(page).toHaveURL(/\/apps\/admin-apps\/audit\?target=AUDT2$/);
  await expect(rows(page).filter({ hasText: "User created" })).toHaveCount(1);
  await expect(rows(page)).toHaveCount(3);
});
