// What several browser specs share: signing in, an admin token for set-up through the API, and a
// fresh user with given apps who has already made the forced password change.

import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  test as base,
} from "@playwright/test";
import { ADMIN_PASSWORD } from "./playwright.config.ts";

/** An address of a test's own (10.x.y.z from its id). */
function addressOf(testId: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < testId.length; i++) h = Math.imul(h ^ testId.charCodeAt(i), 0x01000193);
  const n = h >>> 0;
  return `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/**
 * The suites' test: every test's browser and API calls come from an address of its own, as staff
 * at different terminals do (the suite's server trusts one proxy, TRUSTED_PROXY=1), so that the
 * per-address limits on failed sign-ins and sign-in page requests count each test apart.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": addressOf(testInfo.testId) });
  },
  // a failed test prints what the page reported (uncaught errors, console errors) and the error
  // screen's hidden details, so that a failure seen once in CI names its cause
  page: async ({ page }, use, testInfo) => {
    const reported: string[] = [];
    page.on("pageerror", (e) => reported.push(`page error: ${e.stack ?? e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") reported.push(`console error: ${m.text()}`);
    });
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) return;
    const shown = await page.locator(".crash pre").allTextContents().catch(() => []);
    const lines = [...reported, ...shown.map((text) => `error screen: ${text}`)];
    if (lines.length === 0) return;
    console.error(`${testInfo.title}, what the page reported:\n${lines.join("\n")}`);
    await testInfo.attach("page reports", { body: lines.join("\n"), contentType: "text/plain" });
  },
});

/** The shared sample messages (../shared/samples). */
export const SAMPLES = new URL("../../shared/samples/", import.meta.url);

/** Password the helper users of the suites end up with. */
export const USER_PASSWORD = "Converter-pass-1";

/** Password the sign-in spec gives the first super admin (it changes it as a user would). */
export const CHANGED_ADMIN_PASSWORD = "Harbor-changed-pass-2";

/** Signs in through the sign-in page (no waiting for where it leads). */
export async function signIn(page: Page, code: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Employee code").fill(code);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** A bearer token of the first super admin, whichever of its passwords is current, its password
 * confirmed for the next minutes; the first time, it makes the forced change (the server serves
 * nothing else until then). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  for (const password of [ADMIN_PASSWORD, CHANGED_ADMIN_PASSWORD]) {
    const login = await request.post("/api/auth/login", {
      data: { employeeCode: "ADMIN", password },
    });
    if (!login.ok()) continue;
    const { token, user } = (await login.json()).data;
    if (user.needsPasswordChange) {
      const changed = await request.post("/api/users/change-password", {
        headers: { authorization: `Bearer ${token}` },
        data: {
          employeeCode: "ADMIN",
          currentPassword: password,
          newPassword: CHANGED_ADMIN_PASSWORD,
        },
      });
      expect(changed.status()).toBe(200);
    }
    // the setup creates admins and sets passwords, which ask for the password again (issue 48)
    const confirmed = await request.post("/api/auth/step-up", {
      headers: { authorization: `Bearer ${token}` },
      data: { password: user.needsPasswordChange ? CHANGED_ADMIN_PASSWORD : password },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    return token as string;
  }
  throw new Error("the first super admin cannot sign in");
}

/** Answers the re-authentication dialog (issue 48: the weightiest changes ask for the password
 * again) with `password`, and waits for it to close. */
export async function confirmPassword(page: Page, password: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Confirm your password" });
  await dialog.getByLabel("Your password").fill(password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
}

/** Creates a user with these apps and role through the API, signs in and makes the forced change. */
export async function userWithApps(
  page: Page,
  code: string,
  apps: string[],
  role: "user" | "admin" | "super_admin" = "user",
): Promise<void> {
  const token = await adminToken(page.request);
  const made = await page.request.post("/api/users", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      employeeCode: code,
      firstName: "Station",
      lastName: "Agent",
      station: "CAI",
      role,
      accessibleApps: apps,
    },
  });
  expect(made.status()).toBe(201);
  const oneTime = (await made.json()).data.oneTimePassword as string;
  await signIn(page, code, oneTime);
  await page.getByLabel("Current password").fill(oneTime);
  await page.getByLabel("New password", { exact: true }).fill(USER_PASSWORD);
  await page.getByLabel("Confirm new password").fill(USER_PASSWORD);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible({ timeout: 5000 });
}

/** Signs in afresh with a one-time password and makes the forced change to USER_PASSWORD, up to
 * the home screen. */
export async function firstPasswordChange(page: Page, code: string, oneTime: string) {
  await page.context().clearCookies();
  await signIn(page, code, oneTime);
  await expect(page).toHaveURL(/\/password-change-required$/);
  await page.getByLabel("Current password").fill(oneTime);
  await page.getByLabel("New password", { exact: true }).fill(USER_PASSWORD);
  await page.getByLabel("Confirm new password").fill(USER_PASSWORD);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible({ timeout: 5000 });
}

/** Signs in an existing helper user and waits for the home screen. */
export async function signInUser(page: Page, code: string): Promise<void> {
  await signIn(page, code, USER_PASSWORD);
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
}

/** Every admin route (spec 002 section 2.1, with the audit log and settings), one user's detail
 * and an unknown user's. */
export const ADMIN_ROUTES = (detailCode: string) => [
  "/apps/admin-apps",
  "/apps/admin-apps/users",
  "/apps/admin-apps/users/create",
  `/apps/admin-apps/users/${detailCode}`,
  "/apps/admin-apps/users/activation-requests",
  "/apps/admin-apps/users/password-reset-requests",
  "/apps/admin-apps/users/registration-requests",
  "/apps/admin-apps/users/expiring",
  "/apps/admin-apps/csv-import",
  "/apps/admin-apps/audit",
  "/apps/admin-apps/settings",
  "/apps/admin-apps/ai-memory",
];

/** A user's row in the user table (1024 px and wider). */
export function userRow(page: Page, code: string): Locator {
  return page.getByRole("table", { name: "Users" }).getByRole("row").filter({
    has: page.getByRole("cell", { name: code, exact: true }),
  });
}

/** Opens a row's Actions menu and takes one of its actions (Activate, Reset, Unlock, Apps, ...). */
export async function rowAction(page: Page, code: string, action: string): Promise<void> {
  const row = userRow(page, code);
  await row.getByRole("button", { name: /^Actions for / }).click();
  await row.getByRole("button", { name: new RegExp(`^${action} `) }).click();
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe (WCAG 2.0-2.2 A and AA rules) on the page as it is: nothing serious or critical. */
export async function audit(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target).join(" ")}`),
  ).toEqual([]);
}
