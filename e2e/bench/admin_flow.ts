// The admin flows of the browser bench at one CPU rate (issue 51): the user list of a large store
// opened, paged and searched, and the audit log opened and paged. Each phase is waited for in the
// page, a frame at a time (a locator's polling would itself run on the main thread and take the
// long tasks being measured); an opening is timed from the navigation's start.

import type { Page } from "@playwright/test";
import { measure, type Phase } from "./station.ts";

declare global {
  var benchUntil: (ready: () => boolean) => Promise<number>;
}

/** Gives the page's next loads globalThis.benchUntil: the time (performance.now()) of the first
 * frame at which `ready` holds. */
export async function frameClock(page: Page): Promise<void> {
  await page.addInitScript(() => {
    globalThis.benchUntil = (ready) =>
      new Promise((done) => {
        const check = () => (ready() ? done(performance.now()) : requestAnimationFrame(check));
        check();
      });
  });
}

/** The user list's table, and the audit log's. */
const USERS = "table[aria-label=Users]";
const AUDIT = "[aria-label='Audit entries'] table";

/** Opens a route with a page load and returns the time from the navigation's start until the
 * `table` shows rows, not busy. */
async function open(page: Page, path: string, table: string): Promise<number> {
  await page.goto(path, { waitUntil: "commit" });
  return page.evaluate((table) =>
    globalThis.benchUntil(() => {
      const t = document.querySelector(table);
      return t !== null && t.getAttribute("aria-busy") !== "true" &&
        t.querySelectorAll("tbody tr").length > 0;
    }), table);
}

/** Clicks a list's Next button (in `nav`) and returns the time until another first row shows,
 * not busy, under `pageText`. */
function next(page: Page, nav: string, table: string, pageText: string): Promise<number> {
  return page.evaluate(async ({ nav, table, pageText }) => {
    const start = performance.now();
    const first = () => document.querySelector(`${table} tbody tr`)?.textContent ?? "";
    const before = first();
    [...document.querySelectorAll(`${nav} button`)].find((b) => b.textContent === "Next")!
      .dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const shown = await globalThis.benchUntil(() =>
      (document.querySelector(nav)?.textContent ?? "").includes(pageText) &&
      document.querySelector(table)?.getAttribute("aria-busy") !== "true" &&
      first() !== before && first() !== ""
    );
    return shown - start;
  }, { nav, table, pageText });
}

/** The term searched for in the user list: a family name many loaded users have. */
export const SEARCHED = "hassan";

/** Puts SEARCHED in the search box (as a paste) and returns the time until the list shows what it
 * found, its count changed and not busy: the box's wait for more keys included. */
function search(page: Page): Promise<number> {
  return page.evaluate(async ({ term, table }) => {
    const box = document.querySelector<HTMLInputElement>("input[placeholder^='Search by code']")!;
    const subtitle = () => document.querySelector(".header .subtitle")?.textContent ?? "";
    const before = subtitle();
    const start = performance.now();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(box, term);
    box.dispatchEvent(new Event("input", { bubbles: true }));
    const shown = await globalThis.benchUntil(() =>
      subtitle() !== before &&
      document.querySelector(table)?.getAttribute("aria-busy") !== "true"
    );
    return shown - start;
  }, { term: SEARCHED, table: USERS });
}

/** The user list's phases (opened, its next page, a search) and what it said of its size. */
export async function userListPhases(
  page: Page,
): Promise<{ phases: Map<string, Phase>; size: string }> {
  const phases = new Map<string, Phase>();
  phases.set(
    "user list opened (a page load)",
    await measure(page, () => open(page, "/apps/admin-apps/users", USERS)),
  );
  const size = await page.locator(".header .subtitle").first().textContent() ?? "";
  phases.set(
    "user list: next page",
    await measure(page, () => next(page, "nav.pagination", USERS, "Page 2 of")),
  );
  phases.set(`user list: search '${SEARCHED}'`, await measure(page, () => search(page)));
  return { phases, size };
}

/** The audit log's phases: opened, its next page. */
export async function auditPhases(page: Page): Promise<Map<string, Phase>> {
  const phases = new Map<string, Phase>();
  phases.set(
    "audit log opened (a page load)",
    await measure(page, () => open(page, "/apps/admin-apps/audit", AUDIT)),
  );
  phases.set(
    "audit log: next page",
    await measure(page, () => next(page, "nav.pager", AUDIT, "Page 2")),
  );
  return phases;
}
