// The extractor's flow of the browser bench at one CPU rate: a generated day of traffic pasted and
// run twice, a list scrolled by keyboard, one message put in view and all again; and the engine
// call the page makes, for timing in a fresh worker.

import { expect, type Page } from "@playwright/test";
import { WARM_UP_RUNS } from "../../web/src/features/extractor/warm_up.ts";
import type { EngineCall } from "../worker_timing.ts";
import { measurePaste } from "./converter_flow.ts";
import { measure, type Phase } from "./station.ts";

/** The extractor as the page calls it in its worker, after the page's warm-up
 * (features/extractor/warm_up.ts). */
export const extractCall = (traffic: string): EngineCall => ({
  path: "extractUldTable",
  args: [traffic, {}],
  warmUp: { path: "warmUpExtractor", runs: WARM_UP_RUNS },
  right: (answer) => answer.ok === true,
  failure: "the day of traffic did not extract",
});

/**
 * Clicks Run + Copy and returns the time until the lists' heading shows, waiting for the copy too:
 * waited for in the page (a frame at a time), since a locator's polling would itself run on the
 * main thread and take the long tasks being measured.
 */
function runToListsShown(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const start = performance.now();
    const button = [...document.querySelectorAll("button")].find((b) =>
      b.textContent === "Run + Copy"
    )!;
    const heading = () => document.getElementById("extractor-list-owned")?.textContent;
    const copied = () =>
      [...document.querySelectorAll(".extractor-message")].some((p) =>
        p.textContent === "Results copied to clipboard!"
      );
    button.click();
    let shown = 0;
    await new Promise<void>((done) => {
      const check = () => {
        if (shown === 0 && heading()?.startsWith("Owned ULD List (")) {
          shown = performance.now() - start;
        }
        if (shown > 0 && copied()) done();
        else requestAnimationFrame(check);
      };
      check();
    });
    return shown;
  });
}

/** Puts message 501 in view, then all again; switched and waited for in the page, as the run is. */
function switchMessages(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const start = performance.now();
    const select = document.getElementById("extractor-message") as HTMLSelectElement;
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const until = async (ready: () => boolean) => {
      while (!ready()) await frame();
    };
    select.value = "500";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    await until(() => [...document.querySelectorAll("dt")].some((d) => d.textContent === "Date"));
    select.value = "-1";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    await until(() => document.getElementById("extractor-balance-title") !== null);
    return performance.now() - start;
  });
}

/** The extractor page's phases: two rounds of paste and run, a keyboard scroll, a switch. */
export async function extractorPhases(page: Page, traffic: string): Promise<Map<string, Phase>> {
  const phases = new Map<string, Phase>();
  for (const round of [1, 2]) {
    phases.set(
      `paste ~1 MB (round ${round})`,
      await measurePaste(
        page,
        { clear: "Clear", text: traffic, input: page.getByLabel("UCM, CPM or SCM message") },
        () => expect(page.getByText(/^Large message: /)).toBeVisible({ timeout: 60_000 }),
      ),
    );
    phases.set(
      `run to the lists shown (round ${round})`,
      await measure(page, () => runToListsShown(page)),
    );
  }
  phases.set(
    "scroll a list to its end by keyboard",
    await measure(page, async () => {
      const start = Date.now();
      await page.getByRole("region", { name: /^Owned ULD List/ }).focus();
      await page.keyboard.press("End");
      await expect(page.locator("tr[aria-rowindex]:focus")).toHaveCount(1);
      return Date.now() - start;
    }),
  );
  phases.set(
    "one message in view, then all again",
    await measure(page, () => switchMessages(page)),
  );
  return phases;
}
