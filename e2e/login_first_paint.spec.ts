// /login before the app has loaded (issue 51): the sign-in form comes in the server's HTML, so a
// station PC types into it at once, in the language the device keeps, and a Sign In pressed then
// signs in as soon as the app is there, with what was typed.

import { expect, type Page } from "@playwright/test";
import { readyUser } from "./bench/login_flow.ts";
import { test, USER_PASSWORD } from "./support.ts";

/** Holds the app behind the page's first chunk until the returned function is called. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("the server's sign-in form takes the code and password, and Sign In waits for the app", async ({ page, baseURL }) => {
  await readyUser(baseURL, { code: "FIRSTPAINT1", apps: ["ffm-to-uws"], role: "user" });
  const release = await holdTheApp(page);
  await page.goto("/login");
  // the app is held: this is the page as the server sent it
  await expect(page.locator("#boot-login")).toBeVisible();
  await expect(page.getByLabel("Employee code")).toBeFocused();
  await page.keyboard.type("firstpaint1");
  await expect(page.getByLabel("Employee code")).toHaveValue("FIRSTPAINT1");
  await page.getByLabel("Password").fill(USER_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Signing in…" })).toBeDisabled();
  expect(page.url()).toMatch(/\/login$/);
  release();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await expect(page.locator("#boot-login")).toHaveCount(0);
});

test("typing goes on into the app's form where it was when the app takes over", async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto("/login");
  await page.getByLabel("Employee code").fill("AB12");
  await page.getByLabel("Password").fill("half");
  release();
  await expect(page.locator("#boot-login")).toHaveCount(0);
  // the app's own form, with the language switch the server's form lacks
  await expect(page.locator("#root .login select")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type("-typed");
  await expect(page.getByLabel("Password")).toHaveValue("half-typed");
  await expect(page.getByLabel("Employee code")).toHaveValue("AB12");
});

test("the server's form shows in the language the device keeps, right to left", async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      "portal.display",
      JSON.stringify({ state: { language: "ar", theme: "dark", notifications: true }, version: 1 }),
    )
  );
  await holdTheApp(page);
  await page.goto("/login");
  await expect(page.locator("#boot-login h2")).toHaveText("تسجيل الدخول");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByLabel("كلمة المرور")).toBeVisible();
});

test("no other page shows the server's sign-in form", async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto("/apps/admin-apps");
  await expect(page.locator("#boot-login")).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
});

test("signing in from a cold /login to Home makes the browser refuse nothing under the CSP", async ({ page, baseURL }) => {
  await readyUser(baseURL, { code: "FIRSTPAINT5", apps: ["ffm-to-uws"], role: "user" });
  // a refusal is reported with its source position, which the browser finds by parsing the
  // script again: zod's probe of `new Function` was one, 50-75 ms at 4x CPU on a station PC
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Content Security Policy refused ${e.violatedDirective} at ${e.sourceFile}`);
    });
  });
  await page.goto("/login");
  await expect(page.locator("#root .login")).toBeVisible();
  await page.getByLabel("Employee code").fill("FIRSTPAINT5");
  await page.getByLabel("Password").fill(USER_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  expect(refused).toEqual([]);
});
