// The converter as station staff use it: every shared FFM sample through the page gives the UWS
// the engine (and so `npm run cargo -- ffm2uws`) gives; totals, Ctrl+Enter, the NTM match, and a
// user without the app.

import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { convertFfm } from "../engine/ffm_convert.ts";
import { SAMPLES, signInUser, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

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
  await signInUser(page, "CONV1");
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
  await signInUser(page, "CONV1");
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
