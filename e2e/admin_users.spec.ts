// The user administration as an administrator works with it: creating a user through the form,
// the list's search, filters, paging and states, unlocking, assigning apps, bulk actions, the
// detail screen, a regional admin's station scope and the CSV export. Every user here has a code
// starting with US; counts are asserted on those users only (the suites share one server).

import { readFileSync } from "node:fs";
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import {
  adminToken,
  confirmPassword,
  rowAction,
  signIn,
  signInUser,
  test,
  USER_PASSWORD,
  userRow,
  userWithApps,
} from "./support.ts";

test.describe.configure({ mode: "serial" });

/** The super admin who runs the screens in these tests. */
const OPERATOR = "USSA";

let token: string | undefined;

/** POST /api/users as the first super admin (one sign-in for the whole file). */
async function createUser(
  request: APIRequestContext,
  code: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  // a token of its own each time: its password confirmation lasts minutes (issue 48)
  token = await adminToken(request);
  const made = await request.post("/api/users", {
    headers: { authorization: `Bearer ${token}` },
    data: { employeeCode: code, firstName: "Test", lastName: code, station: "CAI", ...extra },
  });
  expect(made.status(), await made.text()).toBe(201);
}

/** Signs in for the first time with `password` and makes the forced change to USER_PASSWORD. */
async function firstSignIn(page: Page, code: string, password: string): Promise<void> {
  await signIn(page, code, password);
  await expect(page).toHaveURL(/\/password-change-required$/);
  await page.getByLabel("Current password").fill(password);
  await page.getByLabel("New password", { exact: true }).fill(USER_PASSWORD);
  await page.getByLabel("Confirm new password").fill(USER_PASSWORD);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
}

/** A fresh browser context: another person at another machine. */
async function otherPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return await context.newPage();
}

const rows = (page: Page) => page.getByRole("table", { name: "Users" }).locator("tbody tr");
const select = (page: Page, code: string) => userRow(page, code).getByRole("checkbox");
const search = (page: Page) => page.getByPlaceholder("Search by code, name, email, or station...");
const subtitle = (page: Page) => page.locator(".header .subtitle");
const statusLine = (page: Page) => page.locator(".user-status");
const bulkBar = (page: Page) => page.getByRole("region", { name: "Bulk actions" });

async function openList(page: Page, query = ""): Promise<void> {
  await page.goto("/apps/admin-apps/users");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  await expect(page.getByText(/^Page \d+ of \d+$/)).toBeVisible();
  if (query !== "") await search(page).fill(query);
}

/** The M of 'N of M users' as the page shows it now. */
async function everyone(page: Page): Promise<number> {
  await expect(subtitle(page)).toHaveText(/^\d+ of \d+ users$/);
  return Number((await subtitle(page).textContent())!.split(" of ")[1].split(" ")[0]);
}

async function confirmIn(dialog: Locator, button: string): Promise<void> {
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: button }).click();
}

test("a super admin creates a user through the form; the user signs in with the one-time password and must change it", async ({ page, browser }) => {
  // several first sign-ins, each hashing passwords on the server
  test.setTimeout(60_000);
  await userWithApps(page, OPERATOR, [], "super_admin");
  await page.goto("/apps/admin-apps/users");
  await page.getByRole("link", { name: "Create New User" }).click();
  await expect(page).toHaveURL(/\/apps\/admin-apps\/users\/create$/);
  await expect(page.getByRole("note")).toContainText("active unless you clear the “Active” box");

  const problem = page.locator("#create-problem");
  const create = page.getByRole("button", { name: "Create User" });
  await create.click();
  await expect(problem).toHaveText("Employee Code is required");
  await expect(page.getByLabel("Employee Code")).toBeFocused();
  await page.getByLabel("Employee Code").fill("   ");
  await create.click();
  await expect(problem).toHaveText("Employee Code is required");
  await page.getByLabel("Employee Code").fill("usnew1");
  await create.click();
  await expect(problem).toHaveText("First Name is required");
  await page.getByLabel("First Name").fill("Nadia");
  await create.click();
  await expect(problem).toHaveText("Last Name is required");
  await page.getByLabel("Last Name").fill("Fouad");
  await expect(page.getByRole("textbox", { name: "Station" })).toHaveValue("CAI");
  await page.getByRole("textbox", { name: "Station" }).fill("  ");
  await create.click();
  await expect(problem).toHaveText("Station is required");
  await page.getByRole("textbox", { name: "Station" }).fill("lxr");
  await expect(page.getByRole("textbox", { name: "Station" })).toHaveValue("LXR");
  await expect(page.getByLabel("Job Title")).toHaveValue("Employee");
  await expect(page.getByLabel("Active")).toBeChecked();
  await expect(page.getByLabel("Password expiry")).toHaveValue("90");

  // admin apps are offered only for admin and super admin accounts
  await expect(page.getByLabel("FFM TO UWS")).toBeVisible();
  await expect(page.getByLabel("Audit Logs")).toHaveCount(0);
  await page.getByLabel("Role").selectOption("admin");
  await expect(page.getByLabel("Audit Logs")).toBeVisible();
  await page.getByLabel("Role").selectOption("user");
  await expect(page.getByLabel("Audit Logs")).toHaveCount(0);
  await expect(page.getByLabel("Role").locator("option")).toHaveText([
    "User",
    "Admin",
    "Super Admin",
  ]);
  await page.getByLabel("FFM TO UWS").check();
  await create.click();

  await expect(page).toHaveURL(/\/apps\/admin-apps\/users\/USNEW1$/);
  await expect(statusLine(page)).toContainText("User USNEW1 created");
  await expect(page.getByRole("heading", { name: "User Details" })).toBeVisible();
  await expect(page.locator(".header .subtitle")).toHaveText("Nadia Fouad (USNEW1)");
  // the one-time password is shown to the admin once
  const shown = page.getByRole("dialog", { name: "One-time password" });
  const oneTime = (await shown.getByLabel("One-time password of USNEW1").textContent())!.trim();
  await shown.getByRole("button", { name: "Done" }).click();
  // read off the screen, neither copied nor downloaded: the dialog asks first
  await shown.getByRole("button", { name: "Close without it" }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText("FFM TO UWS", { exact: true })).toBeVisible();

  // the same code again is refused with the server's message
  await page.goto("/apps/admin-apps/users/create");
  await page.getByLabel("Employee Code").fill("USNEW1");
  await page.getByLabel("First Name").fill("Again");
  await page.getByLabel("Last Name").fill("Again");
  await create.click();
  await expect(problem).toHaveText("Failed to create user: Employee code USNEW1 already exists");

  const newcomer = await otherPage(browser);
  await firstSignIn(newcomer, "USNEW1", oneTime);
  await expect(newcomer.locator(".card-title")).toHaveText(["FFM TO UWS"]);
  await newcomer.context().close();
});

test("search and filters narrow the list, 'N of M users' follows, and paging goes back to page 1", async ({ page, request }) => {
  for (let i = 1; i <= 12; i++) {
    await createUser(request, `USF${String(i).padStart(2, "0")}`, {
      isActive: i % 4 !== 0,
      role: i <= 2 ? "admin" : "user",
    });
  }
  await signInUser(page, OPERATOR);
  await openList(page);
  const all = await everyone(page);
  expect(all).toBeGreaterThanOrEqual(14);
  await expect(page.getByText("Page 1 of")).toBeVisible();

  await search(page).fill("usf");
  await expect(subtitle(page)).toHaveText(`12 of ${all} users`);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  const status = page.getByLabel("Status");
  const role = page.getByLabel("Role");
  await expect(status.locator("option")).toHaveText(["All (12)", "Active (9)", "Inactive (3)"]);
  await expect(role.locator("option")).toHaveText([
    "All Roles (12)",
    "Super Admins (0)",
    "Admins (2)",
    "Users (10)",
  ]);

  // Next, then a filter: back to page 1
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await status.selectOption("inactive");
  await expect(subtitle(page)).toHaveText(`3 of ${all} users`);
  await expect(page.getByText("Page 1 of 1")).toBeVisible();
  for (const code of ["USF04", "USF08", "USF12"]) {
    await expect(userRow(page, code)).toContainText("Inactive");
  }
  await status.selectOption("all");
  await role.selectOption("admin");
  await expect(subtitle(page)).toHaveText(`2 of ${all} users`);
  await expect(userRow(page, "USF01")).toBeVisible();
  await expect(userRow(page, "USF02")).toContainText("Admin");
  await role.selectOption("all");
  await expect(subtitle(page)).toHaveText(`12 of ${all} users`);

  // a page-size change goes back to page 1 as well
  await page.getByRole("button", { name: "Last", exact: true }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await page.getByLabel("Per page").selectOption("25");
  await expect(page.getByText("Page 1 of 1")).toBeVisible();
  await expect(rows(page)).toHaveCount(12);
  await page.getByLabel("Per page").selectOption("10");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await search(page).fill("usf1");
  await expect(subtitle(page)).toHaveText(`3 of ${all} users`);
  await expect(page.getByText("Page 1 of 1")).toBeVisible();

  await search(page).fill("usf-nobody");
  await expect(page.getByText("No users found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search or filters")).toBeVisible();
  await expect(subtitle(page)).toHaveText(`0 of ${all} users`);
});

test("load failures: 'Error Loading Users' with Retry, and offline 'Login Required'", async ({ page }) => {
  await signInUser(page, OPERATOR);
  await page.route("**/api/users/paginated*", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ success: false, message: "The store is not reachable" }),
    }));
  await page.goto("/apps/admin-apps/users");
  const failed = page.getByRole("alert").filter({ hasText: "Error Loading Users" });
  await expect(failed).toContainText("The store is not reachable");
  await expect(failed.getByRole("button", { name: "Go Back" })).toBeVisible();
  await page.unroute("**/api/users/paginated*");
  await failed.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText(/^Page \d+ of \d+$/)).toBeVisible();

  const login = page.getByRole("alert").filter({ hasText: "Login Required" });
  await page.context().setOffline(true);
  await expect(login).toContainText(
    "Offline mode: Cannot load users from server. Please login with your account.",
  );
  await expect(login.getByRole("button", { name: "Go to Login" })).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText(/^Page \d+ of \d+$/)).toBeVisible();

  // a session that ended meanwhile: the list asks to sign in, and the button leads there
  await page.route("**/api/users/paginated*", (route) =>
    route.fulfill({
      status: 401,
      contentType: "application/json",
      body: JSON.stringify({ success: false, message: "Please sign in" }),
    }));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(login).toContainText("Please login to view users");
  await page.route("**/api/auth/me", (route) =>
    route.fulfill({
      status: 401,
      contentType: "application/json",
      body: JSON.stringify({ success: false, message: "Please sign in" }),
    }));
  await login.getByRole("button", { name: "Go to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a locked account is unlocked from its row and can then sign in", async ({ page, request }) => {
  await createUser(request, "USL1", { password: "Lock-pass-123" });
  for (let i = 0; i < 5; i++) {
    await request.post("/api/auth/login", {
      data: { employeeCode: "USL1", password: "not-the-password" },
    });
  }
  const locked = await request.post("/api/auth/login", {
    data: { employeeCode: "USL1", password: "Lock-pass-123" },
  });
  expect(locked.status()).toBe(423);

  await signInUser(page, OPERATOR);
  await openList(page, "USL1");
  const user = userRow(page, "USL1");
  await expect(user.getByText("LOCKED", { exact: true })).toBeVisible();
  await rowAction(page, "USL1", "Unlock");
  await expect(statusLine(page)).toHaveText(/Account USL1 unlocked/);
  await expect(user.getByText("LOCKED", { exact: true })).toHaveCount(0);
  await user.getByRole("button", { name: "Actions for Test USL1 (USL1)" }).click();
  await expect(user.getByRole("button", { name: /^Unlock / })).toHaveCount(0);
  await page.keyboard.press("Escape");

  const signedIn = await request.post("/api/auth/login", {
    data: { employeeCode: "USL1", password: "Lock-pass-123" },
  });
  expect(signedIn.status()).toBe(200);
});

test("Assign Apps offers admin apps only for admin accounts, and the user then sees the app", async ({ page, browser, request }) => {
  // several first sign-ins, each hashing passwords on the server
  test.setTimeout(60_000);
  await createUser(request, "USAPU", { password: "Apps-pass-123" });
  await createUser(request, "USAPA", { role: "admin" });
  await signInUser(page, OPERATOR);
  await openList(page, "USAP");

  await rowAction(page, "USAPU", "Apps of");
  let dialog = page.getByRole("dialog", { name: "Assign Apps" });
  await expect(dialog.getByLabel("FFM TO UWS")).toBeVisible();
  await expect(dialog.getByLabel("ULD Extractor")).toBeVisible();
  await expect(dialog.getByLabel("Audit Logs")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Save (0 apps)" })).toBeVisible();
  await dialog.getByLabel("ULD Extractor").check();
  await dialog.getByRole("button", { name: "Save (1 apps)" }).click();
  await expect(dialog).toBeHidden();
  await expect(statusLine(page)).toContainText("Apps of USAPU updated (1 app)");
  await rowAction(page, "USAPU", "Apps of");
  await expect(dialog.getByLabel("ULD Extractor")).toBeChecked();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await rowAction(page, "USAPA", "Apps of");
  dialog = page.getByRole("dialog", { name: "Assign Apps" });
  for (
    const name of [
      "Admin Apps",
      "User Management",
      "Database Management",
      "System Settings",
      "Reports",
      "Audit Logs",
    ]
  ) {
    await expect(dialog.getByLabel(name)).toBeVisible();
  }
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  const staff = await otherPage(browser);
  await firstSignIn(staff, "USAPU", "Apps-pass-123");
  await expect(staff.locator(".card-title")).toHaveText(["ULD Extractor"]);
  await staff.context().close();
});

test("bulk deactivate asks first, naming the count, then reports its counts; bulk delete needs the typed DELETE", async ({ page, request }) => {
  for (const code of ["USB1", "USB2", "USB3"]) await createUser(request, code);
  await signInUser(page, OPERATOR);
  await openList(page, "USB");
  await expect(subtitle(page)).toHaveText(/^3 of \d+ users$/);
  await expect(bulkBar(page)).toHaveCount(0);

  await select(page, "USB1").check();
  await select(page, "USB2").check();
  await expect(bulkBar(page)).toContainText("2 selected");
  await bulkBar(page).getByRole("button", { name: "Deactivate" }).click();
  const ask = page.getByRole("dialog", { name: "Deactivate Users" });
  await expect(ask).toContainText("Deactivate 2 users?");
  await confirmIn(ask, "Deactivate");
  await expect(statusLine(page)).toContainText("Deactivated 2 users");
  await expect(statusLine(page)).not.toContainText("Succeeded:");
  await expect(userRow(page, "USB1")).toContainText("Inactive");
  await expect(userRow(page, "USB2")).toContainText("Inactive");
  await expect(userRow(page, "USB3")).toContainText("Active");
  await expect(bulkBar(page)).toHaveCount(0);

  const deleteAll = async (typed: string) => {
    await page.getByLabel("Select all on this page").check();
    await expect(bulkBar(page)).toContainText("3 selected");
    await bulkBar(page).getByRole("button", { name: "Delete" }).click();
    await confirmIn(page.getByRole("dialog", { name: "Delete Users" }), "Continue");
    await confirmIn(page.getByRole("dialog", { name: "Are you sure?" }), "Yes, delete");
    const prompt = page.getByRole("dialog", { name: "Type DELETE to confirm" });
    await prompt.getByLabel("Confirmation").fill(typed);
    await prompt.getByRole("button", { name: "Delete Users" }).click();
  };
  await deleteAll("delete");
  await expect(statusLine(page)).toHaveText("Deletion cancelled - confirmation text did not match");
  await expect(rows(page)).toHaveCount(3);

  await page.getByLabel("Select all on this page").uncheck();
  await deleteAll("DELETE");
  await expect(statusLine(page)).toContainText("Delete: 3 succeeded, 0 failed");
  await expect(statusLine(page)).toContainText("USB1: User USB1 deleted");
  await expect(page.getByText("No users found")).toBeVisible();
});

test("the detail screen edits and saves, extends the password by 30 days, and knows a missing user", async ({ page, request }) => {
  await createUser(request, "USD1", { department: "Ramp" });
  await signInUser(page, OPERATOR);
  await openList(page, "USD1");
  await userRow(page, "USD1").getByRole("link", { name: "Test USD1" }).click();
  await expect(page).toHaveURL(/\/apps\/admin-apps\/users\/USD1$/);
  await expect(page.getByRole("heading", { name: "Password Management" })).toBeVisible();

  await page.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("form", { name: "Edit user" });
  await form.getByLabel("First Name").fill(" ");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(form.getByRole("alert")).toHaveText("First Name is required");
  await form.getByLabel("First Name").fill("Dina");
  await form.getByLabel("Department").fill("Load Control");
  await form.getByLabel("Station").fill("hbe");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(statusLine(page)).toHaveText("Changes saved");
  await expect(form).toHaveCount(0);
  const field = (label: string) =>
    page.locator(".detail-fields > div").filter({ has: page.getByText(label, { exact: true }) })
      .locator("dd");
  await expect(field("Department")).toHaveText("Load Control");
  await expect(field("Station")).toHaveText("HBE");
  await expect(page.locator(".header .subtitle")).toHaveText("Dina USD1 (USD1)");

  const expiry = page.getByTestId("password-expiry");
  await expect(expiry).toContainText(/Expires in (89|90) days/);
  const before = await expiry.textContent();
  await page.getByRole("button", { name: "Extend 30 Days" }).click();
  await expect(statusLine(page)).toHaveText("Password expiry extended by 30 days");
  await expect(expiry).toContainText(/Expires in (119|120) days/);
  expect(await expiry.textContent()).not.toBe(before);
  await expect(page.getByText(/^Active sessions: \d+$/)).toBeVisible();

  await page.goto("/apps/admin-apps/users/USNOBODY");
  await expect(page.getByRole("heading", { name: "User Not Found" }).first()).toBeVisible();
  await expect(page.getByText("User USNOBODY not found")).toBeVisible();
  await page.getByRole("link", { name: "Back to Users" }).click();
  await expect(page).toHaveURL(/\/apps\/admin-apps\/users$/);
});

test("a regional admin sees only the users of their station", async ({ page, request }) => {
  // three new accounts and a first sign-in, each hashing passwords on the server
  test.setTimeout(60_000);
  // an admin created through the API manages users and has the admin area, but not other stations
  await createUser(request, "USRA", { role: "admin", station: "JED", password: "Region-pass-1" });
  await createUser(request, "USJ1", { station: "JED" });
  await createUser(request, "USC1", { station: "CAI" });
  await firstSignIn(page, "USRA", "Region-pass-1");
  await page.goto("/apps/admin-apps/users");
  await page.getByLabel("Per page").selectOption("100");
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(userRow(page, "USJ1")).toBeVisible();
  // the station column of every row
  const stations = rows(page).locator("td:nth-child(4)");
  const count = await stations.count();
  for (let i = 0; i < count; i++) await expect(stations.nth(i)).toHaveText("JED");
  await expect(userRow(page, "USC1")).toHaveCount(0);
  // the station picker of an admin who sees one station holds that station only
  const picker = page.getByRole("combobox", { name: /^Station/ });
  await expect(picker).toBeDisabled();
  await expect(picker.locator("option")).toHaveText([/^JED \(\d+\)$/]);
  await search(page).fill("USC1");
  await expect(page.getByText("No users found")).toBeVisible();
  // the admin's own role cannot be changed in bulk to super admin
  await search(page).fill("USJ1");
  await select(page, "USJ1").check();
  await expect(bulkBar(page).getByLabel("New role").locator("option")).toHaveText([
    "Choose…",
    "User",
    "Admin",
  ]);

  // a new user starts at the admin's own station, the only one the server lets them use
  await page.goto("/apps/admin-apps/users/create");
  await expect(page.getByRole("textbox", { name: "Station" })).toHaveValue("JED");

  // another station's user and a code that does not exist answer alike; both are said
  await page.goto("/apps/admin-apps/users/USC1");
  await expect(page.getByRole("heading", { name: "User Not Found" }).first()).toBeVisible();
  await expect(page.getByText("User USC1 not found")).toBeVisible();
  await expect(page.getByText(
    "No user with the code USC1 is in your station (JED). Users of other stations are outside your access",
  )).toBeVisible();
});

test("Export CSV downloads the filtered users with the header", async ({ page }) => {
  await signInUser(page, OPERATOR);
  await openList(page, "USF");
  await expect(subtitle(page)).toHaveText(/^12 of \d+ users$/);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  // exporting every user asks for the password again (issue 48)
  await confirmPassword(page, USER_PASSWORD);
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^users_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, "utf8");
  const lines = text.replace(/^\ufeff/, "").trim().split("\r\n");
  expect(lines[0]).toBe(
    "Employee Code,First Name,Last Name,Full Name,Email,Phone,Station,Department,Job Title,Position,Gender,Role,Active,Locked Until,Password Expiry,Apps,Last Login,Created At",
  );
  const codes = lines.slice(1).map((l) => l.split(",")[0]).sort();
  expect(codes).toEqual(
    Array.from({ length: 12 }, (_, i) => `USF${String(i + 1).padStart(2, "0")}`),
  );
  expect(text.startsWith("\ufeff")).toBe(true);
  await expect(statusLine(page)).toContainText("Exported 12 users");
});

test("sorting the table by password expiry puts the soonest first; the filters narrow it", async ({ page, request }) => {
  const days: Record<string, number> = { USX1: 365, USX2: 30, USX3: 90, USX4: 180 };
  for (const [code, d] of Object.entries(days)) {
    await createUser(request, code, { passwordExpiryDays: d });
  }
  await signInUser(page, OPERATOR);
  await openList(page, "USX");
  await expect(rows(page)).toHaveCount(4);
  const codes = () => rows(page).locator("td:nth-child(2)");
  await expect(codes()).toHaveText(["USX1", "USX2", "USX3", "USX4"]);

  const header = page.getByRole("columnheader", { name: /Password expiry/ });
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect(codes()).toHaveText(["USX2", "USX3", "USX4", "USX1"]);
  await expect(page).toHaveURL(/sort=passwordExpiry/);
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect(codes()).toHaveText(["USX1", "USX4", "USX3", "USX2"]);

  // the expiry filter: within 30 days (expired included), kept in the address
  await page.getByRole("combobox", { name: /^Password/ }).selectOption("30");
  await expect(codes()).toHaveText(["USX2"]);
  await expect(page).toHaveURL(/expiring=30/);
  await page.reload();
  await search(page).fill("USX");
  await expect(codes()).toHaveText(["USX2"]);
  await expect(page.getByRole("combobox", { name: /^Password/ })).toHaveValue("30");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(codes()).toHaveText(["USX1", "USX4", "USX3", "USX2"]);
});

test("a filter shows the click at once, and two filters set in one moment both land", async ({ page }) => {
  await signInUser(page, OPERATOR);
  await page.goto("/apps/admin-apps/users");
  await expect(page.getByText(/^Page \d+ of \d+$/)).toBeVisible();
  // in the page, in one task: what the controls show right after the events, then the address
  const seen = await page.evaluate(() => {
    const locked = document.querySelector<HTMLInputElement>("label.users-locked input")!;
    const status = [...document.querySelectorAll("select")].find((s) =>
      [...s.options].some((o) => o.value === "inactive")
    )!;
    status.value = "inactive";
    status.dispatchEvent(new Event("change", { bubbles: true }));
    locked.click();
    return { status: status.value, locked: locked.checked };
  });
  // the navigation comes a few frames later; the controls did not show the old values meanwhile
  expect(seen).toEqual({ status: "inactive", locked: true });
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page).toHaveURL(/locked=true/);
  await expect(page.getByRole("combobox", { name: /^Status/ })).toHaveValue("inactive");
  await expect(page.getByLabel(/^Locked only/)).toBeChecked();
});

test("a bulk role change asks first and shows the permissions each user ends up with", async ({ page }) => {
  await signInUser(page, OPERATOR);
  await openList(page, "USX");
  await select(page, "USX1").check();
  await select(page, "USX2").check();
  await bulkBar(page).getByLabel("New role").selectOption("admin");
  await bulkBar(page).getByRole("button", { name: "Change Role" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Role to Admin" });
  await expect(dialog).toContainText("Change the role of 2 users to Admin?");
  await expect(dialog).toContainText("Test USX1 (USX1), Test USX2 (USX2)");
  // new admins get the admin role's flags, as Create User gives them (issue 22, hole 15)
  await expect(dialog.getByRole("list", { name: "Permissions" }).getByRole("listitem")).toHaveText([
    "✓ Manage users: yes",
    "✓ Extend password expiry: yes",
    "✗ View all stations: no",
    "✓ Access admin apps: yes",
  ]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(userRow(page, "USX1")).toContainText("User");

  await bulkBar(page).getByRole("button", { name: "Change Role" }).click();
  await page.getByRole("dialog", { name: "Change Role to Admin" }).getByRole("button", {
    name: "Change Role",
  }).click();
  // a promotion to admin asks for the password again (issue 48)
  await confirmPassword(page, USER_PASSWORD);
  await expect(statusLine(page)).toContainText("Role set to Admin for 2 users");
  await expect(userRow(page, "USX1")).toContainText("Admin");

  // a super admin has every permission, whatever the account's flags
  await select(page, "USX1").check();
  await bulkBar(page).getByLabel("New role").selectOption("super_admin");
  await bulkBar(page).getByRole("button", { name: "Change Role" }).click();
  const toSuper = page.getByRole("dialog", { name: "Change Role to Super Admin" });
  await expect(toSuper.getByRole("list", { name: "Permissions" }).getByRole("listitem")).toHaveText(
    [
      "✓ Manage users: yes",
      "✓ Extend password expiry: yes",
      "✓ View all stations: yes",
      "✓ Access admin apps: yes",
    ],
  );
  await toSuper.getByRole("button", { name: "Cancel" }).click();
});

test("on a phone the list is cards, and each card's buttons name their user", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInUser(page, OPERATOR);
  await openList(page, "USX");
  await expect(page.getByRole("table", { name: "Users" })).toHaveCount(0);
  const card = page.getByRole("article", { name: "Test USX3" });
  await expect(card).toBeVisible();
  for (
    const name of [
      "Deactivate Test USX3 (USX3)",
      "Reset password of Test USX3 (USX3)",
      "Apps of Test USX3 (USX3)",
    ]
  ) {
    await expect(card.getByRole("button", { name, exact: true })).toBeVisible();
  }
  await expect(card.getByRole("link", { name: "View Test USX3 (USX3)", exact: true }))
    .toBeVisible();
  // sorting is there too, with the filters folded behind 'Filters' so that users fill the screen
  await expect(page.getByLabel("Sort by")).toBeHidden();
  await page.getByRole("button", { name: "Filters", exact: true }).click();
  await page.getByLabel("Sort by").selectOption("passwordExpiry:asc");
  await expect(page.getByRole("article").first()).toHaveAccessibleName("Test USX2");
});
