// Issue 52, item 3: the Flight check tab uses only a 2nd Dest that belongs to the pasted FFM's
// flight, the one the converter's last conversion of that flight was made with, and says which
// one it used, or none. A 2nd Dest typed in the converter and not converted, or converted with
// another flight, never moves a ULD: CV1234's correct CPM is not blamed for HKG.

import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { convertFfm } from "../engine/ffm/convert.ts";
import { SAMPLES, signInUser, test, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

const sample = (name: string) => readFileSync(new URL(name, SAMPLES), "utf8");
const FFM08 = sample("ffm-08.txt");
const FFM03 = sample("ffm-03.txt");

/** CV1234/01's CPM as loaded: each ULD of its UWS at a position, with its gross and destination. */
function cpmOf(ffm: string): string {
  const positions = ["11L", "12L", "21P", "22P"];
  const ulds = convertFfm(ffm).uwsOutput.split("\n").flatMap((line) => {
    const m = /^-([A-Z]{3}\d{4,5}[A-Z0-9]{2})\/([A-Z]{3})\/(\d+)A/.exec(line);
    return m === null ? [] : [[m[1], m[2], m[3]]];
  });
  return [
    "CPM",
    "CV1234/01.LXVCA.LUX",
    ...ulds.map(([id, dest, kg], i) => `-${positions[i]}/${id}/${dest}/${kg}/C`),
    "SI",
  ].join("\n");
}
const CV1234 = [FFM08, cpmOf(FFM08)].join("\n");
const NONE = "No findings: the messages tell the same story.";
const used = (page: Page) => page.locator(".flight-second-dest");

async function check(page: Page) {
  await page.getByRole("tab", { name: "Flight check" }).click();
  await page.getByLabel("Flight messages").fill(CV1234);
  await page.getByRole("button", { name: "Check flight" }).click();
}

test("a 2nd Dest typed in the converter and not converted is not applied to another flight", async ({ page }) => {
  await userWithApps(page, "FLTSD1", ["ffm-to-uws"]);
  await page.goto("/apps/ffm-to-uws");
  // AC857's FFM in the converter, AUH typed as its 2nd Dest, not converted
  await page.getByLabel("Enter FFM input").fill(FFM03);
  await page.getByLabel("2nd Dest").fill("AUH");
  await check(page);
  await expect(page.getByText(NONE)).toBeVisible();
  await expect(page.getByText(/HKG on the CPM/)).toHaveCount(0);
  await expect(used(page)).toHaveText([
    "2nd Dest: none (the FFM's own points of unloading)",
    "The converter's 2nd Dest AUH is not converted yet: not used for CV1234/01",
  ]);
});

test("a 2nd Dest converted with AC857 is not used for CV1234; one converted with CV1234 is, and named", async ({ page }) => {
  await signInUser(page, "FLTSD1");
  await page.goto("/apps/ffm-to-uws");
  await page.getByRole("button", { name: "Clear all" }).click();
  await page.getByLabel("Enter FFM input").fill(FFM03);
  await page.getByLabel("2nd Dest").fill("AUH");
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(page.getByLabel("UWS output")).toHaveValue(/AC857\/23/);
  await check(page);
  await expect(page.getByText(NONE)).toBeVisible();
  await expect(used(page)).toHaveText([
    "2nd Dest: none (the FFM's own points of unloading)",
    "The converter's 2nd Dest AUH was typed for AC857/23: not used for CV1234/01",
  ]);

  // CV1234 converted with HKG typed: that one is the flight's own, and the check says it used it
  await page.getByRole("tab", { name: "FFM Converter" }).click();
  await page.getByRole("button", { name: "Clear all" }).click();
  await page.getByLabel("Enter FFM input").fill(FFM08);
  await page.getByLabel("2nd Dest").fill("HKG");
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(page.getByLabel("UWS output")).toHaveValue(/CV1234\/01/);
  await check(page);
  await expect(page.getByText(NONE)).toBeVisible();
  await expect(used(page)).toHaveText(["2nd Dest HKG: the converter's conversion of CV1234/01"]);
});
