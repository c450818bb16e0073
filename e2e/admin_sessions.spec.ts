// Sessions as an administrator and a user work with them (issue 27): a user signed in at two PCs,
// the admin sees both sessions on the user's page with their address and browser and ends one;
// that PC is sent to sign-in on its next step while the other works on. And a user ends their
// other session from their own profile.

import { type Browser, expect, type Page } from "@playwright/test";
import { signInUser, test, userWithApps } from "./support.ts";

// three people sign in (argon2id each) before a test's first look: more than the default 30 s
// when the machine is busy
test.describe.configure({ mode: "serial", timeout: 90_000 });

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

/** A browser at a PC of its own: its own address (through the suite's proxy) and browser. */
async function pcAt(browser: Browser, address: string, userAgent: string): Promise<Page> {
  const context = await browser.newContext({
    userAgent,
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  return await context.newPage();
}

/** The list items of a page's Sessions section. */
function sessionItems(page: Page) {
  return page.getByRole("list", { name: "Active sessions" }).getByRole("listitem");
}

/** The page's next step after its session ended (opening the profile): it lands on sign-in. */
async function expectSentToSignIn(page: Page) {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel("Employee code")).toBeVisible();
}

test("an admin sees a user's two sessions with address and browser, and ends one", async ({ page, browser }) => {
  const office = await pcAt(browser, "10.77.1.1", CHROME);
  const ramp = await pcAt(browser, "10.77.1.2", FIREFOX);
  // the first sign-in and its forced change happen at the office PC; then the ramp PC signs in
  await userWithApps(office, "SSU1", ["ffm-to-uws"]);
  await signInUser(ramp, "SSU1");
  await userWithApps(page, "SSADMIN", ["admin-apps"], "super_admin");

  await page.goto("/apps/admin-apps/users/SSU1");
  const section = page.getByRole("region", { name: "Sessions" });
  await expect(section.getByText("Active sessions: 2")).toBeVisible();
  const items = sessionItems(page);
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: "Chrome 142 on Windows" })).toContainText("10.77.1.1");
  await expect(items.filter({ hasText: "Firefox 128 on Linux" })).toContainText("10.77.1.2");
  await expect(items.first()).toContainText(/Started \d{2} \w{3} \d{4}/);
  await expect(items.first()).toContainText("Last used");

  await section.getByRole("button", { name: "End session: Firefox 128 on Linux from 10.77.1.2" })
    .click();
  await expect(section.getByRole("status")).toHaveText("Session ended");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Chrome 142 on Windows");
  await expect(section.getByText("Active sessions: 1")).toBeVisible();

  // the ended PC is sent to sign in; the other goes on working
  await expectSentToSignIn(ramp);
  await office.goto("/profile");
  await expect(office.getByRole("heading", { name: "Details" })).toBeVisible();
  await expect(office).toHaveURL(/\/profile$/);

  // the end is in the user's audit trail, under the admin's name
  await page.goto("/apps/admin-apps/audit");
  const entry = page.getByRole("row").filter({ hasText: "One session ended" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("SSADMIN");
  await expect(entry).toContainText("SSU1");
  await expect(entry).toContainText("Firefox 128 on Linux from 10.77.1.2");
  await office.context().close();
  await ramp.context().close();
});

test("a user ends their other session from their profile", async ({ browser }) => {
  const desk = await pcAt(browser, "10.77.2.1", CHROME);
  const shared = await pcAt(browser, "10.77.2.2", FIREFOX);
  await userWithApps(desk, "SSU2", ["ffm-to-uws"]);
  await signInUser(shared, "SSU2");

  await desk.goto("/profile");
  const section = desk.getByRole("region", { name: "Sessions" });
  const items = sessionItems(desk);
  await expect(items).toHaveCount(2);
  const here = items.filter({ hasText: "This session" });
  await expect(here).toContainText("Chrome 142 on Windows");
  await expect(here).toContainText("10.77.2.1");
  // the own session is ended by signing out: no End session on it
  await expect(here.getByRole("button")).toHaveCount(0);
  await section.getByRole("button", { name: "End session: Firefox 128 on Linux from 10.77.2.2" })
    .click();
  await expect(section.getByRole("status")).toHaveText("Session ended");
  await expect(items).toHaveCount(1);

  await expectSentToSignIn(shared);
  await desk.reload();
  await expect(desk.getByRole("heading", { name: "Details" })).toBeVisible();
  await desk.context().close();
  await shared.context().close();
});
