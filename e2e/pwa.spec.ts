// The installable app updates as a deployment expects: the portal is loaded under its service
// worker, the app is built again with a changed chunk, a reload finds the new worker, the update
// prompt appears while the old version keeps running, the new version runs after the user's
// choice, and it works offline afterwards. The second build goes into web/dist, which is put back
// as it was afterwards so the other specs see the suite's build.

import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { convertFfm } from "../engine/ffm/convert.ts";
import { SAMPLES, test, userWithApps } from "./support.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const DIST = join(ROOT, "web/dist");
let backup: string | null = null;

test.afterAll(() => {
  if (backup === null) return;
  rmSync(DIST, { recursive: true, force: true });
  cpSync(backup, DIST, { recursive: true });
  rmSync(backup, { recursive: true, force: true });
});

/** Builds the web app again into web/dist, named `build` in the footer (a changed main chunk). */
function buildAgain(build: string) {
  backup = mkdtempSync(join(tmpdir(), "portal-dist-"));
  cpSync(DIST, backup, { recursive: true });
  execFileSync(join(ROOT, "node_modules/.bin/vite"), ["build", "--config", "web/vite.config.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORTAL_BUILD: build },
    stdio: "pipe",
  });
}

test("a new build is offered, runs after the user's choice, and works offline", async ({ page, context }) => {
  test.setTimeout(90_000);
  await userWithApps(page, "PWA1", ["ffm-to-uws"]);
  const build = page.locator("[data-build]");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(build).toHaveAttribute("data-build", "");

  buildAgain("pwa-b");
  await page.reload();
  const prompt = page.getByRole("status").filter({
    hasText: "A new version of the portal is ready.",
  });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  // until the user chooses, the version that was running stays
  await expect(build).toHaveAttribute("data-build", "");

  await prompt.getByRole("button", { name: "Reload" }).click();
  await expect(build).toHaveAttribute("data-build", "pwa-b", { timeout: 15_000 });
  await expect(page.getByText("Version 2.0.0 (pwa-b)")).toBeVisible();
  await expect(prompt).toHaveCount(0);

  // offline: the new version's files are all precached, screens never opened included
  await context.setOffline(true);
  await page.reload();
  await expect(build).toHaveAttribute("data-build", "pwa-b");
  await page.getByRole("link", { name: /FFM TO UWS/ }).click();
  const ffm = readFileSync(new URL("ffm-01.txt", SAMPLES), "utf8");
  await page.getByLabel("Enter FFM input").fill(ffm);
  await page.getByRole("button", { name: "Convert & Copy" }).click();
  await expect(page.getByLabel("UWS output")).toHaveValue(convertFfm(ffm).uwsOutput);
  await context.setOffline(false);
});
