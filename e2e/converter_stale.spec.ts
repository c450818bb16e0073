// Issue 23, as a station agent works a night shift: one flight after another in the same boxes.
// The UWS always belongs to the FFM shown (a 2nd Dest typed for the last flight does not carry
// over; an edited FFM marks the output out of date and Copy Output refuses it), a doubtful
// result is never green nor copied unread, and a large message moves with Ctrl+Home/End and
// PageUp/PageDown as a normal text area does.

import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { generateFfm } from "../engine/bench_data.ts";
import { convertFfm } from "../engine/ffm/convert.ts";
import { SAMPLES, signInUser, test, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

const sample = (name: string) => readFileSync(new URL(name, SAMPLES), "utf8");
const status = (page: Page) => page.locator(".converter-message");
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const STALE_COPY = "The UWS is out of date: convert again before copying";

test("a 2nd Dest typed for AC857 does not carry over to CV1234: its UWS is its own", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await userWithApps(page, "STALE1", ["ffm-to-uws"]);
  await page.goto("/apps/ffm-to-uws");
  const ffm03 = sample("ffm-03.txt");
  const ffm08 = sample("ffm-08.txt");
  await page.getByLabel("Enter FFM input").fill(ffm03);
  await page.getByLabel("2nd Dest").fill("YWG");
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  const ac857 = convertFfm(ffm03, { secondDestination: "YWG" }).uwsOutput;
  await expect(page.getByLabel("UWS output")).toHaveValue(ac857);
  await expect(status(page)).toHaveText("UWS converted and copied to the clipboard");

  // the next flight pasted over it, without Clear all: everything of AC857 is out of date
  await page.getByLabel("Enter FFM input").fill(ffm08);
  await expect(status(page)).toHaveText(/^Out of date: the FFM changed after this UWS was made/);
  await expect(page.locator(".stale-badge")).toHaveCount(2); // totals and output
  await page.evaluate(() => navigator.clipboard.writeText("nothing yet"));
  await page.getByRole("button", { name: "Copy Output" }).click();
  await expect(status(page)).toHaveText(STALE_COPY);
  expect(await clipboard(page)).toBe("nothing yet");

  await page.getByRole("button", { name: "Convert & Copy" }).click();
  const cv1234 = convertFfm(ffm08).uwsOutput;
  await expect(page.getByLabel("UWS output")).toHaveValue(cv1234);
  const uws = await page.getByLabel("UWS output").inputValue();
  expect(uws).not.toContain("-YWG");
  expect(uws).toContain("-PMC12345CV/HKG/2630A/C");
  expect(uws).toContain("-HKG/400A/C");
  await expect(status(page)).toHaveText(
    "UWS converted and copied to the clipboard. 2nd Dest YWG was typed for AC857/23: cleared for CV1234/01.",
  );
  expect(await clipboard(page)).toBe(cv1234);
  await expect(page.locator(".stale-badge")).toHaveCount(0);
  // the 2nd Dest column is CV1234's own second point, HKG, found in the manifest
  await expect(page.getByLabel("2nd Dest")).toHaveValue("HKG");
  await expect(page.locator('[data-dest="2"][data-row="grossWeight"]')).toHaveText(
    String(convertFfm(ffm08).secondDestination?.grossWeight),
  );
  await expect(page.locator('[data-total="Net weight"]')).toHaveText(
    convertFfm(ffm08).totalNetWeight.toFixed(1),
  );

  // a 2nd Dest typed after converting: out of date, not the new airport over the old figures
  await page.getByLabel("2nd Dest").fill("BAH");
  await expect(status(page)).toHaveText(/^Out of date: the 2nd Dest changed/);
  await page.getByRole("button", { name: "Copy Output" }).click();
  await expect(status(page)).toHaveText(STALE_COPY);
});

test("a manifest with an unreadable consignment line is never green, and is copied only on 'Copy anyway'", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInUser(page, "STALE1");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/apps/ffm-to-uws");
  const ffm = sample("ffm-08.txt").replace(
    "172-00123034LHRHKG/T10K400",
    "172-00123034LHRHKG/T10X400",
  );
  const expected = convertFfm(ffm);
  expect(expected.warnings).toHaveLength(1);
  await page.evaluate(() => navigator.clipboard.writeText("nothing yet"));
  await page.getByLabel("Enter FFM input").fill(ffm);
  await page.getByLabel("Enter FFM input").press("Control+Enter");
  await expect(page.getByLabel("UWS output")).toHaveValue(expected.uwsOutput);
  await expect(status(page)).toHaveText(
    "Converted with 1 warning: check before sending. Nothing was copied: press Copy anyway to copy it as it is.",
  );
  await expect(status(page)).toHaveClass(/warning/);
  await expect(status(page)).not.toHaveCSS("color", "rgb(27, 110, 58)"); // never the green
  // the warning is in view, next to the status line, at 1280x900
  const warning = page.locator(".warnings li").first();
  await expect(warning).toContainText("172-00123034");
  await expect(warning).toBeInViewport();
  expect(await clipboard(page)).toBe("nothing yet");

  await page.getByRole("button", { name: "Copy anyway" }).click();
  await expect(status(page)).toHaveText(
    "UWS copied to the clipboard; converted with 1 warning: check before sending",
  );
  expect(await clipboard(page)).toBe(expected.uwsOutput);
  await expect(page.getByRole("button", { name: "Convert & Copy" })).toBeVisible();
});

test("the spec's words for a message without its header or footer, in the red line", async ({ page }) => {
  await signInUser(page, "STALE1");
  await page.goto("/apps/ffm-to-uws");
  await page.getByLabel("Enter FFM input").fill("1/MS985/22MAR/CAI\nJFK\nLAST");
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(status(page)).toHaveText(
    "Failed to convert FFM to UWS: Invalid FFM headerError: Invalid FFM header",
  );
  await expect(page.getByRole("alert").filter({ hasText: "Error: Invalid FFM header" }))
    .toBeVisible();
  await page.getByLabel("Enter FFM input").fill("FFM/8\n1/MS985/22MAR/CAI\nJFK");
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(page.getByText("Error: Invalid FFM footer - must end with LAST or CONT"))
    .toBeVisible();
});

test("glued codes are coloured in the input as the UWS counts them", async ({ page }) => {
  await signInUser(page, "STALE1");
  await page.goto("/apps/ffm-to-uws");
  await page.getByLabel("Enter FFM input").fill(
    "FFM/8\n1/MS985/22MAR/CAI\nJFK\nULD/AKE12345MS\n077-12345675CAIJFK/T2K100/BATTERIES/BUCELI\nLAST",
  );
  const layer = page.locator(".hl-field").first();
  await expect(layer.locator(".hl-dgsl")).toHaveText(["ELI"]);
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(page.getByLabel("UWS output")).toHaveValue(/-AKE12345MS\/JFK\/\d+A\/C.ELI$/m);
});

test("a large message: Ctrl+Home, Ctrl+End and PageDown move over the whole text", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInUser(page, "STALE1");
  await page.goto("/apps/ffm-to-uws");
  const ffm = generateFfm(1 << 20);
  const input = page.getByLabel("Enter FFM input");
  const scroller = page.locator(".hl-field").first();
  await page.evaluate((text) => navigator.clipboard.writeText(text), ffm);
  await input.focus();
  await page.keyboard.press("Control+V");
  await expect(page.getByText(/Large message: [\d,]+ lines/).first()).toBeVisible();
  await expect(input).toHaveValue(/\nLAST$/);
  await input.press("Control+Home");
  await expect(input).toHaveValue(/^QD CAIKLMS/);
  await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(0);
  expect(await input.evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe(0);
  for (let i = 0; i < 12; i++) await input.press("PageDown");
  // past the first window of lines: the text area now holds lines further on
  await expect(input).not.toHaveValue(/^QD CAIKLMS/);
  const top = await scroller.evaluate((el) => el.scrollTop);
  expect(top).toBeGreaterThan(120 * 16);
  await input.press("Control+End");
  await expect(input).toHaveValue(/\nLAST$/);
  expect(await input.evaluate((el: HTMLTextAreaElement) => el.selectionStart === el.value.length))
    .toBe(true);
  // typing there goes at the message's end
  await page.keyboard.type("\nOSI/END");
  await input.press("Control+A");
  await input.press("Control+C");
  expect(await clipboard(page)).toBe(`${ffm}\nOSI/END`);
});
