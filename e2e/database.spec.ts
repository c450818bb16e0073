// The converter's Database operations tab as a super admin uses it (add, edit, delete, remove,
// import, export, the spec's texts) and as a station user sees it (read-only); a changed tare
// reaches the next conversion.

import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { convertFfm } from "../engine/ffm/convert.ts";
import { DEFAULT_ULD_WEIGHTS } from "../engine/reference_data.ts";
import { SAMPLES, signInUser, test, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

async function openDatabase(page: Page) {
  await page.goto("/apps/ffm-to-uws");
  await page.getByRole("tab", { name: "Database operations" }).click();
}

const status = (page: Page) => page.locator(".database > p[role=status]");

test("a super admin adds, edits, deletes and removes ULD types with the spec's texts", async ({ page }) => {
  await userWithApps(page, "DBSA", [], "super_admin");
  await openDatabase(page);
  await expect(page.getByRole("tab", { name: "ULDs (61)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "DGSL (40)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "XDGSL (2)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Light AKE (0)" })).toBeVisible();

  const name = page.getByLabel("ULD name");
  const weight = page.getByLabel("Weight (kg)");
  const add = page.getByRole("button", { name: "Add ULD" });
  await add.click();
  await expect(status(page)).toHaveText("ULD name is required");
  await name.fill("zz");
  await weight.fill("100");
  await add.click();
  await expect(status(page)).toHaveText(
    "ULD type must be exactly 3 characters (letters/numbers, e.g., AKE, PAG, AA4)",
  );
  await name.fill("zzz");
  await weight.fill("");
  await add.click();
  await expect(status(page)).toHaveText("ULD weight is required");
  await weight.fill("20000");
  await add.click();
  await expect(status(page)).toHaveText("Weight seems too high (max 10,000 kg)");
  await weight.fill("150");
  await add.click();
  await expect(status(page)).toHaveText("ULD ZZZ added successfully");
  await expect(page.getByRole("tab", { name: "ULDs (62)" })).toBeVisible();
  await name.fill("ake");
  await weight.fill("100");
  await add.click();
  await expect(status(page)).toHaveText("ULD AKE already exists");
  // status lines go after 5 s
  await expect(status(page)).toBeEmpty({ timeout: 7000 });

  await page.getByLabel("Search ULDs").fill("zz");
  const list = page.getByRole("list", { name: "ULD entries" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Edit ZZZ" }).click();
  await list.getByLabel("Weight (kg)").fill("160");
  await list.getByRole("button", { name: "Save" }).click();
  await expect(status(page)).toHaveText("ULD ZZZ updated successfully");
  await expect(list).toContainText("160 kg");

  await page.getByRole("button", { name: "Delete ZZZ" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm Deletion" });
  await expect(dialog).toContainText(
    "Are you sure you want to delete ZZZ? This action cannot be undone.",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("tab", { name: "ULDs (62)" })).toBeVisible();
  await page.getByRole("button", { name: "Delete ZZZ" }).click();
  await dialog.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(status(page)).toHaveText("ULD ZZZ removed successfully");
  await expect(page.getByRole("tab", { name: "ULDs (61)" })).toBeVisible();

  await name.fill("");
  await page.getByRole("button", { name: "Remove ULD" }).click();
  await expect(status(page)).toHaveText("Please enter ULD name to remove");
  await name.fill("qqq");
  await page.getByRole("button", { name: "Remove ULD" }).click();
  await expect(status(page)).toHaveText("ULD QQQ not found");
  // removing by name asks first, like Delete
  await name.fill("zzz");
  await weight.fill("99");
  await add.click();
  await expect(status(page)).toHaveText("ULD ZZZ added successfully");
  await name.fill("zzz");
  await page.getByRole("button", { name: "Remove ULD" }).click();
  await expect(dialog).toContainText("Are you sure you want to delete ZZZ?");
  await dialog.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(status(page)).toHaveText("ULD ZZZ removed successfully");
  await expect(page.getByRole("tab", { name: "ULDs (61)" })).toBeVisible();
});

test("bulk import counts failures, export gives the same lines, the other lists check their formats", async ({ page }) => {
  await signInUser(page, "DBSA");
  await openDatabase(page);
  await page.getByRole("tab", { name: "DGSL (40)" }).click();
  await page.getByLabel("DGSL name").fill("ab1");
  await page.getByRole("button", { name: "Add DGSL" }).click();
  await expect(status(page)).toHaveText("DGSL name must be exactly 3 uppercase letters");

  await page.getByRole("button", { name: "Import", exact: true }).click();
  await page.getByLabel(/DGSL lines to import/).fill("abc\nxyz\nRFL\nbad1\n");
  await page.getByRole("button", { name: "Import 4 DGSL lines" }).click();
  await expect(status(page)).toHaveText("Import completed: 2 successful, 2 failed");
  await expect(page.getByText("Line 3 (RFL): DGSL RFL already exists")).toBeVisible();
  await expect(page.getByRole("tab", { name: "DGSL (42)" })).toBeVisible();

  await page.getByRole("button", { name: "Export" }).click();
  const exported = await page.getByLabel(/DGSL entries \(Name per line\)/).inputValue();
  expect(exported.split("\n")).toContain("ABC");
  expect(exported.split("\n")).toHaveLength(42);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const file = await (await download).path();
  expect(readFileSync(file, "utf8").trim()).toBe(exported);
  await expect(status(page)).toHaveText("Exported 42 DGSL entries");

  await page.getByRole("tab", { name: "Light AKE (0)" }).click();
  await page.getByLabel("Light AKE name").fill("AKE1122MS");
  await page.getByRole("button", { name: "Add Light AKE" }).click();
  await expect(status(page)).toHaveText(
    "Light AKE must be in format: AKE + 5 digits + 2 letters (e.g., AKE11223MS)",
  );
  await page.getByLabel("Light AKE name").fill("ake11223ms");
  await page.getByRole("button", { name: "Add Light AKE" }).click();
  await expect(status(page)).toHaveText("Light AKE AKE11223MS added successfully");
  await expect(page.getByRole("tab", { name: "Light AKE (1)" })).toBeVisible();
});

test("a changed tare reaches the next conversion", async ({ page }) => {
  await signInUser(page, "DBSA");
  await openDatabase(page);
  await page.getByLabel("Search ULDs").fill("DVA");
  await page.getByRole("button", { name: "Edit DVA" }).click();
  const list = page.getByRole("list", { name: "ULD entries" });
  await list.getByLabel("Weight (kg)").fill("80");
  await list.getByRole("button", { name: "Save" }).click();
  await expect(status(page)).toHaveText("ULD DVA updated successfully");

  await page.getByRole("tab", { name: "FFM Converter" }).click();
  const ffm = readFileSync(new URL("ffm-03.txt", SAMPLES), "utf8");
  await page.getByLabel("Enter FFM input").fill(ffm);
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  const expected = convertFfm(ffm, { uldWeights: { ...DEFAULT_ULD_WEIGHTS, DVA: 80 } });
  await expect(page.getByLabel("UWS output")).toHaveValue(expected.uwsOutput);
  await expect(page.locator('[data-total="Tare weight"]')).toHaveText(
    String(expected.totalTareWeight),
  );
  expect(expected.totalTareWeight).toBe(240); // three DVA units at 80 kg

  // the built-in tare again, for the suites after this one (the flight check reads ffm-03 too)
  await page.getByRole("tab", { name: "Database operations" }).click();
  await page.getByLabel("Search ULDs").fill("DVA");
  await page.getByRole("button", { name: "Edit DVA" }).click();
  await list.getByLabel("Weight (kg)").fill(String(DEFAULT_ULD_WEIGHTS.DVA));
  await list.getByRole("button", { name: "Save" }).click();
  await expect(status(page)).toHaveText("ULD DVA updated successfully");
});

test("a station user reads the lists but cannot change them", async ({ page }) => {
  await userWithApps(page, "DBU1", ["ffm-to-uws"]);
  await openDatabase(page);
  await expect(page.getByText("Only a super admin can change the reference lists.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add ULD" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Import" })).toHaveCount(0);
  await page.getByRole("button", { name: "View All" }).click();
  await expect(page.getByRole("list", { name: "ULD entries" }).getByRole("listitem")).toHaveCount(
    61,
  );
  await expect(page.getByRole("button", { name: /^Delete / })).toHaveCount(0);
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(page.getByRole("list", { name: "ULD entries" })).toHaveCount(0);
});
