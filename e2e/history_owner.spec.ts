// The conversion history belongs to the user who made it (issue 22, hole 14): at a shared PC,
// the next person who signs in sees none of the previous user's conversions, and nothing left in
// localStorage names the previous user; the previous user signs back in and finds theirs.

import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { convertFfm } from "../engine/ffm/convert.ts";
import { SAMPLES, signInUser, test, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

async function logout(page: Page): Promise<void> {
  await page.goto("/");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function openHistory(page: Page): Promise<void> {
  await page.goto("/apps/ffm-to-uws");
  await page.getByRole("tab", { name: "History" }).click();
}

test("the next user of the PC sees none of the previous user's history; its owner sees it again", async ({ page }) => {
  await userWithApps(page, "HOWNA1", ["ffm-to-uws"]);
  await page.goto("/apps/ffm-to-uws");
  const ffm = readFileSync(new URL("ffm-05.txt", SAMPLES), "utf8");
  await page.getByLabel("Enter FFM input").fill(ffm);
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(page.getByLabel("UWS output")).toHaveValue(convertFfm(ffm).uwsOutput!);
  const opened = page.getByRole("button", { name: /^Open KL2084\/18 / });
  await page.getByRole("tab", { name: "History" }).click();
  await expect(opened).toHaveCount(1);
  await logout(page);

  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain("HOWNA1");

  await userWithApps(page, "HOWNB2", ["ffm-to-uws"]);
  await openHistory(page);
  await expect(page.getByText("No conversions yet")).toBeVisible();
  await expect(opened).toHaveCount(0);
  await logout(page);

  await signInUser(page, "HOWNA1");
  await openHistory(page);
  await expect(opened).toHaveCount(1);
});
