// A CSV import that names an account that exists (issue 52 item 7): the check names the row and
// its changes, the save waits for the admin's choice, and Skip leaves the account as it was.

import { expect } from "@playwright/test";
import { adminToken, test, userWithApps } from "./support.ts";

test("an import row of an existing account is named with its changes, and Skip keeps the account", async ({ page, request }) => {
  test.setTimeout(60_000);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const made = await request.post("/api/users", {
    headers,
    data: {
      employeeCode: "CSVX1",
      firstName: "Hala",
      lastName: "Old",
      email: "csvx1@example.com",
      station: "CAI",
    },
  });
  expect(made.status()).toBe(201);
  await userWithApps(page, "CSVXA", [], "super_admin");
  await page.goto("/apps/admin-apps/csv-import");
  await page.getByLabel("Or paste CSV content").fill(
    "Employee Code,Full Name,Email,Station,Job Title\n" +
      "CSVX1,Hala Mansour,csvx1.new@example.com,CAI,Agent\n" +
      "CSVX2,Karim Fathy,csvx2@example.com,CAI,Agent\n",
  );
  await page.getByRole("button", { name: "Import Users" }).click();
  const existing = page.getByRole("region", { name: "1 row rewrites an account that exists" });
  await expect(existing).toContainText("Row 2: CSVX1");
  await expect(existing).toContainText("Email: csvx1@example.com → csvx1.new@example.com");
  await expect(existing).toContainText("Last Name: Old → Mansour");

  // no choice made: the save does not start
  await page.getByRole("button", { name: "Save to Database" }).click();
  await expect(
    page.getByText("Choose whether to overwrite or skip the accounts that exist, then save"),
  )
    .toBeVisible();
  expect((await request.get("/api/users/CSVX2", { headers })).status()).toBe(404);

  await page.getByLabel("Skip them: keep the accounts as they are").check();
  await page.getByRole("button", { name: "Save to Database" }).click();
  await expect(
    page.getByText("Import completed: 1 created, 1 existing accounts skipped, 0 errors"),
  ).toBeVisible({ timeout: 15_000 });
  const kept = await (await request.get("/api/users/CSVX1", { headers })).json();
  expect(kept.data.email).toBe("csvx1@example.com");
  expect(kept.data.lastName).toBe("Old");
  expect((await request.get("/api/users/CSVX2", { headers })).status()).toBe(200);
});
