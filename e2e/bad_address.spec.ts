// An address that cannot be read (issue 52, admin minor): a user's page with a bad percent
// escape gave a bare "Not Found" on a blank page. It shows the portal's own screen, which says
// so and leads home.

import { expect } from "@playwright/test";
import { test, userWithApps } from "./support.ts";

test("a user address with a bad escape shows the portal's not-found screen, with a way home", async ({ page }) => {
  await userWithApps(page, "BADA1", [], "super_admin");
  await page.goto("/apps/admin-apps/users/%E0%A4%A");
  const screen = page.getByRole("alert");
  await expect(screen.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(screen).toContainText(
    "This address does not lead to a page of the portal: it may be mistyped or cut short.",
  );
  await screen.getByRole("link", { name: "Go to Home" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
});
