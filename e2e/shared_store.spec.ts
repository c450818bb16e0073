// Two portal processes on one denokv store (issue 49, shared_store.config.ts): an admin signs in
// on process A, imports a CSV there, and finds the new users in the user list served by process
// B. Cookies belong to the host, not the port, so the session made on A is sent to B as well.

import { expect, type Page } from "@playwright/test";
import { PORT_B } from "./shared_store.config.ts";
import { test, userRow, userWithApps } from "./support.ts";

/** Staff rows the import creates: far more than one write of the store's 10 checks holds, so the
 * import's writes are split to fit (api/kv/limits.ts). */
const USERS = 200;

/** The CSV of staff SHI000…, one per row. */
function staffCsv(): string {
  const rows = Array.from({ length: USERS }, (_, i) => {
    const code = `SHI${String(i).padStart(3, "0")}`;
    return `${code},Shared Agent ${i},${code.toLowerCase()}@example.com,CAI,Cargo Agent`;
  });
  return ["code,name,email,stn,title", ...rows].join("\r\n") + "\r\n";
}

const status = (page: Page) => page.locator(".admin-tools > p[role=status]");
const search = (page: Page) => page.getByPlaceholder("Search by code, name, email, or station...");

test("an admin signed in on process A imports staff there and finds them in process B's user list", async ({ page }) => {
  // through process A (the baseURL): the admin made, its first sign-in and password change
  await userWithApps(page, "SHADM", [], "admin");
  await page.goto("/apps/admin-apps/csv-import");
  await expect(page.getByRole("heading", { name: "CSV User Import" })).toBeVisible();
  await page.getByLabel("Or paste CSV content").fill(staffCsv());
  await page.getByRole("button", { name: "Import Users" }).click();
  await expect(status(page)).toHaveText(`Ready to save: ${USERS} to create, 0 to update`);
  await page.getByRole("button", { name: "Save to Database" }).click();
  await expect(status(page)).toHaveText(
    `Import completed: ${USERS} created, 0 updated, 0 errors`,
    { timeout: 15_000 },
  );

  // process B, the same session
  await page.goto(`http://127.0.0.1:${PORT_B}/apps/admin-apps/users`);
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  await search(page).fill("SHI");
  // 'N of M users': N match the search, of the M the admin sees
  await expect(page.locator(".header .subtitle")).toHaveText(
    new RegExp(`^${USERS} of \\d+ users$`),
  );
  await expect(userRow(page, "SHI000")).toContainText("Shared Agent 0");
  // the last row of the file, past the first page: found by its code
  const last = `SHI${String(USERS - 1).padStart(3, "0")}`;
  await search(page).fill(last);
  await expect(userRow(page, last)).toContainText(`Shared Agent ${USERS - 1}`);
});
