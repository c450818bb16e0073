// The admin tools as administrators use them: a CSV import of 50 staff (a bad row blocks it all,
// the fixed file creates them inactive without a password, the same file again updates
// them), the audit log of that import, the system settings reaching the converter's UWS, and the
// AI memory notes kept in the browser.

import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import {
  adminToken,
  confirmPassword,
  SAMPLES,
  signIn,
  signInUser,
  test,
  USER_PASSWORD,
  userWithApps,
} from "./support.ts";

test.describe.configure({ mode: "serial" });

/** The admin of these tests: manages users of station CAI, not a super admin. */
const ADMIN = "CSADM";
const SUPER = "CSSUP";
const HEADER = "code,name,email,stn,title,sex,Department";

/** 50 staff rows CSI00..CSI49; `badRow` (as a spreadsheet numbers it) gets an invalid email. */
function staffCsv(badRow?: number): string {
  const rows = Array.from({ length: 50 }, (_, i) => {
    const code = `CSI${String(i).padStart(2, "0")}`;
    const email = i + 2 === badRow ? `${code.toLowerCase()}.example.com` : `${code}@example.com`;
    // every tenth row leaves the job title out (a warning); departments hold a quoted comma
    const title = i % 10 === 3 ? "" : "Cargo Agent";
    return `${code},Import Agent ${i},${email},CAI,${title},${
      i % 2 ? "Male" : "female"
    },"Cargo, ${i}"`;
  });
  return [HEADER, ...rows].join("\r\n") + "\r\n";
}

async function asAdmin(request: APIRequestContext) {
  return { authorization: `Bearer ${await adminToken(request)}` };
}

const count = (page: Page, name: string) => page.locator(`[data-count="${name}"]`);
const status = (page: Page) => page.locator(".admin-tools > p[role=status]");

test("a CSV of 50 users with one bad row is refused whole; fixed, it creates them, again it updates them", async ({ page, request }) => {
  await userWithApps(page, ADMIN, [], "admin");
  await page.goto("/apps/admin-apps/csv-import");
  await expect(page.getByRole("heading", { name: "CSV User Import" })).toBeVisible();
  // an admin is told how imported users get their password
  await expect(page.getByRole("note")).toContainText(
    "Imported users start inactive, without a password.",
  );
  await expect(page.getByRole("note")).toContainText(
    "Activating one gives it a one-time password",
  );

  await page.getByRole("button", { name: "Import Users" }).click();
  await expect(status(page)).toHaveText("Please upload a CSV file or paste CSV content");

  const template = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download Template" }).click();
  const templateFile = await template;
  expect(templateFile.suggestedFilename()).toBe("user_import_template.csv");
  expect(readFileSync(await templateFile.path(), "utf8").split("\r\n")[0]).toBe(
    "Employee Code,Full Name,Email,Station,Job Title,Position,Work Phone,Gender,Department",
  );
  await page.getByRole("button", { name: "Show Template" }).click();
  await expect(page.getByLabel("Template CSV")).toContainText('"Cargo, Import"');
  await page.getByRole("button", { name: "Hide Template" }).click();
  await expect(page.getByLabel("Template CSV")).toBeHidden();

  // a row of another station: the preview refuses it as the save would (the admin is of CAI)
  await page.getByLabel("Or paste CSV content").fill(
    staffCsv().replace(
      "CSI04,Import Agent 4,CSI04@example.com,CAI",
      "CSI04,Import Agent 4,CSI04@example.com,DXB",
    ),
  );
  await page.getByRole("button", { name: "Import Users" }).click();
  await expect(page.getByRole("list", { name: "Errors" }).getByRole("listitem")).toHaveText([
    "Row 6: Station DXB is outside your station (CAI)",
  ]);
  await expect(count(page, "Errors")).toHaveText("1");

  await page.getByLabel("Upload a .csv file").setInputFiles({
    name: "staff.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(staffCsv(27)),
  });
  // the first click right after choosing the file imports it
  await page.getByRole("button", { name: "Import Users" }).click();
  await expect(page.getByText("Loaded staff.csv")).toBeVisible();
  await expect(page.getByRole("list", { name: "Errors" }).getByRole("listitem")).toHaveText([
    "Row 27: Invalid email format",
  ]);
  await expect(count(page, "Users Ready")).toHaveText("0");
  await expect(count(page, "Errors")).toHaveText("1");
  await expect(count(page, "Warnings")).toHaveText("5");
  await expect(page.getByRole("button", { name: "Save to Database" })).toHaveCount(0);
  const headers = await asAdmin(request);
  expect((await request.get("/api/users/CSI00", { headers })).status()).toBe(404);

  await page.getByLabel("Or paste CSV content").fill(staffCsv());
  await expect(page.getByRole("heading", { name: "Results" })).toBeHidden(); // an edit drops it
  await page.getByRole("button", { name: "Import Users" }).click();
  await expect(status(page)).toHaveText("Ready to save: 50 to create, 0 to update");
  await expect(count(page, "Users Ready")).toHaveText("50");
  await expect(count(page, "Errors")).toHaveText("0");
  await expect(page.getByRole("list", { name: "Warnings" })).toContainText(
    "Row 5: Job Title is missing; 'Employee' is used",
  );
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(51);
  await expect(table.getByRole("row").nth(2)).toContainText("CSI01Import Agent 1");
  await expect(table.getByRole("row").nth(1)).toContainText("Female");
  await expect(table.getByRole("row").nth(1)).toContainText("Cargo, 0");

  await page.getByRole("button", { name: "Save to Database" }).click();
  await expect(status(page)).toHaveText("Import completed: 50 created, 0 updated, 0 errors", {
    timeout: 15_000,
  });
  // the save's counts are said once, in the status line
  await expect(page.getByText(/50 created/)).toHaveCount(1);

  const results = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const resultsFile = await results;
  expect(resultsFile.suggestedFilename()).toMatch(/^imported_users_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await resultsFile.path(), "utf8").trim().split("\r\n");
  expect(lines).toHaveLength(51);
  expect(lines[4]).toBe(
    'CSI03,Import Agent 3,CSI03@example.com,CAI,Employee,,,Male,"Cargo, 3"',
  );

  const list = await request.get("/api/users/paginated?search=csi&limit=100", { headers });
  const { data } = await list.json();
  expect(data.total).toBe(50);
  for (const u of data.users) {
    expect(u).toMatchObject({
      isActive: false,
      activationStatus: "inactive",
      role: "user",
      needsPasswordChange: true,
      createdBy: "csv_import",
      station: "CAI",
    });
  }
  expect(data.users.find((u: { employeeCode: string }) => u.employeeCode === "CSI03"))
    .toMatchObject(
      { jobTitle: "Employee", gender: "Male", department: "Cargo, 3", fullName: "Import Agent 3" },
    );

  // the same file again: every user exists, so every one is updated, once the admin chose to
  // overwrite them (issue 52 item 7); the file changes none of their fields
  await page.getByRole("button", { name: "Import Users" }).click();
  await expect(status(page)).toHaveText("Ready to save: 0 to create, 50 to update");
  const existing = page.getByRole("region", { name: "50 rows rewrite accounts that exist" });
  await expect(existing.getByRole("listitem").first()).toHaveText("Row 2: CSI00no changes");
  await page.getByRole("button", { name: "Save to Database" }).click();
  await expect(status(page)).toHaveText(
    "Choose whether to overwrite or skip the accounts that exist, then save",
  );
  await existing.getByLabel("Overwrite them with the file's values").check();
  await page.getByRole("button", { name: "Save to Database" }).click();
  await expect(status(page)).toHaveText("Import completed: 0 created, 50 updated, 0 errors", {
    timeout: 15_000,
  });
});

test("an imported user, once activated, signs in with the one-time password and must change it", async ({ page, request }) => {
  const headers = await asAdmin(request);
  const activated = await request.put("/api/users/CSI07", { headers, data: { isActive: true } });
  expect(activated.status()).toBe(200);
  const oneTime = (await activated.json()).data.oneTimePassword as string;
  await signIn(page, "CSI07", oneTime);
  await expect(page).toHaveURL(/\/password-change-required$/);
  await page.getByLabel("Current password").fill(oneTime);
  await page.getByLabel("New password", { exact: true }).fill("Velvet-compass-42");
  await page.getByLabel("Confirm new password").fill("Velvet-compass-42");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible({ timeout: 5000 });
});

test("the audit log shows the import by its actor, newest first, filtered by action and actor", async ({ page }) => {
  await signInUser(page, ADMIN);
  await page.goto("/apps/admin-apps/audit");
  await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();
  await expect(page.getByText(/Times are in your time zone/)).toContainText("Africa/Cairo");
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows.first()).toBeVisible();

  await page.getByLabel("Actor", { exact: true }).fill(ADMIN.toLowerCase());
  await page.getByLabel("Action").selectOption("user.import");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  // the log is never counted whole: pages follow the server's cursor
  await expect(page.getByText("Page 1: 50 entries match")).toBeVisible();
  await expect(rows).toHaveCount(50);
  // newest first: the re-import's updates, from the last row of the file
  await expect(rows.first().locator('[data-label="Actor"]')).toHaveText(ADMIN);
  // each action by its English name (issue 27)
  await expect(rows.first().locator('[data-label="Action"]')).toHaveText("User imported (CSV)");
  await expect(rows.first().locator('[data-label="Target"]')).toHaveText("CSI49");
  await expect(rows.first().locator('[data-label="Summary"]')).toHaveText("updated");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 2: 50 entries match")).toBeVisible();
  await expect(rows.last().locator('[data-label="Target"]')).toHaveText("CSI00");
  await expect(rows.last().locator('[data-label="Summary"]')).toHaveText("created");
  // the last page: the server found nothing after it
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByText("Page 1: 50 entries match")).toBeVisible();
  await expect(rows.first().locator('[data-label="Target"]')).toHaveText("CSI49");

  await page.getByLabel("Target", { exact: true }).fill("csi07");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page.getByText("Page 1: 2 entries match")).toBeVisible();
  await expect(rows.locator('[data-label="Summary"]')).toHaveText(["updated", "created"]);

  // the imported user's own sign-in and password change, by actor alone
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await page.getByLabel("Actor", { exact: true }).fill("CSI07");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(rows.locator('[data-label="Action"]')).toHaveText([
    "Own password changed",
    "Signed in",
  ]);
  await expect(rows.locator('[data-label="Actor"]')).toHaveText(["CSI07", "CSI07"]);

  await page.getByLabel("Actor", { exact: true }).fill("NOBODY");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page.getByText("No audit entries found")).toBeVisible();
});

test("a super admin changes the UWS priority line and the converter's UWS starts with it", async ({ page, request }) => {
  await userWithApps(page, SUPER, ["ffm-to-uws"], "super_admin");
  const headers = await asAdmin(request);
  try {
    await page.goto("/apps/admin-apps/settings");
    await expect(page.getByLabel("One-time password lifetime (hours)")).toHaveValue("72");

    const priority = page.getByLabel("Priority line");
    await expect(priority).toHaveValue("QU");
    await priority.fill("qx");
    await expect(page.getByLabel("UWS head preview")).toHaveText("QX\nCAIKLMS\n.CAIFFMS\nUWS");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(priority).toHaveValue("QU");

    await page.getByLabel("Developer chat number").fill("12ab");
    await page.getByRole("button", { name: "Save Settings" }).click();
    // the settings ask for the password again (issue 48), before the server reads the change
    await confirmPassword(page, USER_PASSWORD);
    await expect(page.getByRole("status").filter({ hasText: "Failed" })).toHaveText(
      "Failed to save settings: Developer chat number is 6 to 15 digits",
    );
    await page.getByRole("button", { name: "Cancel" }).click();

    await priority.fill("QX");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();

    const ffm = readFileSync(new URL("ffm-03.txt", SAMPLES), "utf8");
    await page.goto("/apps/ffm-to-uws");
    await page.getByLabel("Enter FFM input").fill(ffm);
    await page.getByRole("button", { name: "Convert & Copy" }).click();
    await expect(page.getByLabel("UWS output")).toHaveValue(
      /^QX\nCAIKLMS\n\.CAIFFMS\nUWS\nAC857\/23\.LHR\.FINAL\n/,
    );

    await page.goto("/apps/admin-apps/settings");
    await priority.fill("QU");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
  } finally {
    // the other suites convert with the default lines, whatever happened here
    await request.put("/api/settings", {
      headers,
      data: { uwsRouting: { priority: "QU", address: "CAIKLMS", sender: ".CAIFFMS" } },
    });
  }
  const settings = await (await request.get("/api/settings", { headers })).json();
  expect(settings.data.uwsRouting.priority).toBe("QU");
});

test("an admin without super admin cannot open the settings", async ({ page }) => {
  await signInUser(page, ADMIN);
  await page.goto("/apps/admin-apps/settings");
  await expect(page.getByText("You do not have access to this page")).toBeVisible();
  await expect(page.getByLabel("One-time password lifetime (hours)")).toHaveCount(0);
  await page.goto("/apps/admin-apps/audit");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Audit Log" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
});

test("AI memory: the seed, a note added with tags, filters (tag wins), edit, export and delete", async ({ page }) => {
  await signInUser(page, ADMIN);
  await page.goto("/apps/admin-apps/ai-memory");
  await expect(page.getByRole("heading", { name: "AI Memory Database" })).toBeVisible();
  const cards = page.getByRole("list", { name: "Memories" }).getByRole("article");
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole("article", { name: "One-time passwords, never a shared default" }))
    .toContainText("ID: ctx-one-time-passwords");
  const seeded = await cards.count();
  expect(seeded).toBeGreaterThan(5);

  await page.getByRole("button", { name: "Add Memory" }).click();
  const form = page.getByRole("form", { name: "Add a memory" });
  await form.getByRole("button", { name: "Add Memory" }).click();
  await expect(status(page)).toHaveText("Title is required");
  await form.getByLabel("Type").selectOption("issue");
  await form.getByLabel("Title").fill("CS tools port");
  await form.getByLabel("Content").fill("The tools suite runs on 8831.");
  await form.getByLabel("Tags (comma separated)").fill("E2E, Ports, e2e");
  await form.getByRole("button", { name: "Add Memory" }).click();
  await expect(status(page)).toHaveText("Memory 'CS tools port' added");
  const mine = page.getByRole("article", { name: "CS tools port" });
  await expect(mine.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
    "#e2e",
    "#ports",
  ]);
  await expect(mine.locator(".type-badge")).toHaveText("issue");
  await expect(mine).toContainText("Updated:");
  await expect(cards.first()).toHaveAttribute("aria-label", "CS tools port"); // newest first
  await expect(cards).toHaveCount(seeded + 1);

  await page.getByLabel("Type").selectOption("issue");
  await expect(cards.locator(".type-badge")).toHaveText(["issue", "issue"]);
  await page.getByLabel("Type").selectOption("command");
  await expect(mine).toBeHidden();
  await page.getByLabel("Tag filter").fill("ports");
  // the tag wins over the type
  await expect(cards).toHaveCount(1);
  await expect(mine).toBeVisible();
  await expect(page.getByText("the type filter is set aside")).toBeVisible();
  await page.getByLabel("Tag filter").fill("port");
  // a filter without a match says so; the spec's text is for an empty database
  await expect(page.getByText("No memories match the tag '#port'.")).toBeVisible();
  await expect(page.getByText("No memories found. Check project-context.json in the root."))
    .toHaveCount(0);
  // the chips read '#ports': typed so, it finds them
  await page.getByLabel("Tag filter").fill("#ports");
  await expect(cards).toHaveCount(1);
  await expect(mine).toBeVisible();
  await page.getByLabel("Tag filter").fill("");
  await page.getByLabel("Type").selectOption("");
  await expect(cards).toHaveCount(seeded + 1);

  await page.getByRole("button", { name: "Edit CS tools port" }).click();
  const edit = page.getByRole("form", { name: "Edit CS tools port" });
  await edit.getByLabel("Content").fill("The tools suite runs on 8831, its screenshots on 8931.");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(status(page)).toHaveText("Memory 'CS tools port' updated");
  await expect(mine).toContainText("its screenshots on 8931.");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export All" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ai-memory-\d+\.json$/);
  const exported = JSON.parse(readFileSync(await file.path(), "utf8"));
  expect(exported).toHaveLength(seeded + 1);
  expect(exported[0]).toMatchObject({
    type: "issue",
    title: "CS tools port",
    content: "The tools suite runs on 8831, its screenshots on 8931.",
    tags: ["e2e", "ports"],
  });
  expect(exported[0]._rev).toMatch(/^2-/);
  expect(exported[0].updatedAt).toBeGreaterThan(exported[0].createdAt);

  await page.getByRole("button", { name: "Delete CS tools port" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Memory" });
  await expect(dialog).toContainText("Delete the memory 'CS tools port'?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(mine).toBeVisible();
  await page.getByRole("button", { name: "Delete CS tools port" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(status(page)).toHaveText("Memory 'CS tools port' deleted");
  await expect(mine).toBeHidden();

  // a deleted seed note stays deleted: the seed fills an empty database once
  await page.getByRole("button", { name: "Delete npm test" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(cards).toHaveCount(seeded - 1);
  await page.reload();
  await expect(cards).toHaveCount(seeded - 1);
});

test("Clear Cache asks first, then clears the stored data and signs out", async ({ page }) => {
  await signInUser(page, ADMIN);
  await page.goto("/apps/admin-apps/csv-import");
  await page.evaluate(() => sessionStorage.setItem("cs-probe", "1"));
  await page.getByRole("button", { name: "Clear Cache" }).click();
  const dialog = page.getByRole("dialog", { name: "Clear Cache" });
  await expect(dialog).toContainText("local and session storage");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/csv-import$/);
  await page.getByRole("button", { name: "Clear Cache" }).click();
  await dialog.getByRole("button", { name: "Clear Cache" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // the page loads afresh: the probe and the stored session are gone (the sign-in page may store
  // its backend location again)
  expect(
    await page.evaluate(
      () => [sessionStorage.getItem("cs-probe"), localStorage.getItem("portal.session")],
    ),
  ).toEqual([null, null]);
  await page.goto("/apps/admin-apps/csv-import");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fapps%2Fadmin-apps%2Fcsv-import$/);
});
