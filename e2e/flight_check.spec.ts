// The converter's Flight check tab as a new load controller meets it: the messages of AC857/23
// (ffm-03, the 64-column NOTOC, and the CPM and UCM written for the flight) agree; a ULD moved on
// the CPM is a major finding, a NOTOC lacking a ULD's DG code a critical one listed first; Copy
// findings puts the report on the clipboard; the check works offline, and on a phone the table
// scrolls in its own box.

import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { checkFlight } from "../engine/flight/check.ts";
import { CPM_AC857, UCM_AC857 } from "../engine/test_support/flight_ac857.ts";
import { ac857, ONE_LINE_CHANGES, pasteOf } from "../engine/test_support/flight_changes.ts";
import { SAMPLES, signInUser, test, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

const FFM = readFileSync(new URL("ffm-03.txt", SAMPLES), "utf8");
const NOTOC = readFileSync(new URL("ntm-01-notoc-64col.txt", SAMPLES), "utf8");
const FLIGHT = [FFM, NOTOC, CPM_AC857, UCM_AC857].join("\n");
/** DVA2345AC stowed at 22R by the CPM; the NOTOC says 12R. */
const MOVED = FLIGHT.replace("-12R/DVA2345AC/YYZ/475/C.MAG", "-22R/DVA2345AC/YYZ/475/C.MAG");
/** ...and the NOTOC's item of DVA1234AC says RFL where the FFM says RFG. */
const NO_RFG = MOVED.replace("RFG  N", "RFL  N");

const NONE = "No findings: the messages tell the same story.";

/** Opens the converter's Flight check tab. */
async function openTab(page: Page) {
  await page.goto("/apps/ffm-to-uws");
  await page.getByRole("tab", { name: "Flight check" }).click();
  await expect(page.getByLabel("Flight messages")).toBeVisible();
}

const findings = (page: Page) => page.getByRole("list", { name: "Findings" }).getByRole("listitem");
const rows = (page: Page) =>
  page.getByRole("table", { name: "ULDs of the flight" }).locator("tbody tr");

test("a flight whose messages agree, then a moved ULD, then a NOTOC lacking a DG code", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await userWithApps(page, "FLIGHT1", ["ffm-to-uws"]);
  await openTab(page);
  await expect(page.getByLabel("Flight messages")).toHaveAttribute(
    "placeholder",
    "Paste the flight's FFM, UWS, NOTOC, CPM and UCM here...",
  );
  await page.getByRole("button", { name: "Check flight" }).click();
  await expect(
    page.getByRole("status").filter({
      hasText: "Please paste the flight's messages first.",
    }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy findings" })).toBeDisabled();

  await page.getByLabel("Flight messages").fill(FLIGHT);
  await page.getByRole("button", { name: "Check flight" }).click();
  await expect(page.getByText(NONE)).toBeVisible();
  await expect(page.getByText("No UWS in the paste: the converter's UWS was used")).toBeVisible();
  await expect(page.getByRole("list", { name: "Messages read" }).getByRole("listitem")).toHaveText(
    ["FFM line 1", "NOTOC line 26", "CPM line 67", "UCM line 74"],
  );
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).first().locator("th, td")).toHaveText([
    "DVA1234AC",
    "YYZ",
    "514",
    "584",
    "RFG",
    "RFG",
    "RFG",
    "11L",
    "11L",
    "584",
    "C",
    "OUT",
  ]);
  await expect(page.locator("tr.has-finding")).toHaveCount(0);

  // the CPM stows DVA2345AC at 22R: Ctrl+Enter in the paste checks again
  await page.getByLabel("Flight messages").fill(MOVED);
  await page.getByLabel("Flight messages").press("Control+Enter");
  await expect(findings(page)).toHaveText([
    "Major DVA2345AC: position 12R on the NOTOC, 22R on the CPM",
  ]);
  await expect(page.getByText(NONE)).toBeHidden();
  await expect(page.locator("tr.has-finding th")).toHaveText(["!DVA2345AC (Major finding)"]);

  // the NOTOC now lists RFL for DVA1234AC: the dangerous goods come first
  await page.getByLabel("Flight messages").fill(NO_RFG);
  await page.getByRole("button", { name: "Check flight" }).click();
  await expect(findings(page)).toHaveText([
    "Critical DVA1234AC: RFG on the FFM and the UWS, not on the NOTOC",
    "Critical DVA1234AC: RFL on the NOTOC, not on the UWS",
    "Major DVA2345AC: position 12R on the NOTOC, 22R on the CPM",
  ]);
  await expect(findings(page).first().locator(".severity")).toHaveText("Critical");

  await page.evaluate(() => navigator.clipboard.writeText("something else"));
  await page.getByRole("button", { name: "Copy findings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Findings copied" })).toBeVisible();
  const report = await page.evaluate(() => navigator.clipboard.readText());
  expect(report).toBe(checkFlight(NO_RFG).report);
  expect(report).toContain("CRITICAL DVA1234AC: RFG on the FFM and the UWS, not on the NOTOC");

  // messages of two flights are refused with the engine's reason, and the paste stays
  const mixed = NO_RFG.replace("AC857/23.CFIVQ.LHR", "AC858/23.CFIVQ.LHR");
  await page.getByLabel("Flight messages").fill(mixed);
  await page.getByRole("button", { name: "Check flight" }).click();
  await expect(page.getByRole("alert")).toHaveText(checkFlight(mixed).error!);
  await expect(page.getByRole("alert")).toContainText("AC858/23");
  await expect(page.getByLabel("Flight messages")).toHaveValue(mixed);
  await expect(page.getByRole("button", { name: "Copy findings" })).toBeDisabled();
});

test("each kind of finding shows from one changed line of the flight", async ({ page }) => {
  await signInUser(page, "FLIGHT1");
  await openTab(page);
  const words = { critical: "Critical", major: "Major", minor: "Minor" };
  for (const { kind, change, findings: expected } of ONE_LINE_CHANGES) {
    const parts = ac857();
    await page.getByLabel("Flight messages").fill(pasteOf({ ...parts, ...change(parts) }));
    await page.getByRole("button", { name: "Check flight" }).click();
    await expect(findings(page), kind).toHaveText(
      expected.map(([severity, , message]) => `${words[severity]} ${message}`),
    );
  }
});

test("a ULD type added in the Database tab marks the findings out of date until the next check", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await userWithApps(page, "FLIGHTSA", [], "super_admin");
  await openTab(page);
  await page.getByLabel("Flight messages").fill(FLIGHT);
  await page.getByRole("button", { name: "Check flight" }).click();
  await expect(page.getByText(NONE)).toBeVisible();

  await page.getByRole("tab", { name: "Database operations" }).click();
  await page.getByLabel("ULD name").fill("ZZF");
  await page.getByLabel("Weight (kg)").fill("150");
  await page.getByRole("button", { name: "Add ULD" }).click();
  await expect(page.getByText("ULD ZZF added successfully")).toBeVisible();

  await page.getByRole("tab", { name: "Flight check" }).click();
  const note = "The reference lists changed since this check: press Check flight again.";
  await expect(page.getByText(note)).toBeVisible();
  await page.screenshot({ path: "test-results/flight-check/lists-changed.png", fullPage: true });
  await page.getByRole("button", { name: "Copy findings" }).click();
  await expect(
    page.getByText("The findings are out of date: check the flight again before copying"),
  ).toBeVisible();
  await page.getByRole("button", { name: "Check flight" }).click();
  await expect(page.getByText(NONE)).toBeVisible();
  await expect(page.getByText(note)).toHaveCount(0);

  // the shared store as it was, for the specs after this one
  await page.getByRole("tab", { name: "Database operations" }).click();
  await page.getByLabel("Search ULDs").fill("ZZF");
  await page.getByRole("button", { name: "Delete ZZF" }).click();
  await page.getByRole("dialog", { name: "Confirm Deletion" }).getByRole("button", {
    name: "Yes, Delete",
  }).click();
  await expect(page.getByRole("button", { name: "Delete ZZF" })).toHaveCount(0);
});

test("offline, the flight check runs in the page, and the paste is still there after a reload", async ({ page, context }) => {
  await signInUser(page, "FLIGHT1");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await openTab(page); // under the service worker now: the screen and engine are cached
  await page.getByLabel("Flight messages").fill(MOVED);
  await page.getByLabel("CPM weight tolerance (kg)").fill("80");

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("You are currently offline. Data will be synced when online."))
    .toBeVisible();
  await page.getByRole("tab", { name: "Flight check" }).click();
  await expect(page.getByLabel("Flight messages")).toHaveValue(MOVED.replace(/\r\n?/g, "\n"));
  await expect(page.getByLabel("CPM weight tolerance (kg)")).toHaveValue("80");
  await page.getByRole("button", { name: "Check flight" }).click();
  await expect(findings(page)).toHaveText([
    "Major DVA2345AC: position 12R on the NOTOC, 22R on the CPM",
  ]);
  await expect(rows(page)).toHaveCount(3);
  await context.setOffline(false);
});

test("on a phone the inputs stack and the ULD table scrolls in its own box, not the page", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInUser(page, "FLIGHT1");
  await openTab(page);
  await page.getByLabel("Flight messages").fill(MOVED);
  await page.getByRole("button", { name: "Check flight" }).click();
  await expect(rows(page)).toHaveCount(3);
  const kg = await page.getByLabel("CPM weight tolerance (kg)").boundingBox();
  const percent = await page.getByLabel("CPM weight tolerance (%)").boundingBox();
  expect(percent!.y).toBeGreaterThan(kg!.y + kg!.height);
  const page_ = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(page_[0]).toBeLessThanOrEqual(page_[1]);
  const box = page.locator(".flight-table-scroll");
  const [scrollWidth, clientWidth] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  // the keyboard reaches the box and scrolls it
  await box.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});
