// The request queues as an administrator of many stations works in them (issue 27 item 5): newest
// first, narrowed by a search and a station kept in the address, and a registration approved with
// the apps the admin chose, which the new user then opens. Each test works in stations of its own
// (QA…), so other specs' requests neither show up nor get handled here.

import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { adminToken, firstPasswordChange, test } from "./support.ts";

/** Sends a registration from the sign-in page, a few milliseconds after the one before. */
async function register(request: APIRequestContext, code: string, name: string, station: string) {
  await new Promise((r) => setTimeout(r, 5));
  const [firstName, lastName] = name.split(" ");
  const sent = await request.post("/api/users/registration-request", {
    data: {
      employeeCode: code,
      firstName,
      lastName,
      email: `${code.toLowerCase()}@example.com`,
      jobTitle: "Agent",
      position: "Ramp",
      station,
      reason: `Starting at ${station} this week`,
    },
  });
  expect(sent.ok()).toBe(true);
}

/** An admin of every station who manages users, signed in through the pages. */
async function admin(page: Page, request: APIRequestContext, code: string) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const made = await request.post("/api/users", {
    headers,
    data: {
      employeeCode: code,
      firstName: "Queue",
      lastName: "Admin",
      station: "QAA",
      role: "admin",
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const flags = { canManageUsers: true, canAccessAdminApps: true, canViewAllStations: true };
  expect((await request.put(`/api/users/${code}`, { headers, data: flags })).status()).toBe(200);
  await firstPasswordChange(page, code, (await made.json()).data.oneTimePassword);
}

const rows = (page: Page) => page.getByRole("article");
const row = (page: Page, code: string) =>
  page.getByRole("article", { name: new RegExp(`^${code} `) });

test("an admin approves a registration with the apps chosen; the new user opens exactly those", async ({ page, request }) => {
  await register(request, "QAP1", "Nour Adel", "QAP");
  await admin(page, request, "QAPADM");
  await page.goto("/apps/admin-apps/users/registration-requests?station=QAP");
  await expect(rows(page)).toHaveCount(1);
  await row(page, "QAP1").getByRole("button", { name: "Approve & Create User" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve & Create User" });
  await expect(dialog).toContainText("Nour Adel (QAP1)");
  await expect(dialog.getByLabel("User Management")).toHaveCount(0);
  await dialog.getByLabel("ULD Extractor").check();
  await dialog.getByRole("button", { name: "Create User (1 app)" }).click();
  await expect(page.locator(".request-status")).toHaveText(
    "User QAP1 created with a one-time password; it must be changed at the first sign-in. Apps: ULD Extractor",
  );
  const shown = page.getByRole("dialog", { name: "One-time password" });
  const oneTime = (await shown.getByLabel("One-time password of QAP1").textContent())!.trim();
  await shown.getByRole("button", { name: "Done" }).click();
  // read off the screen, neither copied nor downloaded: the dialog asks first
  await shown.getByRole("button", { name: "Close without it" }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(oneTime)).toHaveCount(0);
  await expect(page.getByText("No matching requests")).toBeVisible();
  expect((await page.request.get("/api/users/QAP1")).status()).toBe(200);

  await firstPasswordChange(page, "QAP1", oneTime);
  const cards = page.locator("ul.cards .card-title");
  await expect(cards).toHaveText(["ULD Extractor"]);
});

test("a queue lists the newest request first; search and station narrow it and stay in the address", async ({ page, request }) => {
  await register(request, "QAN1", "Mona Said", "QAN");
  await register(request, "QAN2", "Karim Omar", "QAN");
  await register(request, "QAS3", "Mona Ali", "QAS");
  await register(request, "QAN4", "Hana Mona", "QAN");
  // the station picker offers the stations that have users
  const made = await request.post("/api/users", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { employeeCode: "QASU", firstName: "Qas", lastName: "User", station: "QAS" },
  });
  expect(made.status()).toBe(201);
  await admin(page, request, "QANADM");
  await page.goto("/apps/admin-apps/users/registration-requests?station=QAN");
  await expect(page.getByLabel("Station", { exact: true })).toHaveValue("QAN");
  await expect(rows(page).locator(".request-code")).toHaveText(["QAN4", "QAN2", "QAN1"]);
  await expect(page.locator(".subtitle")).toHaveText("3 pending requests");

  await page.getByLabel("Search", { exact: true }).fill("mona");
  await expect(page).toHaveURL(/search=mona/);
  await expect(rows(page).locator(".request-code")).toHaveText(["QAN4", "QAN1"]);
  await page.getByLabel("Station", { exact: true }).selectOption("QAS");
  await expect(rows(page).locator(".request-code")).toHaveText(["QAS3"]);
  await expect(page).toHaveURL(/station=QAS/);

  // the address brings the same view back
  await page.reload();
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue("mona");
  await expect(rows(page).locator(".request-code")).toHaveText(["QAS3"]);
  await page.getByLabel("Search", { exact: true }).fill("nobody");
  await expect(page.getByText("No matching requests")).toBeVisible();

  // tidy: the requests of this test leave the queue
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  for (const code of ["QAN1", "QAN2", "QAS3", "QAN4"]) {
    const res = await request.delete(`/api/users/requests/registration/${code}`, { headers });
    expect(res.ok()).toBe(true);
  }
  expect((await request.delete("/api/users/QASU", { headers })).ok()).toBe(true);
});
