// The ULD Extractor as station staff use it: every shared UCM, CPM and SCM sample through the page
// gives the lists and counts the engine (and so `npm run cargo -- uld`) gives; three messages of a
// flight pasted at once give merged lists, the balance and the conflicts, as the CLI does; one
// message in view; a day of traffic drawn row by row and walked by keyboard; copies read back from
// the clipboard; the empty-input and empty-list messages; settings kept across a reload; export
// downloads; offline use; axe on the filled page; and a user without the app.

import { readdirSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { generateTraffic } from "../engine/uld/generated_traffic.ts";
import { runCli } from "../engine/cli/run.ts";
import { THROUGH_FLIGHT } from "../engine/test_support/traffic.ts";
import type { UldExtraction } from "../engine/types.ts";
import { extractUlds } from "../engine/uld/extractor.ts";
import { SAMPLES, signInUser, test, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

/** The three lists as [title's kind, ownership]; the first is titled by the owner code in use. */
const LISTS = [
  ["Owned", "Owned"],
  ["Rented", "Rented"],
  ["Foreign", "Foreign"],
] as const;

/** A list's title for a result: `PK ULD List`, `Rented ULD List`, ... */
const titleOf = (r: UldExtraction, kind: string) =>
  `${kind === "Owned" ? r.ownerCode || "Owned" : kind} ULD List`;

const sample = (name: string) => readFileSync(new URL(name, SAMPLES), "utf8");

/** The numbers of one list of an engine result. */
const listOf = (r: UldExtraction, ownership: string) =>
  r.ulds.filter((u) => u.ownershipType === ownership).map((u) => u.uldNumber);

/** What Run + Copy is documented to copy: the three lists, titled and counted. */
const copiedText = (r: UldExtraction) =>
  LISTS.map(([kind, own]) =>
    [`${titleOf(r, kind)} (${listOf(r, own).length})`, ...listOf(r, own)].join("\n")
  ).join("\n\n");

/** The rows a list draws (the spacer rows that stand for the others have no row index). */
const drawn = (page: Page, title: string) => list(page, title).locator("tbody tr[aria-rowindex]");

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
      for (const [kind] of LISTS) {
        await expect(drawn(page, `${kind === "Owned" ? "MS" : kind} ULD List`)).toHaveCount(0);
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
    for (const [kind, own] of LISTS) {
      const numbers = listOf(expected, own);
      const title = titleOf(expected, kind); // the flight's airline, not MS (issue 17)
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

  // UCM: the flight's airline PK owns; AKE2993PK and AKE2956PK stand in IN and in OUT: through
  // ULDs, told apart by the In/Out column and not duplicates (issue 23)
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
  // the flight's airline names the list, as it names the summary row
  const pk = list(page, "PK ULD List");
  await expect(drawn(page, "PK ULD List")).toHaveCount(11);
  await expect(pk.locator("tr.duplicate")).toHaveCount(0);
  await expect(pk.getByRole("columnheader", { name: "In/Out" })).toBeVisible();
  const through = pk.getByRole("row", { name: /AKE2993PK/ });
  await expect(through).toHaveCount(2);
  await expect(through.nth(0).getByRole("cell").nth(3)).toHaveText("IN");
  await expect(through.nth(1).getByRole("cell").nth(3)).toHaveText("OUT");
  await expect(pk.locator("tr.four-digit")).toHaveCount(11);
  await expect(pk.locator(".extractor-flag.four-digit")).toHaveCount(11);
  await expect(page.getByText("Line 10: PAJ3425: not a ULD number")).toBeVisible();

  await page.getByRole("button", { name: "Copy PK ULD List" }).click();
  await expect(page.getByText("PK ULD list copied to clipboard (11).")).toBeVisible();
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
  const dk = list(page, "DK ULD List").getByRole("row", { name: /AKE30144DK/ });
  await expect(dk).toHaveText(/AKE30144DK.*K.*AGP/);
  await expect(dk.getByText("LOAD-TYPE")).toBeVisible(); // K is outside B, C, M, E, X, F, Q
  await expect(page.getByLabel("SI (supplementary information)")).toHaveValue(
    "TWO WHEELCHAIRS HOLD 1",
  );

  // SCM: no flight, so MS owns; every readable unit here is foreign, the 3-letter owner too
  await run(page, sample("scm-01.txt"));
  await expect(summaryRow(page, "MS")).toHaveText(["0", "0", "0", "0", "0"]);
  await expect(summaryRow(page, "Foreign")).toHaveText(["5", "3", "0", "2", "10"]);
  await expect(details).toContainText("SCM");
  await expect(drawn(page, "Foreign ULD List")).toHaveCount(10);
  await expect(
    list(page, "Foreign ULD List").getByRole("row", { name: /P1G2241ABA/ }).getByText("OWNER-3"),
  ).toBeVisible();
  await expect(page.getByLabel("SI (supplementary information)")).toHaveValue("TWO PK NETS ALSO");
  await page.getByRole("button", { name: "Copy MS ULD List" }).click();
  await expect(page.getByText("No MS ULDs to copy")).toBeVisible();
  await page.getByRole("button", { name: "Copy Foreign ULD List" }).click();
  await expect(page.getByText("Foreign ULD list copied to clipboard (10).")).toBeVisible();
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
  for (const title of ["MS ULD List", "Rented ULD List", "Foreign ULD List"]) {
    await expect(drawn(page, title)).toHaveCount(0);
  }
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

/** Audits the page with axe (WCAG 2.0-2.2 A and AA): nothing serious or critical. */
async function audit(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target).join(" ")}`),
  ).toEqual([]);
}

test("three messages of a flight at once, as station staff read them, as the CLI gives them", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInUser(page, "EXT1");
  await page.goto("/apps/uld-extractor");
  // the CLI's answer for the same paste is the reference (it is the engine's, as the worker's)
  const cli = await runCli(["uld", "-", "--json"], {
    color: false,
    readText: () => Promise.resolve(THROUGH_FLIGHT),
  });
  expect(cli.code).toBe(0);
  const expected = JSON.parse(cli.stdout) as UldExtraction;
  expect(expected.messages).toHaveLength(3);

  // pasted as staff paste it: from the clipboard, a UCM IN, a gateway header, a UCM OUT, a CPM
  await page.getByRole("button", { name: "Clear" }).click();
  await page.evaluate((text) => navigator.clipboard.writeText(text), THROUGH_FLIGHT);
  await page.getByLabel("UCM, CPM or SCM message").focus();
  await page.keyboard.press("Control+V");
  await page.getByRole("button", { name: "Run + Copy" }).click();
  await expect(page.getByText("Results copied to clipboard!")).toBeVisible();
  expect(await clipboard(page)).toBe(copiedText(expected));

  const details = page.getByRole("region", { name: "Message Details" });
  await expect(details).toContainText("3 (2 UCM, 1 CPM)");
  await expect(details).toContainText("MS985");
  await expect(page.getByLabel("Message in view")).toHaveValue("-1");
  await expect(summaryRow(page, "MS")).toHaveText(["2", "7", "0", "0", "9"]);
  await expect(summaryRow(page, "Total")).toHaveText(["8", "7", "0", "0", "15"]);

  // merged lists with each row's message, marks of numbers seen in several messages
  for (const [kind, own] of LISTS) {
    const title = titleOf(expected, kind);
    const numbers = listOf(expected, own);
    await expect(page.getByRole("heading", { name: `${title} (${numbers.length})` })).toBeVisible();
    await expect(list(page, title).locator("tbody .extractor-uld")).toHaveText(numbers);
  }
  const ms = list(page, "MS ULD List");
  // two UCMs in view: their IN and OUT rows are told apart (issue 23)
  await expect(ms.getByRole("columnheader")).toHaveText([
    "ULD",
    "B/C/X",
    "Dest.",
    "In/Out",
    "Msg",
    "Flags",
  ]);
  await expect(drawn(page, "MS ULD List").nth(8)).toHaveText(/PKC11111MS\s*K\s*JFK\s*3/);
  await expect(drawn(page, "MS ULD List").nth(8).getByText("CONFLICT")).toBeVisible();
  await expect(drawn(page, "MS ULD List").nth(8).getByText("LOAD-TYPE")).toBeVisible();
  await expect(list(page, "Foreign ULD List").getByText("OWNER-3")).toHaveCount(2);

  // the station's balance: 5 in, 5 out, 3 out that never came in
  const balance = page.getByRole("table", { name: "UCM Balance" });
  await expect(balance.getByRole("row").nth(1)).toHaveText(/CAI\s*5\s*5\s*3/);
  await balance.getByText("3", { exact: true }).click();
  await expect(balance).toContainText("AKE67890MS PAG72801AGH PKC11111MS");
  expect(expected.balance).toEqual([{
    station: "CAI",
    in: 5,
    out: 5,
    outWithoutIn: ["AKE67890MS", "PAG72801AGH", "PKC11111MS"],
  }]);

  // the UCM/CPM conflicts with both readings
  await expect(page.getByRole("heading", { name: "Conflicts (2)" })).toBeVisible();
  const conflicts = page.getByRole("table", { name: /^Conflicts/ });
  await expect(conflicts.locator("tbody tr[aria-rowindex]")).toHaveText([
    /AKE67890MS.*X in message 2 \(line 21\) · E in message 3 \(line 26\)/,
    /PKC11111MS.*X in message 2 \(line 22\) · K in message 3 \(line 29\)/,
  ]);
  await audit(page, "/apps/uld-extractor with three messages");

  // copy a list: the foreign units of all three messages
  await page.getByRole("button", { name: "Copy Foreign ULD List" }).click();
  await expect(page.getByText("Foreign ULD list copied to clipboard (3).")).toBeVisible();
  expect(await clipboard(page)).toBe(listOf(expected, "Foreign").join("\n"));

  // export CSV: the spec's columns, then each row's message and flight
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe("uld-extraction-MS985.csv");
  const rows = readFileSync(await csv.path(), "utf8").replace(/^\ufeff/, "").trimEnd().split(
    "\r\n",
  );
  expect(rows[0]).toBe(
    "ULD Number,Load Type,Destination,Ownership,Category,Section,Valid,Duplicate,Message,Flight",
  );
  expect(rows.slice(1).map((r) => r.split(",")[0])).toEqual(expected.ulds.map((u) => u.uldNumber));
  expect(rows[11]).toBe("AKE12345MS,B,JFK,Owned,AKE,,Yes,Yes,3,MS985");

  // one message in view: the CPM's details, lists, SI and conflicts
  await page.getByLabel("Message in view").selectOption({
    label: "3 · CPM MS985/22NOV26 · CAI · 5 ULDs",
  });
  await expect(details).toContainText("CPM");
  await expect(details).toContainText("22NOV26");
  await expect(page.getByRole("heading", { name: "MS ULD List (3)" })).toBeVisible();
  // a CPM alone has no IN/OUT to show
  await expect(list(page, "MS ULD List").getByRole("columnheader")).toHaveText([
    "ULD",
    "B/C/X",
    "Dest.",
    "Flags",
  ]);
  await expect(list(page, "MS ULD List").locator("tbody .extractor-uld")).toHaveText([
    "AKE12345MS",
    "AKE67890MS",
    "PKC11111MS",
  ]);
  await expect(page.getByLabel("SI (supplementary information)")).toHaveValue("NIL");
  await expect(page.getByRole("table", { name: "UCM Balance" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Conflicts (2)" })).toBeVisible();
  await page.getByRole("button", { name: "Copy MS ULD List" }).click();
  await expect(page.getByText("MS ULD list copied to clipboard (3).")).toBeVisible();
  expect(await clipboard(page)).toBe("AKE12345MS\nAKE67890MS\nPKC11111MS");
});

test("a day of traffic: the lists draw the rows in view and answer the keyboard", async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInUser(page, "EXT1");
  await page.goto("/apps/uld-extractor");
  const traffic = generateTraffic();
  const expected = extractUlds(traffic);
  await page.evaluate((text) => navigator.clipboard.writeText(text), traffic);
  await page.getByLabel("UCM, CPM or SCM message").focus();
  await page.keyboard.press("Control+V");
  await page.getByRole("button", { name: "Run + Copy" }).click();
  await expect(page.getByText("Results copied to clipboard!")).toBeVisible({ timeout: 30_000 });
  expect(await clipboard(page)).toBe(copiedText(expected));

  const owned = listOf(expected, "Owned");
  const title = "Owned ULD List"; // twenty airlines: no one owner code
  await expect(
    page.getByRole("heading", { name: `${title} (${owned.length.toLocaleString("en")})` }),
  ).toBeVisible();
  const table = list(page, title);
  await expect(table).toHaveAttribute("aria-rowcount", String(owned.length + 1));
  // only the rows in view (and a few around them) are drawn
  expect(await drawn(page, title).count()).toBeLessThan(60);

  // keyboard: into the list's scroll area, then End, Up, Home
  const region = page.getByRole("region", { name: new RegExp(`^${title}`) });
  await region.focus();
  await page.keyboard.press("End");
  const last = table.locator(`tr[aria-rowindex="${owned.length + 1}"]`);
  await expect(last).toBeFocused();
  await expect(last.locator(".extractor-uld")).toHaveText(owned[owned.length - 1]);
  await page.keyboard.press("ArrowUp");
  await expect(table.locator(`tr[aria-rowindex="${owned.length}"]`)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(table.locator('tr[aria-rowindex="2"]')).toBeFocused();
  await expect(table.locator('tr[aria-rowindex="2"] .extractor-uld')).toHaveText(owned[0]);
  await page.keyboard.press("PageDown");
  await expect(table.locator("tr[aria-rowindex]:focus")).toHaveCount(1);

  // the whole list is what its Copy gives, however few rows are drawn
  await page.getByRole("button", { name: `Copy ${title}` }).click();
  await expect(page.getByText(`Owned ULD list copied to clipboard (${owned.length}).`))
    .toBeVisible();
  expect((await clipboard(page)).split("\n")).toEqual(owned);
  await expect(page.getByRole("heading", { name: `Conflicts (${expected.conflicts?.length})` }))
    .toBeVisible();
});

test("a CPM pasted after a UCM's SI without its CPM line keeps its 3 ULDs, with a warning", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await userWithApps(page, "EXT5", ["uld-extractor"]);
  await page.goto("/apps/uld-extractor");
  // as pasted on a night shift: the CPM's own CPM line was not copied
  const text = [
    "UCM",
    "AC856/22.C-GITS.YYZ",
    "IN",
    ".AKE11111AC/YYZ/B.PMC44444R7/YYZ/C",
    "OUT",
    ".AKE11111AC/LHR/B.PAP0039AC/OFF",
    "SI CHECKED BY J.DOE",
    "AC857/23.C-GITS.LHR",
    "-41L/AKE12345AC/LHR/600/B",
    "-41R/AKE12346R7/LHR/550/C",
    "-42L/AKE12347LH/LHR/120/CSU",
    "SI NIL",
  ].join("\n");
  await run(page, text);
  await expect(page.getByText(
    "Line 8: AC857/23.C-GITS.LHR starts another message (a CPM without its CPM line): it is " +
      "read apart from the SI text before it",
  )).toBeVisible();
  // counted by hand: AC owns AKE11111AC (in and out), PAP0039AC, AKE12345AC; R7 rents two; LH one
  await expect(summaryRow(page, "AC")).toHaveText(["1", "3", "0", "0", "4"]);
  await expect(summaryRow(page, "Rented")).toHaveText(["1", "1", "0", "0", "2"]);
  await expect(summaryRow(page, "Total")).toHaveText(["2", "5", "0", "0", "7"]);
  await expect(page.getByLabel("SI (supplementary information)")).toHaveValue(
    "1 UCM AC856: CHECKED BY J.DOE\n2 CPM AC857: NIL",
  );
  const ac = list(page, "AC ULD List");
  await expect(ac.getByRole("row", { name: /AKE12345AC/ })).toHaveText(/AKE12345AC.*B.*LHR.*2/);
  // the through ULD is no duplicate; /OFF is taken off, not the destination OFF
  await expect(ac.locator("tr.duplicate")).toHaveCount(0);
  const off = ac.getByRole("row", { name: /PAP0039AC/ }).getByRole("cell");
  await expect(off.nth(2)).toHaveText("");
  await expect(off.nth(3)).toHaveText("OFF");
  // catering: CSU as written, with its mark
  const csu = list(page, "Foreign ULD List").getByRole("row", { name: /AKE12347LH/ });
  await expect(csu.getByRole("cell").nth(1)).toHaveText("CSU");
  await expect(csu.getByText("LOAD-TYPE")).toBeVisible();
  // the Run + Copy text holds the CPM's ULDs too
  expect(await clipboard(page)).toContain("AKE12346R7");
  expect(await clipboard(page)).toContain("AKE12347LH");
});

test("on a phone, the lists follow Run + Copy and a link goes to them", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInUser(page, "EXT5");
  await page.goto("/apps/uld-extractor");
  await run(page, sample("ucm-01.txt"));
  await page.getByRole("link", { name: "Go to the ULD lists (11 ULDs)" }).click();
  await expect(page.getByRole("region", { name: "ULD lists" })).toBeFocused();
  await expect(page.getByRole("heading", { name: /PK ULD List/ })).toBeInViewport();
});
