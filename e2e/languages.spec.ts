// The portal in English and in Arabic, light and dark (issue 28): the main flows (sign-in,
// converter, extractor, user list, user detail, CSV import) in each language and theme, with axe
// finding nothing serious or critical; in Arabic the document runs right to left, no English word
// is left outside the cargo texts and codes, and the cargo message boxes stay left to right. The
// texts the test looks for are read from the catalogues, so a translation can change freely.

import { readdirSync, readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { audit, test, USER_PASSWORD, userWithApps } from "./support.ts";

test.describe.configure({ mode: "serial" });

const WEB_SRC = new URL("../web/src/", import.meta.url);

type Language = "en" | "ar";

/** The folder of an area's catalogues: its feature's (features/<feature>/locales/) or, for an
 * area several features share, i18n/locales/. */
function localesOf(area: string): URL {
  const english = readdirSync(WEB_SRC, { recursive: true, encoding: "utf8" })
    .map((f) => `/${f.replaceAll("\\", "/")}`)
    .filter((f) => f.endsWith(`/locales/en/${area}.json`));
  if (english.length !== 1) throw new Error(`${area}: ${english.length} English catalogues`);
  return new URL(`.${english[0].slice(0, -`en/${area}.json`.length)}`, WEB_SRC);
}

/** The text of a language for an English text of an area's catalogue. */
function tr(language: Language, area: string, english: string): string {
  const locales = localesOf(area);
  const read = (l: string) =>
    JSON.parse(readFileSync(new URL(`${l}/${area}.json`, locales), "utf8")) as Record<
      string,
      string
    >;
  const key = Object.entries(read("en")).find(([, text]) => text === english)?.[0];
  if (key === undefined) throw new Error(`${area} has no "${english}"`);
  return read(language)[key];
}

/** The English words a reader of the page sees or hears outside cargo texts, codes and data
 * (left-to-right boxes, <bdi>, <code>): words with a lower-case letter, three letters or more. */
function englishWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SKIP = '[dir="ltr"], bdi, code, pre, textarea, script, style, [aria-hidden="true"]';
    // isolated runs (codes, names, zones in a sentence) and addresses are data
    const words = (text: string | null) =>
      (text ?? "").replace(/[\u2066-\u2068][^\u2069]*\u2069/g, "")
        .replace(/https?:\/\/\S+/g, "")
        .match(/[A-Za-z]*[a-z][A-Za-z]*/g)?.filter((w) => w.length >= 3) ?? [];
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest(SKIP) || !el.checkVisibility()) continue;
      out.push(...words(n.textContent));
    }
    for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
      // a message box's hint is read (the CSV box's is the format's English header row: data)
      if (el.closest(SKIP) && !el.matches("textarea:not(.csv-text)")) continue;
      for (const name of ["aria-label", "title", "placeholder"]) {
        out.push(...words(el.getAttribute(name)));
      }
    }
    return out;
  });
}

/** The checks of a screen: axe, and in Arabic the direction and the words. */
async function check(page: Page, language: Language, where: string) {
  await audit(page, where);
  const root = page.locator("html");
  await expect(root).toHaveAttribute("lang", language);
  await expect(root).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
  if (language === "ar") {
    expect((await englishWords(page)).filter((w) => !DATA_WORDS.has(w)), where).toEqual([]);
  }
}

/** Words that are not the portal's texts: the test's data (its users' names, the first super
 * admin's, the spec's default job title Employee) and the keys of the keyboard shortcuts, whose caps read Ctrl and Enter on Arabic
 * keyboards too. */
const DATA_WORDS = new Set([
  "Station",
  "Agent",
  "System",
  "Administrator",
  "Employee",
  "Nour",
  "Adel",
  "Ctrl",
  "Enter",
]);

/** Whether a box's text runs left to right whatever the page's direction. */
async function expectLeftToRight(page: Page, label: string) {
  const direction = await page.getByLabel(label, { exact: true }).first().evaluate((el) =>
    getComputedStyle(el).direction
  );
  expect(direction, label).toBe("ltr");
}

const FFM = "FFM/8\n1/MS985/22MAR/CAI\nJFK\nULD/AKE12345MS\n" +
  "077-12345675CAIJFK/T2K100/BATTERIES\nLAST";
const UCM = "UCM\nMS985/22MAR.SUGBA.CAI\nIN\n.AKE12345MS/JFK\nOUT\n.PMC54321MS/JFK\nSI";
const CSV = "Employee Code,Full Name,Email,Station\nLGCSV1,Nour Adel,nour.adel@example.com,CAI\n";

for (const language of ["en", "ar"] as const) {
  for (const theme of ["light", "dark"] as const) {
    test(`the main flows in ${language}, ${theme}`, async ({ page }) => {
      test.setTimeout(180_000);
      const code = `LG${language.toUpperCase()}${theme === "dark" ? "D" : "L"}`;
      await userWithApps(page, code, ["ffm-to-uws", "uld-extractor"], "super_admin");
      // the account's preferences, saved as the profile saves them, and the device's
      const saved = await page.request.put("/api/auth/preferences", {
        data: { language, theme },
      });
      expect(saved.status()).toBe(200);
      await page.addInitScript((kept) => {
        localStorage.setItem("portal.display", JSON.stringify({ state: kept, version: 1 }));
      }, { language, theme, notifications: true });
      const t = (area: string, english: string) => tr(language, area, english);

      await page.goto("/apps/ffm-to-uws");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await page.getByLabel(t("conv_page", "Enter FFM input"), { exact: true }).fill(FFM);
      await page.getByRole("button", { name: t("conv_page", "Convert & Copy") }).click();
      await expect(page.getByLabel(t("conv_page", "UWS output"), { exact: true }))
        .toHaveValue(/\nUWS\nMS985\//);
      await expectLeftToRight(page, t("conv_page", "Enter FFM input"));
      await check(page, language, `converter ${language} ${theme}`);

      await page.goto("/apps/uld-extractor");
      const input = page.getByLabel(t("ext_page", "UCM, CPM or SCM message"), { exact: true });
      await input.fill(UCM);
      await page.getByRole("button", { name: t("ext_page", "Run + Copy") }).click();
      await expect(page.getByText("PMC54321MS").first()).toBeVisible();
      expect(await input.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
      await check(page, language, `extractor ${language} ${theme}`);

      // the test's own user: other suites' users carry English names, which are data
      await page.goto(`/apps/admin-apps/users?q=${code}`);
      await expect(page.getByRole("table").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await check(page, language, `user list ${language} ${theme}`);

      await page.goto(`/apps/admin-apps/users/${code}`);
      await expect(page.getByRole("heading", { name: t("udetail_page", "User Details") }))
        .toBeVisible();
      await page.waitForLoadState("networkidle");
      await check(page, language, `user detail ${language} ${theme}`);

      await page.goto("/apps/admin-apps/csv-import");
      await page.getByLabel(t("tools_csv", "Or paste CSV content")).fill(
        CSV.replace("LGCSV1", `${code}C`),
      );
      await expect(page.getByText(`${code}C`).first()).toBeVisible();
      await check(page, language, `CSV import ${language} ${theme}`);

      // the sign-in page in the device's language and theme, with its errors showing
      await page.context().clearCookies();
      await page.goto("/login");
      await page.getByRole("button", { name: t("shell_login", "Sign In") }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      await check(page, language, `sign-in ${language} ${theme}`);
    });
  }
}

test("the sign-in page's switch picks the language, which the account then keeps", async ({ page }) => {
  await userWithApps(page, "LGSWITCH", ["ffm-to-uws"]);
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Language").selectOption("ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("button", { name: tr("ar", "shell_login", "Sign In") }))
    .toBeVisible();
  await page.getByLabel(tr("ar", "shell_login", "Employee code")).fill("LGSWITCH");
  await page.getByLabel(tr("ar", "shell_login", "Password"), { exact: true }).fill(USER_PASSWORD);
  await page.getByRole("button", { name: tr("ar", "shell_login", "Sign In") }).click();
  await expect(page.getByRole("heading", { name: tr("ar", "shell_home", "Applications") }))
    .toBeVisible();
  // the account took the language picked on the sign-in page
  await expect.poll(async () =>
    (await (await page.request.get("/api/auth/me")).json()).data.user.preferences.language
  ).toBe("ar");
  // the profile switches back at once, and the account keeps it
  await page.goto("/profile");
  await page.getByLabel(tr("ar", "prefs", "Language"), { exact: true }).selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("status").filter({ hasText: "Preferences saved" })).toBeVisible();
  await page.getByLabel("Dark").check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const me = (await (await page.request.get("/api/auth/me")).json()).data.user;
  expect(me.preferences).toMatchObject({ language: "en", theme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
