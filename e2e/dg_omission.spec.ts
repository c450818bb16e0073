// Issue 52, item 4: a DG code on the NOTOC that the UWS lacks is no routine warning. At a station
// PC's 1366x768 the red line says so without scrolling and leads the warnings; Convert & Copy, the
// press after it, Ctrl+Enter and Copy Output never copy such a UWS: copying it takes a dialog that
// names the missing codes, answered on purpose (Escape and Cancel copy nothing, the focus comes
// back). And a minor: an amber Convert & Copy says that nothing was copied.

import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { convertFfm } from "../engine/ffm/convert.ts";
import { SAMPLES, signInUser, test, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

const sample = (name: string) => readFileSync(new URL(name, SAMPLES), "utf8");
const status = (page: Page) => page.locator(".converter-message");
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
/** AC857/23 without DVA2345AC's MAG: the NOTOC names it, the UWS made from this FFM lacks it. */
const NO_MAG = sample("ffm-03.txt").replace("/HEA/MAG", "/HEA");
const NOTOC = sample("ntm-01-notoc-64col.txt");

test("a NOTOC's MAG that the UWS lacks: red, first, in view, and copied only through the dialog", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await userWithApps(page, "DGOMIT1", ["ffm-to-uws"]);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto("/apps/ffm-to-uws");
  await page.evaluate(() => navigator.clipboard.writeText("nothing yet"));
  await page.getByLabel("Enter FFM input").fill(NO_MAG);
  await page.getByLabel("NTM input (optional)").fill(NOTOC);
  await page.getByLabel("Match NTM").check();
  const button = page.getByRole("button", { name: /^Convert & Copy$|^Copy anyway/ });
  await button.click();
  const uws = convertFfm(NO_MAG).uwsOutput;
  await expect(page.getByLabel("UWS output")).toHaveValue(uws);

  // the red line names the ULD and its code, and is on screen without scrolling
  await expect(status(page)).toHaveText(
    "DG on the NOTOC missing from the UWS: DVA2345AC MAG. Nothing was copied.",
  );
  await expect(status(page)).toHaveClass(/error/);
  await expect(status(page)).toBeInViewport({ ratio: 1 });
  // ...and leads the warnings, in red
  const first = page.locator(".warnings li").first();
  await expect(first).toHaveText("NTM: DVA2345AC: MAG on the NOTOC, not on the UWS");
  await expect(first).toHaveClass(/critical/);
  expect(await clipboard(page)).toBe("nothing yet");

  // the next press asks first; Escape copies nothing and gives the focus back to the button
  await expect(button).toHaveText("Copy anyway…");
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Copy a UWS that lacks the NOTOC's DG codes?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveText(["DVA2345AC: MAG"]);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  expect(await clipboard(page)).toBe("nothing yet");

  // Ctrl+Enter in the FFM box asks too; Cancel copies nothing, the focus goes back to the box
  await page.getByLabel("Enter FFM input").press("Control+Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Enter FFM input")).toBeFocused();
  expect(await clipboard(page)).toBe("nothing yet");

  // Copy Output asks as well; copying is a deliberate press of the dialog's own button
  await page.getByRole("button", { name: "Copy Output" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Copy without MAG" }).press("Enter");
  await expect(dialog).toBeHidden();
  expect(await clipboard(page)).toBe(uws);
  await expect(status(page)).toHaveText(
    "UWS copied without the NOTOC's DG codes: DVA2345AC MAG. Check before sending.",
  );
  await expect(status(page)).toHaveClass(/error/);
  await expect(page.getByRole("button", { name: "Copy Output" })).toBeFocused();
});

test("an amber Convert & Copy says that nothing was copied", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInUser(page, "DGOMIT1");
  await page.goto("/apps/ffm-to-uws");
  await page.getByRole("button", { name: "Clear all" }).click();
  await page.evaluate(() => navigator.clipboard.writeText("nothing yet"));
  // an unknown ULD type: tare 0 kg and a warning, a routine amber
  const ffm = sample("ffm-03.txt").replace("ULD/DVA3456AC", "ULD/QQQ3456AC");
  expect(convertFfm(ffm).warnings.length).toBeGreaterThan(0);
  await page.getByLabel("Enter FFM input").fill(ffm);
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(status(page)).toHaveClass(/warning/);
  await expect(status(page)).toContainText(
    "Nothing was copied: press Copy anyway to copy it as it is.",
  );
  expect(await clipboard(page)).toBe("nothing yet");
  // an amber result is no DG omission: Copy anyway copies it at once, without a dialog
  await page.getByRole("button", { name: "Copy anyway" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await clipboard(page)).toBe(convertFfm(ffm).uwsOutput);
});
