// Issue 48, item 13 (ASVS 5.0 session management): every signed-in screen shows who is signed in,
// with name and employee code, in its header: home, profile, the cargo screens (the converter
// with its database, flight check and history tabs, the extractor) and every admin screen.

import { expect, type Page } from "@playwright/test";
import { ADMIN_ROUTES, test, userWithApps } from "./support.ts";

const CODE = "WHO1";

/** The header's "signed in as" of the test's user (name and code both shown). */
async function expectSignedIn(page: Page, where: string) {
  const who = page.getByRole("banner").getByRole("group", {
    name: `Signed in as Station Agent (${CODE})`,
  });
  await expect(who, where).toBeVisible();
  await expect(who, where).toContainText(CODE);
  await expect(who, where).toContainText("Station Agent");
}

test("every screen shows the signed-in user's name and code in its header", async ({ page }) => {
  test.setTimeout(120_000);
  await userWithApps(page, CODE, ["ffm-to-uws", "uld-extractor", "admin-apps"], "super_admin");
  await expectSignedIn(page, "/home");

  const routes = ["/profile", "/apps/ffm-to-uws", "/apps/uld-extractor", ...ADMIN_ROUTES(CODE)];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectSignedIn(page, route);
  }

  await page.goto("/apps/ffm-to-uws");
  for (const tab of ["Database operations", "Flight check", "History"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expectSignedIn(page, `converter: ${tab}`);
  }
});

test("on a phone the name and the code stay in the header, in both directions", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await userWithApps(page, "WHO2", ["ffm-to-uws"]);
  for (const language of ["en", "ar"]) {
    // the account's language, saved as the profile saves it, and the device's
    const saved = await page.request.put("/api/auth/preferences", { data: { language } });
    expect(saved.status()).toBe(200);
    await page.evaluate((kept) => {
      localStorage.setItem("portal.display", JSON.stringify({ state: kept, version: 1 }));
    }, { language, theme: "light", notifications: true });
    await page.goto("/apps/ffm-to-uws");
    await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
    const who = page.getByRole("banner").getByRole("group", { name: /WHO2/ });
    await expect(who, language).toContainText("WHO2");
    // nothing of it runs past the screen's edges
    const box = await who.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 375, language).toBe(true);
  }
});
