// Deactivate asks first (issue 52, admin minor): on the list's row menu and on the user's page,
// the account stays active until the admin confirms, and Cancel leaves it so.

import { expect } from "@playwright/test";
import { adminToken, rowAction, test, userRow, userWithApps } from "./support.ts";

test("Deactivate asks before it acts, on the row menu and on the user's page", async ({ page, request }) => {
  test.setTimeout(60_000);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const made = await request.post("/api/users", {
    headers,
    data: { employeeCode: "DCF1", firstName: "Samir", lastName: "Wahba", station: "CAI" },
  });
  expect(made.status()).toBe(201);
  const active = async () =>
    (await (await request.get("/api/users/DCF1", { headers })).json()).data.isActive;
  await userWithApps(page, "DCFA", [], "super_admin");

  await page.goto("/apps/admin-apps/users?q=DCF1");
  await expect(userRow(page, "DCF1")).toBeVisible();
  await rowAction(page, "DCF1", "Deactivate");
  const asked = page.getByRole("dialog", { name: "Deactivate User" });
  await expect(asked).toContainText("Deactivate Samir Wahba (DCF1)?");
  await asked.getByRole("button", { name: "Cancel" }).click();
  await expect(asked).toBeHidden();
  expect(await active()).toBe(true);

  await page.goto("/apps/admin-apps/users/DCF1");
  await page.getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(asked).toBeVisible();
  expect(await active()).toBe(true);
  await asked.getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(asked).toBeHidden();
  await expect.poll(active).toBe(false);
});
