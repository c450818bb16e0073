// The screenshot tool (issue 50: every screen looks the same before and after a restructuring).
// Not a test of npm test: screens.config.ts runs it, against the built app on the real API with a
// fresh KV, both clocks fixed at SCREENS_NOW and the same accounts each run (screens_data.ts). It
// writes one full-page PNG per screen into SCREENS_OUT (default /tmp/screens): English, light,
// 1280x900, and a selection also in Arabic (`.ar`), dark (`.dark`) and at 375 px (`.375`).
// compare_screens.mjs compares two such folders. A screen it could not reach is listed in
// SCREENS_OUT/missing.txt instead of failing the run, so that one changed label costs one screen.

import { appendFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { signIn, test as base, USER_PASSWORD } from "../support.ts";
import { SCREENS_NOW } from "./screens.config.ts";
import {
  ADMIN,
  CSV,
  EXTRACTOR_ONLY,
  FIRST_PASSWORD,
  flightPaste,
  makeData,
  NEW_USER,
  sample,
  setDisplay,
  SHOWN,
  STAFF,
  TWO_FACTOR,
} from "./screens_data.ts";

const OUT = process.env.SCREENS_OUT ?? "/tmp/screens";

/** The suite's test (an address per test) with the browser's clock fixed as the server's. */
const test = base.extend({
  page: async ({ page }, use) => {
    await page.clock.setFixedTime(SCREENS_NOW);
    await use(page);
  },
});

// in file order on one worker, but not serial: a test that fails does not skip the screens after it
test.describe.configure({ mode: "default" });

/** Waits for no loading line and no busy list. */
async function loaded(page: Page): Promise<void> {
  await expect(page.locator(".loading")).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 10_000 });
}

/** Waits for the screen to be still: no request under way, nothing loading, fonts in. */
async function settle(page: Page): Promise<void> {
  // the converter keeps a request open: it is taken after 3 s all the same
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
  await loaded(page);
  await page.evaluate("document.fonts.ready");
}

/** How a screen is taken: parts painted over (what no run can fix), and whether the whole page
 * or the window (dialogs: a fixed layer over a page as tall as the window) is taken. */
interface ShotOptions {
  mask?: Locator[];
  window?: boolean;
}

/** Takes one screenshot once two in a row, 300 ms apart, are the same (as toHaveScreenshot
 * does): a list still loading or a dialog still opening is not taken half-way. */
async function shot(page: Page, name: string, options: ShotOptions = {}): Promise<void> {
  const take = () =>
    page.screenshot({
      fullPage: !options.window,
      animations: "disabled",
      caret: "hide",
      mask: options.mask ?? [],
      maskColor: "#ff00ff",
    });
  await settle(page);
  let last = await take();
  for (let tries = 0; tries < 20; tries++) {
    await page.waitForTimeout(300);
    await loaded(page);
    const next = await take();
    if (next.equals(last)) {
      writeFileSync(`${OUT}/${name}.png`, next);
      return;
    }
    last = next;
  }
  throw new Error(`${name} kept changing for 6 s`);
}

/** Runs one screen's steps; a screen that cannot be reached is noted, and the run goes on. */
async function screen(name: string, steps: () => Promise<void>): Promise<void> {
  try {
    await steps();
  } catch (e) {
    const why = String(e instanceof Error ? e.message : e).split("\n")[0];
    appendFileSync(`${OUT}/missing.txt`, `${name}: ${why}\n`);
    console.log(`missing ${name}: ${why}`);
  }
}

/** Signs in through the page and waits for the home screen. */
async function signInAs(page: Page, code: string, password = USER_PASSWORD): Promise<void> {
  await signIn(page, code, password);
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
}

/** Opens a path and takes its screen. */
async function visit(page: Page, name: string, path: string): Promise<void> {
  await screen(name, async () => {
    await page.goto(path);
    await shot(page, name);
  });
}

test("the data", async ({ request }) => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  await makeData(request);
});

test("signed out: sign-in, its request panels, the forced password change", async ({ page }) => {
  await visit(page, "login", "/login");
  for (const [i, kind] of ["reset", "activation", "registration"].entries()) {
    await screen(`login-${kind}`, async () => {
      await page.goto("/login");
      await page.locator(".panel-tabs button").nth(i).click();
      await expect(page.locator("form.request")).toBeVisible();
      await shot(page, `login-${kind}`);
    });
  }
  await screen("login-wrong-password", async () => {
    await signIn(page, "NOSUCH", "not-the-password");
    await expect(page.getByText("Invalid employee code or password")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
    await shot(page, "login-wrong-password");
  });
  for (
    const [suffix, display] of [["ar", { language: "ar", theme: "light" }], ["dark", {
      language: "en",
      theme: "dark",
    }]] as const
  ) {
    await screen(`login.${suffix}`, async () => {
      await page.goto("/login");
      await page.evaluate(
        (kept) => localStorage.setItem("portal.display", kept),
        JSON.stringify({ state: { ...display, notifications: true }, version: 1 }),
      );
      await page.reload();
      await shot(page, `login.${suffix}`);
      await page.evaluate(() => localStorage.removeItem("portal.display"));
    });
  }
  await screen("login.375", async () => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto("/login");
    await shot(page, "login.375");
    await page.setViewportSize({ width: 1280, height: 900 });
  });
  await screen("password-change-required", async () => {
    await signIn(page, NEW_USER, FIRST_PASSWORD);
    await expect(page).toHaveURL(/\/password-change-required$/);
    await shot(page, "password-change-required");
  });
});

test("staff: home, profile, converter, flight check, database, history, extractor", async ({ page }) => {
  await signInAs(page, STAFF);
  await visit(page, "home", "/home");
  await visit(page, "profile", "/profile");
  await visit(page, "converter", "/apps/ffm-to-uws");
  const ffm = page.getByLabel("Enter FFM input");
  const convert = page.getByRole("button", { name: "Convert & Copy" });
  await screen("converter-no-input", async () => {
    await convert.click();
    await expect(page.getByText("Please enter FFM input first.")).toBeVisible();
    await shot(page, "converter-no-input");
  });
  for (
    const [name, file] of [["converter-result", "ffm-03.txt"], ["converter-warnings", "ffm-02.txt"]]
  ) {
    await screen(name, async () => {
      await page.getByRole("button", { name: "Clear all" }).click();
      await ffm.fill(sample(file));
      await convert.click();
      await expect(page.getByLabel("UWS output")).not.toHaveValue("");
      await shot(page, name);
    });
  }
  await screen("converter-history", async () => {
    await page.getByRole("tab", { name: "History" }).click();
    await shot(page, "converter-history");
  });
  await screen("flight-check", async () => {
    await page.getByRole("tab", { name: "Flight check" }).click();
    await expect(page.getByLabel("Flight messages")).toBeVisible();
    await shot(page, "flight-check");
  });
  await screen("flight-check-result", async () => {
    await page.getByLabel("Flight messages").fill(flightPaste());
    await page.getByRole("button", { name: "Check flight" }).click();
    await expect(page.getByRole("list", { name: "Findings" })).toBeVisible();
    await shot(page, "flight-check-result");
  });
  await screen("database", async () => {
    await page.getByRole("tab", { name: "Database operations" }).click();
    await expect(page.getByLabel("Search ULDs")).toBeVisible();
    await shot(page, "database");
  });
  await visit(page, "extractor", "/apps/uld-extractor");
  await screen("extractor-settings", async () => {
    await page.getByRole("tab", { name: "Settings" }).click();
    await shot(page, "extractor-settings");
    await page.getByRole("tab", { name: "ULD Extractor" }).click();
  });
  for (
    const [name, text] of [["extractor-ucm", sample("ucm-01.txt")], [
      "extractor-flight",
      [sample("cpm-01.txt"), sample("ucm-01.txt"), sample("scm-01.txt")].join("\n"),
    ]]
  ) {
    await screen(name, async () => {
      await page.getByRole("button", { name: "Clear" }).click();
      await page.getByLabel("UCM, CPM or SCM message").fill(text);
      await page.getByRole("button", { name: "Run + Copy" }).click();
      await expect(page.getByRole("table", { name: "ULD Type Summary" })).toBeVisible();
      await shot(page, name);
    });
  }
  await visit(page, "access-denied", "/apps/admin-apps");
  const confirm = page.getByRole("dialog", { name: "Confirm it is you" });
  await screen("profile-confirm-password", async () => {
    await page.goto("/profile");
    await page.getByRole("button", { name: "Set up authenticator app" }).click();
    await expect(confirm).toBeVisible();
    await shot(page, "profile-confirm-password", { window: true });
  });
  await screen("profile-totp-setup", async () => {
    await confirm.getByLabel("Your password").fill(USER_PASSWORD);
    await confirm.getByRole("button", { name: "Continue" }).click();
    const qr = page.getByRole("img", { name: "QR code for your authenticator app" });
    await expect(qr).toBeVisible();
    // the key is new each time: its QR code and its text are masked
    await shot(page, "profile-totp-setup", {
      mask: [qr, page.locator(".tf-secret")],
      window: true,
    });
  });
});

test("a user without the converter", async ({ page }) => {
  await signInAs(page, EXTRACTOR_ONLY);
  await visit(page, "access-denied-app", "/apps/ffm-to-uws");
});

test("two-factor sign-in: the code step and the recovery code step", async ({ page }) => {
  await screen("login-second-step", async () => {
    await signIn(page, TWO_FACTOR, USER_PASSWORD);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    await shot(page, "login-second-step");
  });
  await screen("login-recovery-code", async () => {
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await expect(page.getByLabel("Recovery code")).toBeVisible();
    await shot(page, "login-recovery-code");
  });
});

const ADMIN_SCREENS: [string, string][] = [
  ["admin-dashboard", "/apps/admin-apps"],
  ["admin-users", "/apps/admin-apps/users"],
  ["admin-user", `/apps/admin-apps/users/${SHOWN}`],
  ["admin-user-not-found", "/apps/admin-apps/users/NOSUCH"],
  ["admin-create-user", "/apps/admin-apps/users/create"],
  ["admin-activation-requests", "/apps/admin-apps/users/activation-requests"],
  ["admin-password-reset-requests", "/apps/admin-apps/users/password-reset-requests"],
  ["admin-registration-requests", "/apps/admin-apps/users/registration-requests"],
  ["admin-expiring", "/apps/admin-apps/users/expiring"],
  ["admin-audit", "/apps/admin-apps/audit"],
  ["admin-settings", "/apps/admin-apps/settings"],
  ["admin-csv", "/apps/admin-apps/csv-import"],
  ["admin-memory", "/apps/admin-apps/ai-memory"],
];

test("admin: dashboard, users, a user, queues, audit, settings, CSV, memory, dialogs", async ({ page }) => {
  await signInAs(page, ADMIN);
  for (const [name, path] of ADMIN_SCREENS) await visit(page, name, path);
  await screen("admin-csv-results", async () => {
    await page.goto("/apps/admin-apps/csv-import");
    await page.getByLabel("Or paste CSV content").fill(CSV);
    await page.getByRole("button", { name: "Import Users" }).click();
    await expect(page.getByRole("heading", { name: "Results" })).toBeVisible();
    await shot(page, "admin-csv-results");
  });
  await screen("admin-csv-template", async () => {
    await page.goto("/apps/admin-apps/csv-import");
    await page.getByRole("button", { name: "Show Template" }).click();
    await shot(page, "admin-csv-template");
  });
  await screen("admin-user-edit", async () => {
    await page.goto(`/apps/admin-apps/users/${SHOWN}`);
    await page.getByRole("button", { name: /^Edit/ }).first().click();
    await shot(page, "admin-user-edit");
  });
  await screen("admin-user-assign-apps", async () => {
    await page.goto(`/apps/admin-apps/users/${SHOWN}`);
    await page.getByRole("button", { name: "Assign Apps" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await shot(page, "admin-user-assign-apps", { window: true });
  });
  await screen("admin-user-delete-dialog", async () => {
    await page.goto(`/apps/admin-apps/users/${SHOWN}`);
    await page.getByRole("button", { name: /^Delete/ }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await shot(page, "admin-user-delete-dialog", { window: true });
  });
  await screen("admin-users-actions-menu", async () => {
    await page.goto("/apps/admin-apps/users");
    await page.getByRole("button", { name: `Actions for ${SHOWN}` }).or(
      page.getByRole("button", { name: /^Actions for .*Ahmed Samir/ }),
    ).first().click();
    await shot(page, "admin-users-actions-menu");
  });
});

/** The selection shown in Arabic, in dark and at 375 px. */
const SELECTION: [string, string][] = [
  ["home", "/home"],
  ["converter", "/apps/ffm-to-uws"],
  ["admin-users", "/apps/admin-apps/users"],
  ["admin-user", `/apps/admin-apps/users/${SHOWN}`],
  ["admin-settings", "/apps/admin-apps/settings"],
];

test("the selection in Arabic, in dark and at 375 px", async ({ page, request }) => {
  await signInAs(page, ADMIN);
  const looks = [
    ["ar", { language: "ar", theme: "light" }],
    ["dark", { language: "en", theme: "dark" }],
    ["375", { language: "en", theme: "light" }],
  ] as const;
  for (const [suffix, display] of looks) {
    await setDisplay(request, ADMIN, display);
    if (suffix === "375") await page.setViewportSize({ width: 375, height: 900 });
    for (const [name, path] of SELECTION) await visit(page, `${name}.${suffix}`, path);
  }
  await setDisplay(request, ADMIN, { language: "en", theme: "light" });
});
