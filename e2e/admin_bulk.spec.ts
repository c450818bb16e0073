// The user list's bulk actions over every matching user (issue 27), as an administrator uses
// them: accounts locked by failed sign-ins, the list filtered by a station and "Locked only",
// "Select all N matching" across pages, bulk Unlock after a confirmation that names the count,
// the result counted, and the users signing in again; another station's locked user stays
// locked. Also: the search text and the page survive a reload and Back.

import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { adminToken, test, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

/** The super admin who works the list in these tests. */
const OPERATOR = "UBSA";
/** A station of this file's own, so that other specs' users do not count. */
const STATION = "BLK";
const PASSWORD = "Lock-pass-123";
/** More locked users than a page of 10 holds. */
const LOCKED = Array.from({ length: 13 }, (_, i) => `UBL${String(i + 1).padStart(2, "0")}`);

/** Creates users through the API's bulk create, with a password they can sign in with. */
async function createUsers(request: APIRequestContext, codes: string[], station: string) {
  const token = await adminToken(request);
  const res = await request.post("/api/users/bulk", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      users: codes.map((employeeCode) => ({
        employeeCode,
        firstName: "Bulk",
        lastName: employeeCode,
        station,
        password: PASSWORD,
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).data.created).toBe(codes.length);
}

/** Locks an account as a stranger would: wrong passwords until it locks (each from an address
 * of its own, so that the per-address limit does not stop the attempts first). */
async function lock(request: APIRequestContext, code: string, n: number) {
  for (let i = 0; i < 5; i++) {
    await request.post("/api/auth/login", {
      headers: { "x-forwarded-for": `10.250.${n}.${i + 1}` },
      data: { employeeCode: code, password: "not-the-password" },
    });
  }
  const locked = await request.post("/api/auth/login", {
    headers: { "x-forwarded-for": `10.250.${n}.9` },
    data: { employeeCode: code, password: PASSWORD },
  });
  expect(locked.status(), code).toBe(423);
}

const signInStatus = async (request: APIRequestContext, code: string) =>
  (await request.post("/api/auth/login", { data: { employeeCode: code, password: PASSWORD } }))
    .status();

const bulkBar = (page: Page) => page.getByRole("region", { name: "Bulk actions" });
const rows = (page: Page) => page.getByRole("table", { name: "Users" }).locator("tbody tr");

test("an admin unlocks every locked user of a station across pages, after a confirmation", async ({ page, request }) => {
  test.setTimeout(120_000);
  await createUsers(request, [...LOCKED, "UBF01", "UBF02"], STATION);
  await createUsers(request, ["UBO01"], "CAI");
  for (const [n, code] of [...LOCKED, "UBO01"].entries()) await lock(request, code, n);
  await userWithApps(page, OPERATOR, [], "super_admin");

  await page.goto("/apps/admin-apps/users");
  await expect(page.getByText(/^Page \d+ of \d+$/)).toBeVisible();
  const station = page.getByRole("combobox", { name: /^Station/ });
  await station.selectOption(STATION);
  // each filter lands in the address before the next is changed, as a person's clicks do (two
  // changes within the same few milliseconds may each start from the address before both)
  await expect(page).toHaveURL(/station=BLK/);
  await page.getByLabel(/^Locked only/).check();
  await expect(page).toHaveURL(/locked=true/);
  await expect(page.locator(".header .subtitle")).toHaveText(/^13 of \d+ users$/);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  // the station's option counts its users under the other filters
  await expect(station.locator("option:checked")).toHaveText("BLK (13)");

  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  await expect(bulkBar(page)).toContainText("10 selected");
  await bulkBar(page).getByRole("button", { name: "Select all 13 matching" }).click();
  await expect(bulkBar(page)).toContainText("All 13 matching users selected");
  await bulkBar(page).getByRole("button", { name: "Unlock", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Unlock the locked accounts among all 13 matching users?");
  await dialog.getByRole("button", { name: "Unlock" }).click();

  await expect(page.locator(".user-status")).toContainText("Unlocked: 13 succeeded, 0 failed");
  // each count once (issue 27 item 11)
  await expect(page.locator(".user-status")).not.toContainText("Succeeded:");
  await expect(page.getByRole("heading", { name: "No users found" })).toBeVisible();
  for (const code of LOCKED) expect(await signInStatus(request, code), code).toBe(200);
  // another station's locked user was not among the matching ones
  expect(await signInStatus(request, "UBO01")).toBe(423);
});

test("the search text and the page stay in the address through a reload and Back", async ({ page }) => {
  await userWithApps(page, "UBSB", [], "super_admin");
  await page.goto("/apps/admin-apps/users");
  await expect(page.getByText(/^Page \d+ of \d+$/)).toBeVisible();
  await page.getByPlaceholder("Search by code, name, email, or station...").fill("UB");
  await expect(page).toHaveURL(/[?&]q=UB(&|$)/);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  const second = await rows(page).first().textContent();

  await page.reload();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(page.getByPlaceholder("Search by code, name, email, or station...")).toHaveValue(
    "UB",
  );
  await expect(rows(page).first()).toHaveText(second!);

  await page.goBack();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(page.getByPlaceholder("Search by code, name, email, or station...")).toHaveValue(
    "UB",
  );
});
