// `npm run bench`, flight check part (issue 25): a generated flight of 60 ULDs with a 200-item
// NOTOC, its FFM, CPM and UCM, checked in the app's engine worker (PASS or FAIL against 20 ms)
// and through the converter's Flight check tab (its main-thread tasks against 50 ms).

import { expect, type Page, test } from "@playwright/test";
import { generateFlight } from "../engine/flight/generated_flight.ts";
import { FLIGHT_WARM_UP_RUNS } from "../web/src/features/flight_check/flight_warm_up.ts";
import { userWithApps } from "./support.ts";
import { type EngineCall, engineTimes } from "./worker_timing.ts";

declare global {
  var longTasks: number[];
}

/** The flight check as the tab calls it in its worker, after the tab's warm-up
 * (features/flight_check/flight_warm_up.ts). */
const checkCall = (paste: string): EngineCall => ({
  path: "checkFlight",
  args: [paste, {}],
  warmUp: { path: "warmUpFlightCheck", runs: FLIGHT_WARM_UP_RUNS },
  right: (answer) => answer.ok === true && answer.findings?.length === 0,
  failure: "the generated flight did not check clean",
});

/** A phase in the tab: its time, and the main-thread tasks over 50 ms while it ran. */
interface Phase {
  ms: number;
  tasks: number[];
}

async function phase(page: Page, run: () => Promise<number>): Promise<Phase> {
  await page.waitForTimeout(300); // the tasks of what came before have reported
  await page.evaluate(() => (globalThis.longTasks = []));
  const ms = await run();
  await page.waitForTimeout(300); // let a task still running report
  return { ms, tasks: await page.evaluate(() => globalThis.longTasks) };
}

/** Empties the box, then pastes the flight with Ctrl+V as a user does, until it is in the box. */
async function paste(page: Page, text: string): Promise<Phase> {
  const box = page.getByLabel("Flight messages");
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  return phase(page, async () => {
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await box.focus();
    const start = Date.now();
    await page.keyboard.press("Control+V");
    // a paste of this size is edited through a window of lines: its line count shows when it is in
    const lines = text.split("\n").length.toLocaleString("en");
    await expect(page.getByText(`Large message: ${lines} lines`)).toBeVisible();
    return Date.now() - start;
  });
}

/** Presses Check flight and returns the time until this paste's table shows. */
function checkInPage(page: Page): Promise<Phase> {
  return phase(page, () =>
    page.evaluate(async () => {
      const start = performance.now();
      const button = [...document.querySelectorAll("button")].find((b) =>
        b.textContent === "Check flight"
      )!;
      button.click();
      await new Promise<void>((done) => {
        const check = () => {
          const rows = document.querySelectorAll(".flight-table tbody tr").length;
          // a result made from this paste: the one before it is marked out of date
          if (rows === 60 && document.querySelector(".flight-result.stale") === null) done();
          else requestAnimationFrame(check);
        };
        check();
      });
      return performance.now() - start;
    }));
}

test("a flight of 60 ULDs with a 200-item NOTOC through the worker and the tab", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    globalThis.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) globalThis.longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  await userWithApps(page, "BENCH3", ["ffm-to-uws"]);
  await page.goto("/apps/ffm-to-uws");
  await page.getByRole("tab", { name: "Flight check" }).click();
  const flight = generateFlight();
  const phases = [await paste(page, flight.paste), await checkInPage(page)];
  // the app's engine worker script: the converter page has started it by now
  const workerUrl = page.workers().map((w) => w.url()).find((u) => /worker/.test(u));
  if (workerUrl === undefined) throw new Error("the engine worker is not running");
  await expect(page.getByText("No findings: the messages tell the same story.")).toBeVisible();
  phases.push(await paste(page, `${flight.paste}\n`), await checkInPage(page));
  const worst = Math.max(0, ...phases.flatMap((p) => p.tasks));

  const { first, cold, warm, median } = await engineTimes(
    page,
    workerUrl,
    checkCall(flight.paste),
    13,
  );
  const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");
  console.log(
    `\nFlight check (Chromium): ${(flight.paste.length / 1024).toFixed(0)} KB, 60 ULDs, a NOTOC ` +
      `of 200 items, FFM, CPM and UCM`,
  );
  console.log(
    `check in the worker (post to answer, both copies): first run in a fresh worker ` +
      `${first.toFixed(1)} ms after the tab's warm-up (${cold.toFixed(1)} ms without it; medians ` +
      `of 5), median of ${warm.length} more ${median.toFixed(1)} ms, best ` +
      `${warm[0].toFixed(1)} ms (bar: under 20 ms) first ${pass(first < 20)}, median ${
        pass(median < 20)
      }`,
  );
  console.log(
    `in the tab: paste ${phases[0].ms.toFixed(0)} ms, check to the table shown ` +
      `${phases[1].ms.toFixed(0)} ms; again ${phases[2].ms.toFixed(0)} and ` +
      `${phases[3].ms.toFixed(0)} ms; longest main-thread task ${
        phases.map((p) => Math.max(0, ...p.tasks).toFixed(0)).join(", ")
      }: ${worst === 0 ? "none over 50" : worst.toFixed(0)} ms (bar: none over 50 ms) ${
        pass(worst <= 50)
      }`,
  );
});
