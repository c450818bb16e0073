// `npm run bench`, flight check part (issue 25): a generated flight of 60 ULDs with a 200-item
// NOTOC, its FFM, CPM and UCM, checked in the app's engine worker (PASS or FAIL against 20 ms)
// and through the converter's Flight check tab (its main-thread tasks against the task bars), on
// the station-PC profile (issue 51, bench/station.ts): at 1x and at 4x CPU, in fresh profiles.

import { expect, type Page, test } from "@playwright/test";
import { generateFlight } from "../engine/flight/generated_flight.ts";
import { FLIGHT_WARM_UP_RUNS } from "../web/src/features/flight_check/flight_warm_up.ts";
import {
  measure,
  type Phase,
  phaseTable,
  printTable,
  type Rate,
  RATES,
  stationPage,
} from "./bench/station.ts";
import { userWithApps } from "./support.ts";
import { type EngineCall, engineRows, type EngineTimes, engineTimes } from "./worker_timing.ts";

/** The flight check as the tab calls it in its worker, after the tab's warm-up
 * (features/flight_check/flight_warm_up.ts). */
const checkCall = (paste: string): EngineCall => ({
  path: "checkFlight",
  args: [paste, {}],
  warmUp: { path: "warmUpFlightCheck", runs: FLIGHT_WARM_UP_RUNS },
  right: (answer) => answer.ok === true && answer.findings?.length === 0,
  failure: "the generated flight did not check clean",
});

/** Empties the box, then pastes the flight with Ctrl+V as a user does, until it is in the box. */
async function pasteFlight(page: Page, text: string): Promise<Phase> {
  const box = page.getByLabel("Flight messages");
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await box.focus();
  return measure(page, async () => {
    const start = Date.now();
    await page.keyboard.press("Control+V");
    // a paste of this size is edited through a window of lines: its line count shows when it is in
    const lines = text.split("\n").length.toLocaleString("en");
    await expect(page.getByText(`Large message: ${lines} lines`)).toBeVisible({ timeout: 60_000 });
    return Date.now() - start;
  });
}

/** Presses Check flight and returns the time until this paste's table shows. */
function checkInPage(page: Page): Promise<Phase> {
  return measure(page, () =>
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

/** The tab's phases at one rate, and the check timed in fresh workers. */
async function flightRun(page: Page, paste: string) {
  await page.goto("/apps/ffm-to-uws");
  await page.getByRole("tab", { name: "Flight check" }).click();
  const phases = new Map<string, Phase>();
  phases.set("paste the flight", await pasteFlight(page, paste));
  phases.set("check to the table shown", await checkInPage(page));
  // the app's engine worker script: the converter page has started it by now
  const workerUrl = page.workers().map((w) => w.url()).find((u) => /worker/.test(u));
  if (workerUrl === undefined) throw new Error("the engine worker is not running");
  await expect(page.getByText("No findings: the messages tell the same story.")).toBeVisible();
  phases.set("paste it again", await pasteFlight(page, `${paste}\n`));
  phases.set("check again", await checkInPage(page));
  return { phases, times: await engineTimes(page, workerUrl, checkCall(paste), 13) };
}

test("a flight of 60 ULDs with a 200-item NOTOC through the worker and the tab at 1x and 4x CPU", async ({ browser, baseURL }) => {
  const flight = generateFlight();
  const phases: Partial<Record<Rate, Map<string, Phase>>> = {};
  const times: Partial<Record<Rate, EngineTimes>> = {};
  for (const rate of RATES) {
    const { context, page } = await stationPage(browser, baseURL, rate);
    try {
      await userWithApps(page, `BENCH3X${rate}`, ["ffm-to-uws"]);
      ({ phases: phases[rate], times: times[rate] } = await flightRun(page, flight.paste));
    } finally {
      await context.close();
    }
  }
  printTable(
    `Flight check (Chromium): ${(flight.paste.length / 1024).toFixed(0)} KB, 60 ULDs, a NOTOC ` +
      `of 200 items, FFM, CPM and UCM; the check timed in a fresh worker (post to answer, both ` +
      `copies; first runs: medians of 5 workers)`,
    [
      ...phaseTable("in the tab", phases),
      ...engineRows(times, 20, { digits: 1, secondBar: false }),
    ],
  );
});
