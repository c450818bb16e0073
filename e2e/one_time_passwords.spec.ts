// The one-time passwords dialog keeps what it shows once (issue 52 item 8): Escape or Done with a
// password neither copied nor downloaded asks first and names it, and going back keeps every
// password on screen; once each is copied, Done closes at once.

import { expect } from "@playwright/test";
import { test, userWithApps } from "./support.ts";

test("Escape does not lose a one-time password nobody copied: the dialog asks first and names it", async ({ page, context }) => {
  test.setTimeout(60_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await userWithApps(page, "OTPA1", [], "super_admin");
  await page.goto("/apps/admin-apps/users/create");
  await page.getByLabel("Employee Code").fill("OTPU1");
  await page.getByLabel("First Name").fill("Rana");
  await page.getByLabel("Last Name").fill("Saleh");
  await page.getByRole("button", { name: "Create User" }).click();
  const shown = page.getByRole("dialog", { name: "One-time password" });
  const secret = shown.getByLabel("One-time password of OTPU1");
  const oneTime = (await secret.textContent())!.trim();

  // Escape asks instead of closing, and names the password not yet kept
  await page.keyboard.press("Escape");
  const asked = shown.getByRole("alert");
  await expect(asked).toContainText(
    "The one-time password of OTPU1 has been neither copied nor downloaded. It cannot be shown again.",
  );
  await expect(shown.getByRole("button", { name: "Back to the password" })).toBeFocused();
  // Escape again goes back to the password, which is still there
  await page.keyboard.press("Escape");
  await expect(asked).toBeHidden();
  await expect(secret).toHaveText(oneTime);

  // Done asks the same; going back keeps it
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(asked).toBeVisible();
  await shown.getByRole("button", { name: "Back to the password" }).click();
  await expect(secret).toHaveText(oneTime);

  // copied: Done closes at once
  await shown.getByRole("button", { name: "Copy" }).click();
  await expect(shown.getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oneTime);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();
});

test("closing anyway forgets the password, after the admin said so", async ({ page }) => {
  test.setTimeout(60_000);
  await userWithApps(page, "OTPA2", [], "super_admin");
  await page.goto("/apps/admin-apps/users/create");
  await page.getByLabel("Employee Code").fill("OTPU2");
  await page.getByLabel("First Name").fill("Omar");
  await page.getByLabel("Last Name").fill("Nabil");
  await page.getByRole("button", { name: "Create User" }).click();
  const shown = page.getByRole("dialog", { name: "One-time password" });
  await expect(shown.getByLabel("One-time password of OTPU2")).toBeVisible();
  await page.keyboard.press("Escape");
  await shown.getByRole("button", { name: "Close without it" }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByRole("heading", { name: "User Details" })).toBeVisible();
});
