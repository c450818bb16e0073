// The converter as station staff use it: every shared FFM sample through the page gives the UWS
// the engine (and so `npm run cargo -- ffm2uws`) gives; totals, Ctrl+Enter, the NTM match, and a
// user without the app.

import { readdirSync, readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { convertFfm } from "../engine/ffm_convert.ts";
import { ADMIN_PASSWORD, DEFAULT_PASSWORD } from "./playwright.config.ts";

const SAMPLES = new URL("../../shared/samples/", import.meta.url);
const PASSWORD = "Converter-pass-1";

test.describe.configure({ mode: "serial" });

/** Creates a user with these apps through the API and signs in with a changed password. */
async function userWithApps(page: Page, code: string, apps: string[]) {
  const login = await page.request.post("/api/auth/login", {
    data: { employeeCode: "ADMIN", password: ADMIN_PASSWORD },
  });
  const token = (await login.json()).data.token as string;
  const made = await page.request.post("/api/users", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      employeeCode: code,
      firstName: "Station",
      lastName: "Agent",
      station: "CAI",
      accessibleApps: apps,
    },
  });
  expect(made.status()).toBe(201);
  await page.goto("/login");
  await page.getByLabel("Employee code").fill(code);
  await page.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByLabel("Current password").fill(DEFAULT_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm new password").fill(PASSWORD);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible({ timeout: 5000 });
}

test("every FFM sample converts in the page as the engine converts it", async ({ page }) => {
  await userWithApps(page, "CONV1", ["ffm-to-uws"]);
  await page.goto("/apps/ffm-to-uws");
  const names = readdirSync(SAMPLES).filter((n) => /^ffm-\d+\.txt$/.test(n)).sort();
  expect(names.length).toBeGreaterThan(10);
  for (const name of names) {
    const text = readFileSync(new URL(name, SAMPLES), "utf8");
    const expected = convertFfm(text);
    await page.getByRole("button", { name: "Clear all" }).click();
    await page.getByLabel("Enter FFM input").fill(text);
    await page.getByRole("button", { name: "Convert & Copy" }).click();
    if (expected.ok) {
      await expect(page.getByLabel("UWS output"), name).toHaveValue(expected.uwsOutput);
      await expect(page.locator('[data-total="Gross weight"]'), name).toHaveText(
        String(expected.totalGrossWeight),
      );
    } else {
      await expect(page.getByText(`Failed to convert FFM to UWS: ${expected.error}`), name)
        .toBeVisible();
      await expect(page.getByLabel("UWS output"), name).toHaveValue("");
    }
  }
});

test("Ctrl+Enter converts; a typed 2nd Dest and the NTM match show in the page", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Employee code").fill("CONV1");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await page.goto("/apps/ffm-to-uws");
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(page.getByText("Please enter FFM input first.")).toBeVisible();
  const ffm = readFileSync(new URL("ffm-03.txt", SAMPLES), "utf8");
  await page.getByLabel("Enter FFM input").fill(ffm);
  await page.getByLabel("2nd Dest").fill("ywg");
  await page.getByLabel("NTM input (optional)").fill(
    "NTM\nAC857/23APR LHR\nDVA1234AC RFG\nDVA2345AC RFL",
  );
  await page.getByLabel("Match NTM").check();
  await page.getByLabel("Enter FFM input").press("Control+Enter");
  const expected = convertFfm(ffm, { secondDestination: "YWG" });
  await expect(page.getByLabel("UWS output")).toHaveValue(expected.uwsOutput);
  await expect(page.getByText("UWS DVA1234AC RFG: green")).toBeVisible();
  await expect(page.getByText("UWS DVA2345AC MAG: red")).toBeVisible();
});

test("a user without the app is told so", async ({ page }) => {
  await userWithApps(page, "CONV2", ["uld-extractor"]);
  await page.goto("/apps/ffm-to-uws");
  await expect(page.getByText("You do not have access to this app")).toBeVisible();
});

test("offline, the converter works from the lists it saw last", async ({ page, context }) => {
  await page.goto("/login");
  await page.getByLabel("Employee code").fill("CONV1");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto("/apps/ffm-to-uws"); // under the service worker now: the screen and engine are cached
  const ffm = readFileSync(new URL("ffm-08.txt", SAMPLES), "utf8");
  await page.getByLabel("Enter FFM input").fill(ffm);
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(page.getByLabel("UWS output")).toHaveValue(convertFfm(ffm).uwsOutput);
  await expect(page.getByText("Reference lists: from the server")).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("You are currently offline. Data will be synced when online."))
    .toBeVisible();
  await expect(page.getByText("Reference lists: the last ones seen (server unreachable)"))
    .toBeVisible();
  await page.getByLabel("Enter FFM input").fill(ffm);
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(page.getByLabel("UWS output")).toHaveValue(convertFfm(ffm).uwsOutput);
  await context.setOffline(false);
});
