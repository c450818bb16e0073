// The user list's search finds Arabic names by the spellings people type (issue 52, item 9):
// without hamza on the alef, ه for ة, ي for ى, and with harakat or tatweel, in the English and
// the Arabic screens. Every user here has a code starting with ARS.

import { expect, type Page } from "@playwright/test";
import { adminToken, test, userRow, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial", timeout: 60_000 });

const NAMES: Record<string, [string, string]> = {
  ARS1: ["أحمد", "علي"],
  ARS2: ["إبراهيم", "حسن"],
  ARS3: ["هبة", "سالم"],
  ARS4: ["مصطفى", "كامل"],
};

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");

test("Arabic names are found by their common spellings", async ({ page, request }) => {
  // signed in as ARSADM at the end; the first super admin's calls go through a request context
  // of their own (the page's shares its cookies)
  await userWithApps(page, "ARSADM", [], "super_admin");
  const token = await adminToken(request);
  for (const [code, [firstName, lastName]] of Object.entries(NAMES)) {
    const made = await request.post("/api/users", {
      headers: { authorization: `Bearer ${token}` },
      data: { employeeCode: code, firstName, lastName, station: "CAI" },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  await page.goto("/apps/admin-apps/users");
  await expect(page.locator(".header .subtitle")).toHaveText(/^\d+ of \d+ users$/);
  const search = page.getByPlaceholder("Search by code, name, email, or station...");
  // each query finds another user than the one before, so that each wait is for its answer
  const typed: [string, string][] = [
    ["احمد", "ARS1"],
    ["مصطفي", "ARS4"],
    ["ابراهيم", "ARS2"],
    ["مُصطَفى كامل", "ARS4"],
    ["هبه", "ARS3"],
  ];
  for (const [query, code] of typed) {
    await search.fill(query);
    await expect(page.locator(".header .subtitle")).toHaveText(/^1 of \d+ users$/);
    await expect(userRow(page, code)).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
  }

  // the same in the Arabic screens
  const saved = await page.request.put("/api/auth/preferences", { data: { language: "ar" } });
  expect(saved.status()).toBe(200);
  await page.evaluate(() => {
    localStorage.setItem(
      "portal.display",
      JSON.stringify({
        state: { language: "ar", theme: "light", notifications: true },
        version: 1,
      }),
    );
  });
  await page.goto(`/apps/admin-apps/users?q=${encodeURIComponent("هبه سالم")}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("ARS3");
});
