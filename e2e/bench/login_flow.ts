// The sign-in flow of the browser bench at one CPU rate (issue 51): /login opened cold until a key
// typed into Employee code lands, the JavaScript it loaded by then (gzipped), and the Sign In
// click until Home shows. Timed in the page, by clocks that survive a page load (a form that
// posts), so the bench measures the same whichever way the form is built.

import { gzipSync } from "node:zlib";
import { expect, type Page, request, type Response } from "@playwright/test";
import { adminToken, USER_PASSWORD } from "../support.ts";
import { measure, type Phase, takeLongTasks } from "./station.ts";

declare global {
  var benchInputs: number[];
}

/**
 * Watches the page from its next load: the time of every input event (globalThis.benchInputs),
 * and in sessionStorage the time of a submit button's click (benchClick) and of the first frame
 * after it with the Applications heading (benchHome), both since 1970 in ms.
 */
export async function watchSignIn(page: Page): Promise<void> {
  await page.addInitScript(() => {
    globalThis.benchInputs = [];
    document.addEventListener("input", () => globalThis.benchInputs.push(performance.now()), true);
    const home = () => {
      try {
        if (sessionStorage.getItem("benchClick") === null) return;
        if (sessionStorage.getItem("benchHome") !== null) return;
        const seen = [...document.querySelectorAll("h1, h2, h3")].some((h) =>
          h.textContent?.trim() === "Applications"
        );
        if (seen) {
          sessionStorage.setItem("benchHome", String(performance.timeOrigin + performance.now()));
        } else requestAnimationFrame(home);
      } catch {
        // no storage here (about:blank)
      }
    };
    document.addEventListener("click", (e) => {
      if (!(e.target instanceof Element) || e.target.closest("button[type=submit]") === null) {
        return;
      }
      sessionStorage.setItem("benchClick", String(performance.timeOrigin + e.timeStamp));
      sessionStorage.removeItem("benchHome");
      requestAnimationFrame(home);
    }, true);
    requestAnimationFrame(home);
  });
}

/** /login opened cold: when a key landed (ms from navigation), its load's tasks and its JS. */
export interface ColdLogin {
  usable: number;
  longest: number;
  count: number;
  /** The JavaScript loaded before it was usable: files, and their gzipped bytes in all. */
  scripts: number;
  gzip: number;
}

/** A served script's request start (ms since 1970) and its gzipped size; null if not script. */
async function scriptOf(res: Response): Promise<{ start: number; gzip: number } | null> {
  if (!/javascript/.test(res.headers()["content-type"] ?? "")) return null;
  const body = await res.body().catch(() => null);
  return body === null
    ? null
    : { start: res.request().timing().startTime, gzip: gzipSync(body).length };
}

/** Opens /login in a fresh page and types a key into Employee code until it holds (three tries). */
export async function coldLogin(page: Page): Promise<ColdLogin> {
  const scripts: Promise<{ start: number; gzip: number } | null>[] = [];
  page.on("response", (res) => scripts.push(scriptOf(res)));
  await page.goto("/login", { waitUntil: "commit" });
  const field = page.getByLabel("Employee code");
  let usable = Number.NaN;
  for (let attempt = 0; attempt < 3 && Number.isNaN(usable); attempt++) {
    await field.press("7", { timeout: 60_000 });
    const held = await expect(field).toHaveValue(/7/, { timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (held) usable = await page.evaluate(() => globalThis.benchInputs.at(-1) ?? Number.NaN);
    else await field.fill("");
  }
  await page.waitForTimeout(300); // a task still running reports
  const tasks = await takeLongTasks(page);
  const origin = await page.evaluate(() => performance.timeOrigin);
  const loaded = (await Promise.all(scripts)).filter((s) =>
    s !== null && s.start <= origin + usable
  );
  return {
    usable,
    ...tasks,
    scripts: loaded.length,
    gzip: loaded.reduce((sum, s) => sum + s!.gzip, 0),
  };
}

/** Fills the form and times the Sign In click until Home shows, as the page clocked it. */
export async function signInToHome(page: Page, code: string): Promise<Phase> {
  await page.getByLabel("Employee code").fill(code);
  await page.getByLabel("Password").fill(USER_PASSWORD);
  return measure(page, async () => {
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible({
      timeout: 60_000,
    });
    const read = () =>
      page.evaluate(
        () => [sessionStorage.getItem("benchClick"), sessionStorage.getItem("benchHome")],
      );
    await expect.poll(async () => (await read())[1]).not.toBeNull();
    const [click, home] = await read();
    return Number(home) - Number(click);
  });
}

/** Makes a user with these apps and role through the API, its forced password change made, so
 * that it signs in with USER_PASSWORD straight to Home. */
export async function readyUser(
  baseURL: string | undefined,
  who: { code: string; apps: string[]; role: "user" | "super_admin" },
): Promise<void> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": "10.252.0.1" },
  });
  try {
    const made = await api.post("/api/users", {
      headers: { authorization: `Bearer ${await adminToken(api)}` },
      data: {
        employeeCode: who.code,
        firstName: "Station",
        lastName: "Agent",
        station: "CAI",
        role: who.role,
        accessibleApps: who.apps,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const oneTime = (await made.json()).data.oneTimePassword as string;
    const login = await api.post("/api/auth/login", {
      data: { employeeCode: who.code, password: oneTime },
    });
    const changed = await api.post("/api/users/change-password", {
      headers: { authorization: `Bearer ${(await login.json()).data.token}` },
      data: { employeeCode: who.code, currentPassword: oneTime, newPassword: USER_PASSWORD },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}
