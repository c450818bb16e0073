// Issue 52, item 2: a result is current only when its input is the text in the box now. The FFM,
// the flight-check paste or the extractor's message edited while its run goes on: when the run
// ends, its result is shown out of date (never green), is not copied, and the converter's history
// keeps no pair of one flight's FFM with another's UWS.
//
// The run is held without timers: the engine worker's script is held by page.route until the
// edit is made (the worker starts on the first run or warm-up, and its calls wait for it).

import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { convertFfm } from "../engine/ffm/convert.ts";
import { CPM_AC857, UCM_AC857 } from "../engine/test_support/flight_ac857.ts";
import { SAMPLES, test, userWithApps } from "./support.ts";

// the service worker would serve the engine's script from its cache, past page.route
test.use({ serviceWorkers: "block" });

const sample = (name: string) => readFileSync(new URL(name, SAMPLES), "utf8");
// a string: the e2e type check has no DOM library, and this runs in the page
const clipboard = (page: Page) => page.evaluate<string>("navigator.clipboard.readText()");
const NOTHING = "navigator.clipboard.writeText('nothing yet')";

/**
 * Holds the engine worker's script until the returned function is called; that function first
 * waits for the script to have been asked for (the worker started: the run is held), however
 * long a loaded machine takes to get there.
 */
async function holdTheEngine(page: Page): Promise<() => Promise<void>> {
  let asked = () => {};
  const wanted = new Promise<void>((done) => (asked = done));
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  await page.route(/\/assets\/worker-[^/]+\.js$/, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return async () => {
    await wanted;
    release();
  };
}

test("the converter: the next flight pasted during Convert & Copy", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await userWithApps(page, "RUNEDIT1", ["ffm-to-uws"]);
  await page.goto("/apps/ffm-to-uws");
  await page.evaluate(NOTHING);
  const release = await holdTheEngine(page);
  const input = page.getByLabel("Enter FFM input");
  const ffm03 = sample("ffm-03.txt");
  const ffm08 = sample("ffm-08.txt");
  await input.fill(ffm03);
  await input.press("Control+Enter");
  await input.fill(ffm08); // CV1234 pasted while AC857 converts
  await release();
  await expect(page.getByLabel("UWS output")).toHaveValue(convertFfm(ffm03).uwsOutput);
  const status = page.locator(".converter-message");
  await expect(status).toHaveText(/^Out of date: the FFM changed after this UWS was made/);
  await expect(page.locator(".stale-badge")).toHaveCount(2);
  expect(await clipboard(page)).toBe("nothing yet");
  await page.getByRole("button", { name: "Copy Output" }).click();
  await expect(status).toHaveText("The UWS is out of date: convert again before copying");
  expect(await clipboard(page)).toBe("nothing yet");

  // converted again: CV1234's own UWS, green, copied and kept; AC857 is not in the history
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(status).toHaveText("UWS converted and copied to the clipboard");
  expect(await clipboard(page)).toBe(convertFfm(ffm08).uwsOutput);
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByRole("button", { name: /^Open CV1234\/01 / })).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^Open AC857\/23 / })).toHaveCount(0);
});

const FLIGHT = [
  sample("ffm-03.txt"),
  sample("ntm-01-notoc-64col.txt"),
  CPM_AC857,
  UCM_AC857,
].join("\n");
/** The NOTOC's item of DVA1234AC says RFL where the FFM says RFG. */
const NO_RFG = FLIGHT.replace("RFG  N", "RFL  N");

test("the flight check: a DG code taken off the paste during the check", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await userWithApps(page, "RUNEDIT2", ["ffm-to-uws"]);
  await page.goto("/apps/ffm-to-uws");
  await page.evaluate(NOTHING);
  const release = await holdTheEngine(page);
  await page.getByRole("tab", { name: "Flight check" }).click();
  const paste = page.getByLabel("Flight messages");
  await paste.fill(FLIGHT);
  await paste.press("Control+Enter");
  await paste.fill(NO_RFG);
  await release();
  const result = page.locator(".flight-result");
  await expect(result).toBeVisible();
  await expect(result.locator(".stale-badge")).toBeVisible();
  await expect(
    page.getByText(
      "The messages or tolerances changed since this check: press Check flight again.",
    ),
  )
    .toBeVisible();
  // AC857's check, of the paste with RFG: not the green all-clear for the paste without it
  await expect(page.locator(".flight-none")).toHaveText(
    "No findings: the messages tell the same story.",
  );
  await expect(page.locator(".flight-none")).not.toHaveCSS("color", "rgb(27, 110, 58)");
  await page.getByRole("button", { name: "Copy findings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The findings are out of date" }))
    .toBeVisible();
  expect(await clipboard(page)).toBe("nothing yet");

  // checked again: the missing DG code is found
  await page.getByRole("button", { name: "Check flight" }).click();
  await expect(result.locator(".stale-badge")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Findings" }).getByRole("listitem").first())
    .toContainText("RFG");
});

test("the extractor: another message pasted during Run + Copy", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await userWithApps(page, "RUNEDIT3", ["uld-extractor"]);
  await page.goto("/apps/uld-extractor");
  await page.evaluate(NOTHING);
  const release = await holdTheEngine(page);
  const input = page.getByLabel("UCM, CPM or SCM message");
  await input.fill(sample("ucm-01.txt"));
  await page.getByRole("button", { name: "Run + Copy" }).click();
  await input.fill(sample("cpm-01.txt"));
  await release();
  await expect(page.getByRole("heading", { name: /^PK ULD List/ })).toBeVisible();
  const message = page.locator(".extractor-input .extractor-message");
  await expect(message).toHaveText(/^Out of date: the message changed after these results/);
  await expect(page.locator(".stale-badge")).toHaveCount(4);
  expect(await clipboard(page)).toBe("nothing yet");
  await page.getByRole("button", { name: "Run + Copy" }).click();
  await expect(message).toHaveText("Results copied to clipboard!");
  await expect(page.getByRole("heading", { name: /^BA ULD List/ })).toBeVisible();
  expect(await clipboard(page)).toContain("AKE12345BA");
});
