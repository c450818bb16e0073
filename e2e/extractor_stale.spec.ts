// Issue 52, item 1: the extractor's results belong to the message shown. A new message pasted
// without Run marks the lists and details out of date (as the converter marks its UWS): the green
// "Results copied" goes, a list's Copy and the export refuse them, and Run makes them current.

import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { SAMPLES, test, userWithApps } from "./support.ts";

const sample = (name: string) => readFileSync(new URL(name, SAMPLES), "utf8");
// a string: the e2e type check has no DOM library, and this runs in the page
const clipboard = (page: Page) => page.evaluate<string>("navigator.clipboard.readText()");
const runMessage = (page: Page) => page.locator(".extractor-input .extractor-message");
const STALE = "Out of date: the message changed after these results were made. " +
  "Press Run + Copy to extract it.";
const STALE_COPY = "The results are out of date: run again before copying";

test("a new message pasted without Run: the previous flight's lists are out of date and not copied", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await userWithApps(page, "EXTSTALE1", ["uld-extractor"]);
  await page.goto("/apps/uld-extractor");
  const input = page.getByLabel("UCM, CPM or SCM message");
  await input.fill(sample("ucm-01.txt"));
  await page.getByRole("button", { name: "Run + Copy" }).click();
  await expect(runMessage(page)).toHaveText("Results copied to clipboard!");
  await expect(page.getByRole("heading", { name: /^PK ULD List/ })).toBeVisible();
  await expect(page.locator(".stale-badge")).toHaveCount(0);

  // BA0117's CPM pasted over PK719's UCM, no Run
  await input.fill(sample("cpm-01.txt"));
  await expect(runMessage(page)).toHaveText(STALE);
  await expect(runMessage(page)).not.toHaveClass(/success/);
  // each list and the details say so
  await expect(page.locator(".stale-badge")).toHaveCount(4);
  await expect(page.locator(".extractor-input .warnings summary")).toHaveText(
    "2 warnings (of the out-of-date results)",
  );
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical"))
    .toEqual([]);
  await page.evaluate("navigator.clipboard.writeText('nothing yet')");
  await page.getByRole("button", { name: "Copy PK ULD List" }).click();
  await expect(page.locator(".extractor-list .extractor-message").first()).toHaveText(STALE_COPY);
  expect(await clipboard(page)).toBe("nothing yet");
  await page.getByRole("button", { name: "Download" }).click();
  await expect(page.locator(".extractor-export .extractor-message")).toHaveText(
    "The results are out of date: run again before exporting",
  );

  // Run makes them the CPM's, current again
  await page.getByRole("button", { name: "Run + Copy" }).click();
  await expect(runMessage(page)).toHaveText("Results copied to clipboard!");
  await expect(page.getByRole("heading", { name: /^BA ULD List/ })).toBeVisible();
  await expect(page.locator(".stale-badge")).toHaveCount(0);
  await page.getByRole("button", { name: "Copy BA ULD List" }).click();
  expect(await clipboard(page)).toContain("AKE12345BA");
});
