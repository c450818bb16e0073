// The ULD Extractor as station staff use it: every shared UCM, CPM and SCM sample through the page
// gives the lists and counts the engine (and so `npm run cargo -- uld`) gives; copies read back
// from the clipboard; the empty-input and empty-list messages; settings kept across a reload; an
// export download; offline use; and a user without the app.

import { readdirSync, readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import type { UldExtraction } from "../engine/types.ts";
import { extractUlds } from "../engine/uld_extractor.ts";
import { SAMPLES, signInUser, test, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

const LISTS = [
  ["MS ULD List", "Owned"],
  ["Rented ULD List", "Rented"],
  ["Foreign ULD List", "Foreign"],
] as const;

const sample = (name: string) => readFileSync(new URL(name, SAMPLES), "utf8");

/** The numbers of one list of an engine result. */
const listOf = (r: UldExtraction, ownership: string) =>
  r.ulds.filter((u) => u.ownershipType === ownership).map((u) => u.uldNumber);

/** What Run + Copy is documented to copy: the three lists, titled and counted. */
const copiedText = (r: UldExtraction) =>
  LISTS.map(([title, own]) => [`${title} (${listOf(r, own).length})`, ...listOf(r, own)].join("\n"))
    .join("\n\n");

async function run(page: Page, text: string): Promise<void> {
  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByLabel("UCM, CPM or SCM message").fill(text);
  await page.getByRole("button", { name: "Run + Copy" }).click();
}

// a string: the e2e type check has no DOM library, and this runs in the page
const clipboard = (page: Page) => page.evaluate<string>("navigator.clipboard.readText()");
const summaryRow = (page: Page, label: string) =>
  page.getByRole("table", { name: "ULD Type Summary" }).getByRole("row").filter({
    has: page.getByRole("rowheader", { name: label, exact: true }),
  }).getByRole("cell");
const list = (page: Page, title: string) =>
  page.getByRole("table", { name: new RegExp(`^${title}`) });

test("a user without the app is told so", async ({ page }) => {
  await userWithApps(page, "EXT2", ["ffm-to-uws"]);
  await page.goto("/apps/uld-extractor");
  await expect(page.getByText("You do not have access to this app")).toBeVisible();
  await expect(page.getByRole("heading", { name: "ULD Extractor" })).toBeVisible();
});

test("every UCM, CPM and SCM sample gives in the page what the engine gives", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await userWithApps(page, "EXT1", ["uld-extractor"]);
  await page.getByRole("link", { name: /ULD Extractor/ }).click();
  await expect(page).toHaveURL(/\/apps\/uld-extractor$/);
  await expect(page.getByRole("heading", { name: "ULD Extractor (UCM/CPM/SCM)" })).toBeVisible();
  await expect(page.getByText("ULD Extractor v1.0")).toBeVisible();
  await expect(page.getByRole("tab", { name: "ULD Extractor" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByLabel("UCM, CPM or SCM message")).toHaveAttribute(
    "placeholder",
    "Paste UCM, CPM OR SCM message here!",
  );

  const names = readdirSync(SAMPLES).filter((n) => /^(ucm|cpm|scm)-.*\.txt$/.test(n)).sort();
  expect(names.length).toBeGreaterThanOrEqual(7);
  for (const name of names) {
    const text = sample(name);
    const expected = extractUlds(text);
    await run(page, text);
    if (!expected.ok) {
      await expect(page.getByText(`Error parsing message: ${expected.error}`), name).toBeVisible();
      await expect(
        page.getByText("No ULDs found in message... Please check message format."),
        name,
      ).toBeVisible();
      for (const [title] of LISTS) {
        await expect(list(page, title).locator("tbody tr")).toHaveCount(0);
      }
      continue;
    }
    await expect(page.getByText("Results copied to clipboard!"), name).toBeVisible();
    const c = expected.statistics.categories;
    await expect(summaryRow(page, "Total"), name).toHaveText(
      [c.plt, c.ake, c.pla, c.others, c.total].map(String),
    );
    const owned = expected.statistics.byOwnership.owned;
    await expect(summaryRow(page, expected.ownerCode), name).toHaveText(
      [owned.plt, owned.ake, owned.pla, owned.others, owned.total].map(String),
    );
    for (const [title, own] of LISTS) {
      const numbers = listOf(expected, own);
      await expect(
        page.getByRole("heading", { name: `${title} (${numbers.length})`, exact: true }),
        name,
      )
        .toBeVisible();
      await expect(list(page, title).locator("tbody tr td:first-child .extractor-uld"), name)
        .toHaveText(numbers);
    }
    await expect(page.getByLabel("SI (supplementary information)"), name).toHaveValue(
      expected.supplementaryInfo,
    );
    expect(await clipboard(page), name).toBe(copiedText(expected));
  }
});

test("the lists, summary and details of one UCM, CPM and SCM, checked by hand", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInUser(page, "EXT1");
  await page.goto("/apps/uld-extractor");
  const details = page.getByRole("region", { name: "Message Details" });

  // UCM: the flight's airline PK owns; AKE2993PK and AKE2956PK stand twice (IN and OUT)
  await run(page, sample("ucm-01.txt"));
  await expect(summaryRow(page, "PK")).toHaveText(["4", "7", "0", "0", "11"]);
  await expect(summaryRow(page, "Rented")).toHaveText(["0", "0", "0", "0", "0"]);
  await expect(summaryRow(page, "Total")).toHaveText(["4", "7", "0", "0", "11"]);
  await expect(details).toContainText("UCM");
  await expect(details).toContainText("PK719/720");
  await expect(details).toContainText("APBGL");
  await expect(details).toContainText("IAH");
  await expect(details).toContainText("Inbound/Outbound");
  await expect(details).toContainText("PAJ3425"); // no readable owner: in no list
  const ms = list(page, "MS ULD List");
  await expect(ms.locator("tbody tr")).toHaveCount(11);
  await expect(ms.locator("tr.duplicate")).toHaveCount(4);
  await expect(ms.locator("tr.duplicate").first()).toContainText("AKE2993PK");
  await expect(ms.locator("tr.duplicate").first().getByText("duplicate")).toBeAttached();
  await expect(ms.locator("tr.four-digit")).toHaveCount(11);
  await expect(ms.getByTitle("four-digit number")).toHaveCount(11);
  await expect(page.getByText("Line 10: PAJ3425: not a ULD number")).toBeVisible();

  await page.getByRole("button", { name: "Copy MS ULD List" }).click();
  await expect(page.getByText("MS ULD list copied to clipboard (11).")).toBeVisible();
  expect((await clipboard(page)).split("\n")).toEqual(
    listOf(extractUlds(sample("ucm-01.txt")), "Owned"),
  );
  await page.getByRole("button", { name: "Copy Rented ULD List" }).click();
  await expect(page.getByText("No Rented ULDs to copy")).toBeVisible();
  await page.getByRole("button", { name: "Copy Foreign ULD List" }).click();
  await expect(page.getByText("No Foreign ULDs to copy")).toBeVisible();

  // CPM: bulk and empty positions carry no ULD; the SI is the line after SI
  await run(page, sample("cpm-02.txt"));
  await expect(summaryRow(page, "DK")).toHaveText(["1", "2", "0", "0", "3"]);
  await expect(details).toContainText("OY-VKR");
  await expect(details).toContainText("Outbound");
  await expect(list(page, "MS ULD List").getByRole("row", { name: /AKE30144DK/ })).toHaveText(
    /AKE30144DK.*K.*AGP/,
  );
  await expect(page.getByLabel("SI (supplementary information)")).toHaveValue(
    "TWO WHEELCHAIRS HOLD 1",
  );

  // SCM: no flight, so MS owns; every readable unit here is foreign
  await run(page, sample("scm-01.txt"));
  await expect(summaryRow(page, "MS")).toHaveText(["0", "0", "0", "0", "0"]);
  await expect(summaryRow(page, "Foreign")).toHaveText(["4", "3", "0", "2", "9"]);
  await expect(details).toContainText("SCM");
  await expect(list(page, "Foreign ULD List").locator("tbody tr")).toHaveCount(9);
  await expect(page.getByLabel("SI (supplementary information)")).toHaveValue("TWO PK NETS ALSO");
  await page.getByRole("button", { name: "Copy MS ULD List" }).click();
  await expect(page.getByText("No MS ULDs to copy")).toBeVisible();
  await page.getByRole("button", { name: "Copy Foreign ULD List" }).click();
  expect(await clipboard(page)).toBe(
    listOf(extractUlds(sample("scm-01.txt")), "Foreign").join("\n"),
  );
});

test("empty input is refused; Ctrl+Enter runs; Clear empties everything", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInUser(page, "EXT1");
  await page.goto("/apps/uld-extractor");
  await page.getByRole("button", { name: "Run + Copy" }).click();
  await expect(page.getByText("Please paste a UCM, CPM, or SCM message first.")).toBeVisible();
  await page.getByLabel("UCM, CPM or SCM message").fill("   \n  ");
  await page.getByLabel("UCM, CPM or SCM message").press("Control+Enter");
  await expect(page.getByText("Please paste a UCM, CPM, or SCM message first.")).toBeVisible();

  await page.getByLabel("UCM, CPM or SCM message").fill(sample("cpm-01.txt"));
  await page.getByLabel("UCM, CPM or SCM message").press("Control+Enter");
  await expect(page.getByText("Results copied to clipboard!")).toBeVisible();
  await expect(summaryRow(page, "BA")).toHaveText(["0", "2", "0", "0", "2"]);
  await expect(page.getByLabel("SI (supplementary information)")).toHaveValue("NIL");

  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByLabel("UCM, CPM or SCM message")).toHaveValue("");
  await expect(page.getByText("Results copied to clipboard!")).toHaveCount(0);
  await expect(summaryRow(page, "Total")).toHaveText(["0", "0", "0", "0", "0"]);
  await expect(page.getByLabel("SI (supplementary information)")).toHaveValue("");
  await expect(page.getByText("Run a message to see its details.")).toBeVisible();
  for (const [title] of LISTS) await expect(list(page, title).locator("tbody tr")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Download" })).toBeDisabled();
});

test("settings are checked, saved, kept across a reload and reset", async ({ page }) => {
  await signInUser(page, "EXT1");
  await page.goto("/apps/uld-extractor");
  // the tabs answer the arrow keys
  await page.getByRole("tab", { name: "ULD Extractor" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Settings" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("tabpanel", { name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("Owner Code")).toHaveValue("MS");
  await expect(page.getByLabel("Owner Code")).toBeDisabled();
  await expect(page.getByLabel("Rented Codes")).toHaveValue("R7,C6,R9");

  await page.getByLabel("Rented Codes").fill(" , ");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please enter at least one rented code.")).toBeVisible();
  await page.getByLabel("Rented Codes").fill("pk, r7");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await expect(page.getByLabel("Rented Codes")).toHaveValue("PK,R7");

  await page.reload();
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByLabel("Rented Codes")).toHaveValue("PK,R7");
  // the saved codes are the ones a run uses: PK units of the SCM are now rented
  await page.getByRole("tab", { name: "ULD Extractor" }).click();
  const scm = sample("scm-01.txt");
  await run(page, scm);
  const expected = extractUlds(scm, { rentedCodes: ["PK", "R7"] });
  expect(listOf(expected, "Rented")).toHaveLength(6);
  await expect(list(page, "Rented ULD List").locator("tbody .extractor-uld")).toHaveText(
    listOf(expected, "Rented"),
  );
  const r = expected.statistics.byOwnership.rented;
  await expect(summaryRow(page, "Rented")).toHaveText(
    [r.plt, r.ake, r.pla, r.others, r.total].map(String),
  );

  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(page.getByText("Settings reset to defaults.")).toBeVisible();
  await expect(page.getByLabel("Rented Codes")).toHaveValue("R7,C6,R9");
  await page.reload();
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByLabel("Rented Codes")).toHaveValue("R7,C6,R9");
});

test("the result downloads as CSV and JSON", async ({ page }) => {
  await signInUser(page, "EXT1");
  await page.goto("/apps/uld-extractor");
  await expect(page.getByText("Run a message to export its ULDs.")).toBeVisible();
  await run(page, sample("cpm-02.txt"));
  const expected = extractUlds(sample("cpm-02.txt"));

  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe("uld-extraction-DK1192.csv");
  const rows = readFileSync(await csv.path(), "utf8").replace(/^\ufeff/, "").trimEnd().split(
    "\r\n",
  );
  expect(rows[0]).toBe(
    "ULD Number,Load Type,Destination,Ownership,Category,Section,Valid,Duplicate",
  );
  expect(rows.slice(1)).toEqual([
    "AKE30142DK,B,AGP,Owned,AKE,,Yes,No",
    "PMC30143DK,C,AGP,Owned,PLT,,Yes,No",
    "AKE30144DK,K,AGP,Owned,AKE,,Yes,No",
  ]);
  await expect(page.getByText("Downloaded uld-extraction-DK1192.csv")).toBeVisible();

  await page.getByLabel("Format", { exact: true }).selectOption("json");
  await page.getByLabel("Sort by", { exact: true }).selectOption("category");
  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(json.suggestedFilename()).toBe("uld-extraction-DK1192.json");
  const body = JSON.parse(readFileSync(await json.path(), "utf8"));
  expect(body.flightNumber).toBe("DK1192");
  expect(body.statistics).toEqual(expected.statistics);
  expect(body.ulds.map((u: { category: string }) => u.category)).toEqual(["AKE", "AKE", "PLT"]);
});

test("offline, the notice shows and the extractor still runs", async ({ page, context }) => {
  await signInUser(page, "EXT1");
  await page.goto("/apps/uld-extractor");
  await run(page, sample("cpm-01.txt")); // the worker is started while online
  await expect(summaryRow(page, "Total")).toHaveText(["0", "2", "0", "0", "2"]);
  await context.setOffline(true);
  await expect(
    page.getByText("You're offline. Changes will sync when connection is restored."),
  ).toBeVisible();
  await run(page, sample("ucm-03.txt"));
  await expect(summaryRow(page, "AA")).toHaveText(["5", "0", "0", "0", "5"]);
  await context.setOffline(false);
});
