// What the browser sees of the portal's security: the session cookie's attributes, the CSP on
// the page (and the app working under it), no secret in the built files, and the app surviving
// the API going away mid-session without losing what was typed.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { expect } from "@playwright/test";
import { ADMIN_PASSWORD } from "./playwright.config.ts";
import {
  adminToken,
  CHANGED_ADMIN_PASSWORD,
  signInUser,
  test,
  USER_PASSWORD,
  userWithApps,
} from "./support.ts";

test.describe.configure({ mode: "serial" });

test("the session cookie is HttpOnly and SameSite=Strict; the page has a strict CSP", async ({ page, context }) => {
  await userWithApps(page, "SEC1", ["ffm-to-uws"]);
  const session = (await context.cookies()).find((c) => c.name.endsWith("session"));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Strict");
  expect(await page.evaluate(() => document.cookie)).not.toContain("session");
  const res = await page.request.get("/apps/ffm-to-uws");
  const csp = res.headers()["content-security-policy"];
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  // the app runs under it: the worker converts, no CSP violation is reported
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto("/apps/ffm-to-uws");
  await page.getByLabel("Enter FFM input").fill(
    "FFM/8\n1/MS985/22NOV/CAI\nJFK\n074-12345675CAIJFK/T1K10/BOOKS\nLAST",
  );
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(page.getByLabel("UWS output")).toHaveValue(/^QU\n/);
  expect(violations).toEqual([]);
});

test("no password or hash is in the built files", () => {
  const dist = new URL("../web/dist/", import.meta.url);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = `${dir}/${name}`;
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(dist.pathname.replace(/\/$/, ""));
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (
      const secret of [ADMIN_PASSWORD, CHANGED_ADMIN_PASSWORD, USER_PASSWORD]
    ) {
      expect(text.includes(secret), `${file} holds a password`).toBe(false);
    }
    expect(text, file).not.toMatch(/\$argon2id\$/);
  }
});

test("when the API goes away mid-session, the form keeps what was typed and says what failed", async ({ page }) => {
  await signInUser(page, "SEC1");
  await page.goto("/profile");
  const details = page.getByRole("form", { name: "Profile" });
  await details.getByRole("button", { name: "Edit" }).click();
  await details.getByLabel("Department").fill("Night shift ramp");
  await page.route("**/api/**", (route) => route.abort("connectionrefused"));
  await details.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/Failed to update profile|Network error/).first()).toBeVisible();
  await expect(details.getByLabel("Department")).toHaveValue("Night shift ramp");
  await page.unroute("**/api/**");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Profile updated");

  // the converter needs no API at all once open
  await page.goto("/apps/ffm-to-uws");
  await page.route("**/api/**", (route) => route.abort("connectionrefused"));
  await page.getByLabel("Enter FFM input").fill(
    "FFM/8\n1/MS985/22NOV/CAI\nJFK\n074-12345675CAIJFK/T1K10/BOOKS\nLAST",
  );
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(page.getByLabel("UWS output")).toHaveValue(/-JFK\/10A\/C$/);
});

test("every password form states the server's rule and checks it before anything is lost", async ({ page, request }) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.put("/api/settings", { headers: auth, data: { minPasswordLength: 10 } }))
    .status()).toBe(200);
  try {
    await userWithApps(page, "SEC4", ["ffm-to-uws"]);
    await page.goto("/profile");
    await expect(page.getByText("A password has at least 10 characters.")).toBeVisible();
    await page.getByLabel("Current password").fill(USER_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("Nine-char");
    await page.getByLabel("Confirm new password").fill("Nine-char");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("New password must be at least 10 characters")).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveValue("Nine-char");
  } finally {
    await request.put("/api/settings", { headers: auth, data: { minPasswordLength: 8 } });
  }
});

test("an edit saved from a stale view is refused, and the screen reloads the account and says so", async ({ browser, request }) => {
  const token = await adminToken(request);
  const made = await request.post("/api/users", {
    headers: { authorization: `Bearer ${token}` },
    data: { employeeCode: "SEC5", firstName: "Stale", lastName: "View", station: "CAI" },
  });
  expect(made.status()).toBe(201);
  await userWithApps(await browser.newPage(), "SECADM", [], "super_admin");
  const [first, second] = [await browser.newPage(), await browser.newPage()];
  for (const page of [first, second]) {
    await signInUser(page, "SECADM");
    await page.goto("/apps/admin-apps/users/SEC5");
    await page.getByRole("button", { name: "Edit" }).click();
  }
  await first.getByRole("form", { name: "Edit user" }).getByLabel("Department").fill("Ramp");
  await first.getByRole("button", { name: "Save Changes" }).click();
  await expect(first.getByText("Changes saved")).toBeVisible();
  await second.getByRole("form", { name: "Edit user" }).getByLabel("Department").fill("Cargo");
  await second.getByRole("button", { name: "Save Changes" }).click();
  await expect(second.getByText(/Someone else changed this account after you opened it/))
    .toBeVisible();
  // the screen shows the account as it is now, with the other admin's change
  const department = second.locator(".detail-fields > div").filter({
    has: second.getByText("Department", { exact: true }),
  }).locator("dd");
  await expect(department).toHaveText("Ramp");
});

test("an admin page refused by its route asks the server nothing for it, at any address", async ({ page }) => {
  // SEC1 (a user with the converter only) from the first test
  await signInUser(page, "SEC1");
  const asked: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/api/") && path !== "/api/auth/me") asked.push(path);
  });
  for (
    const path of [
      "/apps/admin-apps/users",
      "/apps/admin-apps/users/ADMIN",
      "/apps/admin-apps/audit",
    ]
  ) {
    await page.goto(path);
    await expect(page.getByText("You do not have access to this page")).toBeVisible();
    await expect(page.getByText("The admin area is for administrators.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  // the screens' own data (users, a user, the log) was never asked for
  // (the own record, /api/users/SEC1, is the timezone preference every signed-in page reads)
  expect(asked.filter((p) => p !== "/api/users/SEC1" && /^\/api\/(users|audit)/.test(p)))
    .toEqual([]);
});
