// Issue 48, items 7 and 14 in the browser: a super admin's "Sign out everyone" in System Settings
// asks first, then for the password again (the re-authentication dialog), and then every other
// session ends while the super admin's own stays. Each screen is checked with axe and
// photographed (test-results/step-up/).

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { adminToken, test, USER_PASSWORD, userWithApps } from "./support.ts";

/** The super admin of this spec. */
const SUPER = "STEPSA";

/** Checks the screen with axe (serious and critical findings fail) and photographs it. */
async function look(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
  await page.screenshot({ path: `test-results/step-up/${name}.png`, fullPage: true });
}

test("a super admin signs out everyone from System Settings, the password confirmed again", async ({ page, request }) => {
  // four screens checked with axe and photographed full-page: slow on a busy 2-core host
  test.setTimeout(150_000);
  await userWithApps(page, SUPER, [], "super_admin");
  // another session, of the first super admin, open through the API (a context of its own)
  const other = { authorization: `Bearer ${await adminToken(request)}` };
  expect((await request.get("/api/auth/me", { headers: other })).status()).toBe(200);

  await page.goto("/apps/admin-apps/settings");
  const section = page.getByRole("region", { name: "Sign out everyone" });
  await expect(section).toContainText("except this one");
  await section.scrollIntoViewIfNeeded();
  await look(page, "settings-sign-out-everyone");

  await section.getByRole("button", { name: "Sign Out Everyone" }).click();
  const ask = page.getByRole("dialog", { name: "Sign out everyone?" });
  await expect(ask).toContainText("This session stays.");
  await look(page, "sign-out-everyone-confirm");
  await ask.getByRole("button", { name: "Sign Out Everyone" }).click();

  // the session alone may not: the password is asked again, and a wrong one is refused
  const confirm = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(confirm).toContainText("needs your password again");
  await look(page, "step-up-dialog");
  await confirm.getByLabel("Your password").fill("Not-the-password-9");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm.getByRole("alert")).toHaveText("Current password is incorrect");
  expect((await request.get("/api/auth/me", { headers: other })).status()).toBe(200);
  await confirm.getByLabel("Your password").fill(USER_PASSWORD);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm).toBeHidden();
  await expect(section).toContainText("Everyone else is signed out");
  await look(page, "sign-out-everyone-done");

  // the other session ended; this one stays
  expect((await request.get("/api/auth/me", { headers: other })).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole("region", { name: "Sign out everyone" })).toBeVisible();
});
