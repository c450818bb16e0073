// Signing in as staff do: failures, the first super admin's forced password change, the app cards
// per user, sign-out and the redirects of signed-out visitors.

import { expect } from "@playwright/test";
import { adminToken, signIn, test } from "./support.ts";

const NEW_SUPER_PASSWORD = "Super-changed-pass-4";

test.describe.configure({ mode: "serial" });

test("a signed-out visitor is sent to the sign-in page from any path, which it carries", async ({ page }) => {
  // home and unknown paths lead to plain /login; a page's address goes along to return to
  for (
    const [path, login] of [
      ["/", /\/login$/],
      ["/home", /\/login\?redirect=%2Fhome$/],
      ["/apps/ffm-to-uws", /\/login\?redirect=%2Fapps%2Fffm-to-uws$/],
      ["/no/such/page", /\/login$/],
    ] as const
  ) {
    await page.goto(path);
    await expect(page).toHaveURL(login);
  }
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText("Backend: localhost")).toBeVisible();
});

test("sign-in failures show the spec's texts", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter your employee code");
  await page.getByLabel("Employee code").fill("admin");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter your password");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid employee code or password");
});

test("a super admin on a one-time password changes it when asked, then sees the three app cards", async ({ page, request }) => {
  // a fresh super admin: the first one's change may already be made by the suites before
  const made = await request.post("/api/users", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: {
      employeeCode: "SUPER2",
      firstName: "System",
      lastName: "Administrator",
      station: "CAI",
      role: "super_admin",
    },
  });
  expect(made.status()).toBe(201);
  const oneTime = (await made.json()).data.oneTimePassword as string;
  await signIn(page, "super2", oneTime);
  await expect(page).toHaveURL(/\/password-change-required$/);
  await expect(page.locator(".subtitle")).toHaveText("You are signed in with a one-time password");
  // every other screen leads back here until the password is changed
  await page.goto("/apps/admin-apps/users");
  await expect(page).toHaveURL(/\/password-change-required$/);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("status")).toHaveText("Please enter your current password");
  await page.getByLabel("Current password").fill(oneTime);
  await page.getByLabel("New password", { exact: true }).fill(NEW_SUPER_PASSWORD);
  await page.getByLabel("Confirm new password").fill("something-else");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("status")).toHaveText("New passwords do not match");
  await page.getByLabel("Confirm new password").fill(NEW_SUPER_PASSWORD);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("status")).toHaveText("Password changed. Taking you home…");
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  await expect(page.getByRole("heading", { name: "Welcome, System Administrator" })).toBeVisible();
  await expect(page.locator(".card-title")).toHaveText([
    "FFM TO UWS",
    "ULD Extractor",
    "Admin Apps",
  ]);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
});

test("an expired session on an admin page signs in back to that page, never to another site", async ({ page, context }) => {
  await signIn(page, "super2", NEW_SUPER_PASSWORD);
  await expect(page.getByRole("heading", { name: "Welcome, System Administrator" })).toBeVisible();
  await page.goto("/apps/admin-apps/users?status=active");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  // the session ends on the server (expired): the next page change finds it gone
  await context.clearCookies();
  await page.getByRole("link", { name: "Audit Log" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fapps%2Fadmin-apps%2Faudit$/);
  await page.getByLabel("Employee code").fill("SUPER2");
  await page.getByLabel("Password").fill(NEW_SUPER_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/apps\/admin-apps\/audit$/);
  await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();

  // a reload on the user list after the session ended: back on the list with its filter
  await context.clearCookies();
  await page.goto("/apps/admin-apps/users?status=active");
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel("Employee code").fill("SUPER2");
  await page.getByLabel("Password").fill(NEW_SUPER_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/apps\/admin-apps\/users\?status=active$/);
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();

  // an attacker's link: signing in stays on this site
  for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
    await context.clearCookies();
    await page.goto(`/login?redirect=${encodeURIComponent(evil)}`);
    await page.getByLabel("Employee code").fill("SUPER2");
    await page.getByLabel("Password").fill(NEW_SUPER_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { name: "Welcome, System Administrator" }))
      .toBeVisible();
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
    expect(new URL(page.url()).pathname).toBe("/");
  }
});

test("a password set by an administrator: the forced change says so, also while its success shows", async ({ page, request }) => {
  const typed = "Typed-by-admin-5521";
  const made = await request.post("/api/users", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: {
      employeeCode: "E2E3",
      firstName: "Test",
      lastName: "Set",
      station: "CAI",
      password: typed,
    },
  });
  expect(made.status()).toBe(201);
  await signIn(page, "E2E3", typed);
  await expect(page).toHaveURL(/\/password-change-required$/);
  const subtitle = page.locator(".subtitle");
  await expect(subtitle).toHaveText("You are signed in with a password set by an administrator");
  await page.getByLabel("Current password").fill(typed);
  await page.getByLabel("New password", { exact: true }).fill("E2e-user-pass-3");
  await page.getByLabel("Confirm new password").fill("E2e-user-pass-3");
  const reread = page.waitForResponse((r) => r.url().endsWith("/api/auth/me"));
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("status")).toHaveText("Password changed. Taking you home…");
  // the session, read again, needs no change any more: the subtitle keeps the reason it had
  expect((await (await reread).json()).data.user.passwordChangeReason).toBeNull();
  await expect(subtitle).toHaveText("You are signed in with a password set by an administrator");
  await expect(page.getByText("No Apps Assigned")).toBeVisible({ timeout: 5000 });
});

test("a user created through the API sees only the apps assigned to them, or none", async ({ page, request }) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const oneTime: Record<string, string> = {};
  for (const [code, apps] of [["E2E1", ["uld-extractor"]], ["E2E2", []]] as const) {
    const made = await request.post("/api/users", {
      headers: auth,
      data: {
        employeeCode: code,
        firstName: "Test",
        lastName: code,
        station: "CAI",
        accessibleApps: apps,
      },
    });
    expect(made.status()).toBe(201);
    oneTime[code] = (await made.json()).data.oneTimePassword;
  }
  await signIn(page, "E2E1", oneTime.E2E1);
  await expect(page).toHaveURL(/\/password-change-required$/);
  await page.getByLabel("Current password").fill(oneTime.E2E1);
  await page.getByLabel("New password", { exact: true }).fill("E2e-user-pass-1");
  await page.getByLabel("Confirm new password").fill("E2e-user-pass-1");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.locator(".card-title")).toHaveText(["ULD Extractor"], { timeout: 5000 });
  await page.getByRole("button", { name: "Logout" }).click();

  await signIn(page, "E2E2", oneTime.E2E2);
  await page.getByLabel("Current password").fill(oneTime.E2E2);
  await page.getByLabel("New password", { exact: true }).fill("E2e-user-pass-2");
  await page.getByLabel("Confirm new password").fill("E2e-user-pass-2");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("No Apps Assigned")).toBeVisible({ timeout: 5000 });
});

test("a request from the sign-in page answers, its panel closes after 3 s, and an admin sees it", async ({ page, request }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Request Activation" }).click();
  const panel = page.getByRole("form", { name: "Request Activation" });
  await panel.getByRole("button", { name: "Send request" }).click();
  await expect(panel.getByRole("status")).toHaveText("Please enter your employee code");
  await panel.getByLabel("Employee code").fill("e2e2");
  await panel.getByLabel("Reason").fill("back from leave");
  await panel.getByRole("button", { name: "Send request" }).click();
  await expect(panel.getByRole("status")).toHaveText(
    "Activation request sent! An administrator will review your request shortly.",
  );
  await expect(panel).toBeHidden({ timeout: 5000 });

  // only one panel at a time
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  await page.getByRole("button", { name: "New Account Request" }).click();
  await expect(page.getByRole("form", { name: "Forgot Password?" })).toBeHidden();
  await expect(page.getByRole("form", { name: "New Account Request" })).toBeVisible();

  const token = await adminToken(request);
  const queue = await request.get("/api/users/activation-requests", {
    headers: { authorization: `Bearer ${token}` },
  });
  const pending = (await queue.json()).data.requests as { employeeCode: string; reason: string }[];
  expect(pending.map((r) => [r.employeeCode, r.reason])).toEqual([["E2E2", "back from leave"]]);
});

test("compact mode is a switch in the footer that the app remembers", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Compact mode").check();
  await expect(page.locator("html")).toHaveClass(/compact/);
  await page.reload();
  await expect(page.getByLabel("Compact mode")).toBeChecked();
  await page.getByLabel("Compact mode").uncheck();
  await expect(page.locator("html")).not.toHaveClass(/compact/);
});

test("the profile shows read-only fields, edits contact details and changes the password", async ({ page }) => {
  await signIn(page, "E2E1", "E2e-user-pass-1");
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const details = page.getByRole("form", { name: "Profile" });
  await expect(details.getByText("E2E1", { exact: true })).toBeVisible();
  await expect(details.getByText("Test E2E1")).toBeVisible();
  await expect(details.getByLabel("Email")).toBeDisabled();
  await details.getByRole("button", { name: "Edit" }).click();
  await details.getByLabel("Email").fill("e2e1@example.com");
  await details.getByLabel("Department").fill("Cargo");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Profile updated");
  await page.reload();
  await expect(page.getByRole("form", { name: "Profile" }).getByLabel("Department")).toHaveValue(
    "Cargo",
  );

  const change = page.getByRole("form", { name: "Change Password" });
  await change.getByRole("button", { name: "Change Password" }).click();
  await expect(change.getByRole("status")).toHaveText("Please enter your current password");
  await change.getByLabel("Current password").fill("wrong-one");
  await change.getByLabel("New password", { exact: true }).fill("E2e-user-pass-9");
  await change.getByLabel("Confirm new password").fill("E2e-user-pass-9");
  await change.getByRole("button", { name: "Change Password" }).click();
  await expect(change.getByRole("status")).toHaveText("Current password is incorrect");
  await change.getByLabel("Current password").fill("E2e-user-pass-1");
  await change.getByRole("button", { name: "Change Password" }).click();
  await expect(change.getByRole("status")).toHaveText("Password changed");
});

test("the header tells when the portal is offline", async ({ page, context }) => {
  await signIn(page, "E2E1", "E2e-user-pass-9");
  await expect(page.getByText("Online", { exact: true })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText("Offline", { exact: true })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("Online", { exact: true })).toBeVisible({ timeout: 10_000 });
});

test("the app is installable and opens offline from its service worker's cache", async ({ page, context }) => {
  await page.goto("/login");
  const manifest = await page.locator('link[rel="manifest"]').getAttribute("href");
  const body = await (await page.request.get(manifest!)).json();
  expect(body).toMatchObject({ name: "Staff Portal", start_url: "/", display: "standalone" });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await context.setOffline(false);
});

test("the password reset and registration panels send their requests", async ({ page, request }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  const reset = page.getByRole("form", { name: "Forgot Password?" });
  await reset.getByLabel("Employee code").fill("E2E1");
  await reset.getByRole("button", { name: "Send request" }).click();
  await expect(reset.getByRole("status")).toHaveText(
    "Password reset request sent! An administrator will reset your password shortly.",
  );

  await page.getByRole("button", { name: "New Account Request" }).click();
  const reg = page.getByRole("form", { name: "New Account Request" });
  await reg.getByLabel("Employee code").fill("new1");
  await reg.getByLabel("First name").fill("Nadia");
  await reg.getByLabel("Last name").fill("Kamel");
  await reg.getByRole("button", { name: "Send request" }).click();
  await expect(reg.getByRole("status")).toHaveText("Please enter your email");
  await reg.getByLabel("Email").fill("nadia@example.com");
  await reg.getByLabel("Job title").fill("Agent");
  await reg.getByLabel("Position").fill("Ramp");
  await reg.getByLabel("Station").fill("lxr");
  await reg.getByLabel("Reason").fill("joined the LXR station");
  await reg.getByRole("button", { name: "Send request" }).click();
  await expect(reg.getByRole("status")).toHaveText(
    "Registration request submitted! An administrator will review your request shortly.",
  );

  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  const resets =
    (await (await request.get("/api/users/password-reset-requests", { headers: auth })).json())
      .data.requests;
  expect(resets.map((r: { employeeCode: string }) => r.employeeCode)).toEqual(["E2E1"]);
  const regs =
    (await (await request.get("/api/users/registration-requests", { headers: auth })).json()).data
      .requests;
  expect(
    regs.map((
      r: { employeeCode: string; registration: { station: string } },
    ) => [r.employeeCode, r.registration.station]),
  )
    .toEqual([["NEW1", "LXR"]]);
});

test("a locked account and an unreachable server get their messages", async ({ page, context }) => {
  for (let i = 0; i < 5; i++) {
    await page.request.post("/api/auth/login", {
      data: { employeeCode: "E2E2", password: "wrong" },
    });
  }
  await page.goto("/login");
  await page.getByLabel("Employee code").fill("E2E2");
  await page.getByLabel("Password").fill("E2e-user-pass-2");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Account locked after 5 failed sign-ins");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Login failed. Please try again.");
  await context.setOffline(false);
});
