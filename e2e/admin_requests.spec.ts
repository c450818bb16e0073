// The admin dashboard, the three request queues and the expiring users as an administrator uses
// them. Every test works in its own station (RQ…) with its own users, so that other specs' users
// and requests on the shared server neither show up here nor get approved by Approve All; every
// request made here is handled before the test ends.

import { type APIRequestContext, expect, type Page } from "@playwright/test";
import {
  adminToken,
  confirmPassword,
  firstPasswordChange,
  signIn,
  test,
  USER_PASSWORD,
} from "./support.ts";

const DAY = 24 * 60 * 60 * 1000;

/** Headers of the first super admin, for set-up and checks through the API. */
async function asAdmin(request: APIRequestContext) {
  return { authorization: `Bearer ${await adminToken(request)}` };
}

interface StaffOptions {
  station: string;
  role?: "user" | "admin" | "super_admin";
  firstName?: string;
  isActive?: boolean;
  passwordExpiryDays?: 30 | 90 | 180 | 365;
  /** Flags set after creation (the create body takes none). */
  flags?: Record<string, boolean>;
}

/** Creates a user through the API as the first super admin; answers its one-time password. */
async function createStaff(
  request: APIRequestContext,
  code: string,
  o: StaffOptions,
): Promise<string> {
  const headers = await asAdmin(request);
  const made = await request.post("/api/users", {
    headers,
    data: {
      employeeCode: code,
      firstName: o.firstName ?? "Staff",
      lastName: code,
      station: o.station,
      role: o.role ?? "user",
      ...(o.isActive === undefined ? {} : { isActive: o.isActive }),
      ...(o.passwordExpiryDays === undefined ? {} : { passwordExpiryDays: o.passwordExpiryDays }),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  if (o.flags !== undefined) {
    const put = await request.put(`/api/users/${code}`, { headers, data: o.flags });
    expect(put.status(), await put.text()).toBe(200);
  }
  return (await made.json()).data.oneTimePassword as string;
}

/** Ends the browser's session: the next page load starts signed out. */
async function signOut(page: Page) {
  await page.context().clearCookies();
}

/** Signs a user in with a one-time password and makes the forced change to USER_PASSWORD. */
const firstSignIn = firstPasswordChange;

/** Creates a user and signs them in, ready to work. */
async function staff(page: Page, request: APIRequestContext, code: string, o: StaffOptions) {
  await firstSignIn(page, code, await createStaff(request, code, o));
}

/** One user as the API answers it. */
async function userOf(request: APIRequestContext, code: string) {
  const res = await request.get(`/api/users/${code}`, { headers: await asAdmin(request) });
  expect(res.ok()).toBe(true);
  return (await res.json()).data as {
    isActive: boolean;
    passwordExpiry: string;
    needsPasswordChange: boolean;
  };
}

/** The newest audit entry of an action on a target. */
async function lastAudit(request: APIRequestContext, action: string, target: string) {
  const res = await request.get(`/api/audit?action=${action}&target=${target}`, {
    headers: await asAdmin(request),
  });
  const entries = (await res.json()).data.entries as {
    actor: string;
    target: string;
    summary: string;
  }[];
  return entries.find((e) => e.target === target);
}

/** Days from now to an expiry, to the nearest hundredth. */
const daysLeft = (iso: string) => Math.round((Date.parse(iso) - Date.now()) / DAY * 100) / 100;

const card = (page: Page, code: string) =>
  page.getByRole("article", { name: new RegExp(`^${code} `) });
const status = (page: Page) => page.locator(".request-status");

test("activation requests: approve for 30 days, reject with and without a reason, Approve All", async ({ page, request }) => {
  for (const code of ["RQA1", "RQA2", "RQA3", "RQA4", "RQA5"]) {
    await createStaff(request, code, { station: "RQA", isActive: false });
    const sent = await request.post("/api/users/activation-request", {
      data: { employeeCode: code, reason: `back from leave ${code}` },
    });
    expect(sent.ok()).toBe(true);
  }
  await staff(page, request, "RQAADM", { station: "RQA", role: "admin" });
  await page.goto("/apps/admin-apps/users/activation-requests");
  await expect(page.getByRole("heading", { name: "Activation Requests" })).toBeVisible();
  await expect(page.locator(".subtitle")).toHaveText("5 pending requests");
  await expect(card(page, "RQA1")).toContainText("back from leave RQA1");
  await expect(card(page, "RQA1")).toContainText("Staff RQA1");

  await card(page, "RQA1").getByRole("button", { name: "Approve (30 days)" }).click();
  await expect(status(page)).toHaveText("Activation of RQA1 approved for 30 days");
  await expect(card(page, "RQA1")).toBeHidden();
  await expect(page.locator(".subtitle")).toHaveText("4 pending requests");
  const approved = await userOf(request, "RQA1");
  expect(approved.isActive).toBe(true);
  expect(daysLeft(approved.passwordExpiry)).toBeCloseTo(30, 1);

  // a typed reason, an empty one, and a cancelled rejection
  await card(page, "RQA2").getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Reason (optional)").fill("Not on the roster");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(status(page)).toHaveText(
    "The activation request of RQA2 was rejected: Not on the roster",
  );
  await card(page, "RQA3").getByRole("button", { name: "Reject" }).click();
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(status(page)).toHaveText(
    "The activation request of RQA3 was rejected: No reason provided",
  );
  await card(page, "RQA4").getByRole("button", { name: "Reject" }).click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, "RQA4")).toBeVisible();
  await expect(page.locator(".subtitle")).toHaveText("2 pending requests");
  expect(await lastAudit(request, "activation.reject", "RQA2")).toMatchObject({
    actor: "RQAADM",
    summary: "Not on the roster",
  });
  expect((await lastAudit(request, "activation.reject", "RQA3"))?.summary).toBe(
    "No reason provided",
  );
  expect((await userOf(request, "RQA2")).isActive).toBe(false);

  await page.getByRole("button", { name: "Approve All" }).click();
  await expect(dialog).toContainText("Approve all 2 activation requests?");
  await dialog.getByRole("button", { name: "Approve All" }).click();
  await expect(status(page)).toHaveText("Approved 2 activation requests for 90 days");
  await expect(page.getByText("No Pending Requests")).toBeVisible();
  await expect(page.getByText("All activation requests have been processed")).toBeVisible();
  await expect(page.locator(".subtitle")).toHaveText("0 pending requests");
  for (const code of ["RQA4", "RQA5"]) {
    const u = await userOf(request, code);
    expect(u.isActive).toBe(true);
    expect(daysLeft(u.passwordExpiry)).toBeCloseTo(90, 1);
  }
});

test("password resets: one-time, custom, extend and reject; the user signs in once with the one-time password and must choose their own", async ({ page, request, context, browser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await staff(page, request, "RQP1", { station: "RQP" });
  for (const code of ["RQP2", "RQP3", "RQP4"]) {
    await createStaff(request, code, { station: "RQP" });
  }
  for (const code of ["RQP1", "RQP2", "RQP3", "RQP4"]) {
    const sent = await request.post("/api/users/password-reset-request", {
      data: { employeeCode: code },
    });
    expect(sent.ok()).toBe(true);
  }
  expect((await userOf(request, "RQP1")).needsPasswordChange).toBe(false);

  await staff(page, request, "RQPADM", { station: "RQP", role: "admin" });
  await page.goto("/apps/admin-apps/users/password-reset-requests");
  await expect(page.locator(".subtitle")).toHaveText("4 pending requests");
  const warning = page.getByRole("note");
  await expect(warning).toContainText("Verify the requester's identity first");
  await expect(warning).toContainText(
    "'Reset to Default' gives a new one-time password, shown to you once",
  );

  await card(page, "RQP1").getByRole("button", { name: "Reset to Default" }).click();
  await expect(status(page)).toHaveText(
    "The password of RQP1 is reset to a one-time password; it must be changed at the next sign-in",
  );
  // the one-time password is shown once, with a Copy button
  const shown = page.getByRole("dialog", { name: "One-time password" });
  const oneTime = (await shown.getByLabel("One-time password of RQP1").textContent())!.trim();
  expect(oneTime).toMatch(/^[A-HJ-NP-Za-km-z2-9]{14}$/);
  await shown.getByRole("button", { name: "Copy" }).click();
  await expect(shown.getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oneTime);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();
  await expect(card(page, "RQP1")).toBeHidden();

  // the dialog states the server's rule and checks it, staying open with what was typed
  await card(page, "RQP2").getByRole("button", { name: "Set Custom Password" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("A password has at least 8 characters.")).toBeVisible();
  await dialog.getByLabel("New password").fill("abcdef1");
  await dialog.getByRole("button", { name: "Set Password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Password must be at least 8 characters");
  await expect(dialog.getByLabel("New password")).toHaveValue("abcdef1");
  // a common password is refused in the dialog with the server's own words
  await dialog.getByLabel("New password").fill("Password123");
  await dialog.getByRole("button", { name: "Set Password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "This password is too common or too easy to guess; choose another",
  );
  await dialog.getByLabel("New password").fill("Custom-pass-77");
  await dialog.getByRole("button", { name: "Set Password" }).click();
  // setting someone's password asks for the admin's own password again (issue 48)
  await confirmPassword(page, USER_PASSWORD);
  await expect(status(page)).toHaveText(
    "The password of RQP2 is set; it must be changed at the next sign-in",
  );

  const before = daysLeft((await userOf(request, "RQP3")).passwordExpiry);
  await card(page, "RQP3").getByRole("button", { name: "Extend (30 days)" }).click();
  await expect(status(page)).toHaveText("The password of RQP3 is extended by 30 days");
  await expect(card(page, "RQP3")).toBeHidden();
  expect(daysLeft((await userOf(request, "RQP3")).passwordExpiry)).toBeCloseTo(before + 30, 1);

  await card(page, "RQP4").getByRole("button", { name: "Reject" }).click();
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("All password reset requests have been processed")).toBeVisible();
  expect((await lastAudit(request, "password-reset.reject", "RQP4"))?.summary).toBe(
    "No reason provided",
  );

  // the user signs in with the one-time password once; at another PC the same password is then
  // refused; the user chooses their own
  await signOut(page);
  await signIn(page, "RQP1", oneTime);
  await expect(page).toHaveURL(/\/password-change-required$/);
  const elsewhere = await (await browser.newContext()).newPage();
  await signIn(elsewhere, "RQP1", oneTime);
  await expect(elsewhere.getByRole("alert")).toHaveText(
    "This one-time password was already used. Ask an administrator for a new one.",
  );
  await elsewhere.context().close();
  await page.getByLabel("Current password").fill(oneTime);
  await page.getByLabel("New password", { exact: true }).fill("Blue-harbour-pass-5");
  await page.getByLabel("Confirm new password").fill("Blue-harbour-pass-5");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible({ timeout: 5000 });
  await signOut(page);
  await signIn(page, "RQP2", "Custom-pass-77");
  await expect(page).toHaveURL(/\/password-change-required$/);
});

test("registration: 'Approve & Create User' creates the account with a one-time password, which must be changed", async ({ page, request }) => {
  const base = {
    middleName: "",
    phone: "0100 555",
    jobTitle: "Agent",
    position: "Ramp",
    station: "RQR",
    department: "Cargo",
  };
  for (
    const [code, firstName, reason] of [["RQR1", "Nadia", "New hire"], ["RQR2", "Omar", "Dup"]]
  ) {
    const sent = await request.post("/api/users/registration-request", {
      data: {
        ...base,
        employeeCode: code,
        firstName,
        lastName: "Farouk",
        email: `${code.toLowerCase()}@example.com`,
        gender: code === "RQR1" ? "Female" : "Male",
        reason,
      },
    });
    expect(sent.ok()).toBe(true);
  }
  await staff(page, request, "RQRADM", { station: "RQR", role: "admin" });
  await page.goto("/apps/admin-apps/users/registration-requests");
  await expect(page.locator(".subtitle")).toHaveText("2 pending requests");
  const nadia = card(page, "RQR1");
  for (
    const text of [
      "Nadia Farouk",
      "rqr1@example.com",
      "0100 555",
      "Agent",
      "Ramp",
      "RQR",
      "Cargo",
      "Female",
      "New hire",
    ]
  ) {
    await expect(nadia).toContainText(text);
  }
  await nadia.getByRole("button", { name: "Approve & Create User" }).click();
  await page.getByRole("dialog", { name: "Approve & Create User" })
    .getByRole("button", { name: "Create User (0 apps)" }).click();
  await expect(status(page)).toHaveText(
    "User RQR1 created with a one-time password; it must be changed at the first sign-in. Apps: none",
  );
  const shown = page.getByRole("dialog", { name: "One-time password" });
  const oneTime = (await shown.getByLabel("One-time password of RQR1").textContent())!.trim();
  await shown.getByRole("button", { name: "Done" }).click();
  // read off the screen, neither copied nor downloaded: the dialog asks first
  await shown.getByRole("button", { name: "Close without it" }).click();
  await card(page, "RQR2").getByRole("button", { name: "Reject" }).click();
  await page.getByRole("dialog").getByLabel("Reason (optional)").fill("Already has an account");
  await page.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("No Pending Requests")).toBeVisible();
  expect((await lastAudit(request, "registration.reject", "RQR2"))?.summary).toBe(
    "Already has an account",
  );

  await signOut(page);
  await signIn(page, "RQR1", oneTime);
  await expect(page).toHaveURL(/\/password-change-required$/);
});

test("expiring users: the filters, select all and a bulk extension", async ({ page, request }) => {
  await createStaff(request, "RQE1", { station: "RQE", passwordExpiryDays: 30 });
  await createStaff(request, "RQE2", { station: "RQE", passwordExpiryDays: 30 });
  await createStaff(request, "RQE3", { station: "RQE", passwordExpiryDays: 90 });
  await staff(page, request, "RQEADM", { station: "RQE", role: "admin" });
  await page.goto("/apps/admin-apps/users/expiring");
  await expect(page.getByLabel("Next 30 Days")).toBeChecked();
  const cards = page.locator(".expiring-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText("RQE");
  // days left as the user list and the server's windows count them: a fresh 30-day expiry reads 30
  await expect(cards.first()).toContainText("30 days left · More than 7 days");
  await expect(page.locator(".subtitle")).toHaveText(
    "2 users expiring in the next 30 days or expired",
  );

  await page.getByLabel("Next 7 Days").check();
  await expect(page.getByText("No Expiring Users")).toBeVisible();
  await page.getByLabel("All Expiring").check();
  await expect(cards).toHaveCount(4);
  await expect(page.getByRole("link", { name: "Staff RQE3" })).toBeVisible();

  await page.getByLabel("Next 30 Days").check();
  await page.getByLabel("Select all (2)").check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("button", { name: "90 Days" }).click();
  await expect(status(page)).toHaveText("Extended 2 passwords by 90 days");
  await expect(page.getByText("No Expiring Users")).toBeVisible();
  for (const code of ["RQE1", "RQE2"]) {
    expect(daysLeft((await userOf(request, code)).passwordExpiry)).toBeCloseTo(120, 1);
  }
  expect(daysLeft((await userOf(request, "RQE3")).passwordExpiry)).toBeCloseTo(90, 1);
});

test("dashboard: Cairo greeting, the statistics of the API, Refresh, alerts and Clear Cache", async ({ page, request }) => {
  await createStaff(request, "RQD1", { station: "RQD", isActive: false });
  await request.post("/api/users/activation-request", {
    data: { employeeCode: "RQD1", reason: "new contract" },
  });
  await staff(page, request, "RQDADM", { station: "RQD", role: "admin", firstName: "Dina" });
  // the page's clock is faked: 10:30 in Cairo today, so the greeting is known, and Refresh can be
  // a minute later without waiting for one
  const morning = new Date(`${new Date().toISOString().slice(0, 10)}T08:30:00Z`);
  await page.clock.install({ time: morning });
  await page.goto("/apps/admin-apps");
  await expect(page.getByRole("heading", { name: "Good Morning, Dina" })).toBeVisible();
  const updated = page.getByText(/^Last updated: /);
  await expect(updated).toBeVisible();

  // the browser's session is RQDADM's: the API answers the same statistics to it
  const stats = (await (await page.request.get("/api/users/stats")).json()).data as Record<
    string,
    number
  >;
  expect(stats).toMatchObject({ totalUsers: 2, inactiveUsers: 1, pendingActivationRequests: 1 });
  for (const [key, value] of Object.entries(stats)) {
    // the statistics the dashboard shows (the API answers more than the spec's)
    if (key === "lockedUsers") continue;
    await expect(page.locator(`[data-stat="${key}"] dd`)).toHaveText(String(value));
  }
  const activationCard = page.locator(".dashboard-card").filter({ hasText: "Activation" });
  await expect(activationCard).toContainText("1 pending");
  await expect(activationCard).toContainText("RQD1");
  const quick = page.getByRole("region", { name: "Quick Actions" });
  for (
    const name of [
      "Manage Users",
      "Create User",
      "CSV Import",
      "Expiring Passwords",
    ]
  ) {
    await expect(quick.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }

  const first = await updated.textContent();
  await page.clock.fastForward("01:00");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(updated).not.toHaveText(first ?? "");

  // the alert leads to the queue, where the request is handled
  await page.getByRole("link", { name: "1 activation request waiting" }).click();
  await expect(page).toHaveURL(/\/apps\/admin-apps\/users\/activation-requests$/);
  await card(page, "RQD1").getByRole("button", { name: "Approve (90 days)" }).click();
  await expect(page.getByText("No Pending Requests")).toBeVisible();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" })
    .click();
  await expect(page.getByText("No critical alerts")).toBeVisible();

  await page.getByRole("button", { name: "Clear Cache" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.evaluate(() => {
    localStorage.setItem("rq-marker", "1");
    sessionStorage.setItem("rq-marker", "1");
  });
  await page.getByRole("button", { name: "Clear Cache" }).click();
  await dialog.getByRole("button", { name: "Clear Cache" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  expect(
    await page.evaluate(() => [
      localStorage.getItem("rq-marker"),
      sessionStorage.getItem("rq-marker"),
      localStorage.getItem("portal.session"),
    ]),
  ).toEqual([null, null, null]);
});

test("who may open what: users see the access page, admins without 'manage users' the dashboard only", async ({ page, request }) => {
  const routes = [
    "/apps/admin-apps",
    "/apps/admin-apps/users/activation-requests",
    "/apps/admin-apps/users/password-reset-requests",
    "/apps/admin-apps/users/registration-requests",
    "/apps/admin-apps/users/expiring",
  ];
  await staff(page, request, "RQU1", { station: "RQU" });
  for (const path of routes) {
    await page.goto(path);
    await expect(page.getByText("You do not have access to this page")).toBeVisible();
  }

  await staff(page, request, "RQN1", {
    station: "RQN",
    role: "admin",
    firstName: "Nour",
    flags: { canManageUsers: false },
  });
  await page.goto("/apps/admin-apps");
  await expect(page.getByRole("heading", { name: /, Nour$/ })).toBeVisible();
  await expect(page.locator('[data-stat="totalUsers"] dd')).toHaveText("1");
  await expect(page.getByText("Could not load")).toBeHidden();
  await expect(page.getByRole("link", { name: /requests$/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Manage Users" })).toHaveCount(0);
  await expect(page.getByText("Your account shows the statistics only")).toBeVisible();
  for (const path of routes.slice(1)) {
    await page.goto(path);
    await expect(page.getByText("You do not have access to this page")).toBeVisible();
  }

  // managing users without extending passwords: the list, no Extend buttons
  await staff(page, request, "RQX1", {
    station: "RQX",
    role: "admin",
    flags: { canExtendPasswords: false },
  });
  await page.goto("/apps/admin-apps/users/expiring");
  await page.getByLabel("All Expiring").check();
  await expect(page.locator(".expiring-card")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Extend 30 Days" })).toHaveCount(0);
  await expect(page.getByText("Extending passwords needs")).toBeVisible();
});
