// `npm run bench`, browser part (design 8): a 1 MB FFM pasted into the converter, typed into and
// converted, in Chromium; then the extractor: a generated day of traffic extracted in the app's
// engine worker and shown in the page. Each flow runs on the station-PC profile (issue 51,
// bench/station.ts): at 1x and at 4x CPU, each rate in a fresh browser profile, both printed side
// by side: each phase's time and longest main-thread task (PerformanceObserver 'longtask': tasks
// over 50 ms), and PASS or FAIL per bar.

import { expect, test } from "@playwright/test";
import { generateFfm } from "../engine/bench_data.ts";
import { generateTraffic } from "../engine/uld/generated_traffic.ts";
import { type ConverterRun, converterRun, TYPED } from "./bench/converter_flow.ts";
import { extractCall, extractorPhases } from "./bench/extractor_flow.ts";
import {
  p95,
  perRate,
  type Phase,
  phaseTable,
  printTable,
  type Rate,
  RATES,
  stationPage,
} from "./bench/station.ts";
import { timeKeys } from "./bench/typing.ts";
import { userWithApps } from "./support.ts";
import { engineRows, type EngineTimes, engineTimes } from "./worker_timing.ts";

const MB = 1 << 20;

test("1 MB FFM through the converter page at 1x and 4x CPU", async ({ browser, baseURL }) => {
  const ffm = generateFfm(MB);
  const runs: Partial<Record<Rate, ConverterRun>> = {};
  for (const rate of RATES) {
    const { context, page } = await stationPage(browser, baseURL, rate);
    try {
      await timeKeys(page);
      await userWithApps(page, `BENCH1X${rate}`, ["ffm-to-uws"]);
      await page.goto("/apps/ffm-to-uws");
      runs[rate] = await converterRun(page, ffm);
    } finally {
      await context.close();
    }
  }
  const keys = (pick: (keys: number[]) => number) => perRate(runs, (r) => pick(r.keys));
  printTable(
    `Browser (Chromium): 1 MB FFM (${ffm.length.toLocaleString()} chars) in the converter`,
    [
      ...phaseTable("in the converter", perRate(runs, (r) => r.phases)),
      {
        label: `typing at the end: p95 a key (${TYPED.length * 2} keys), ms`,
        values: keys(p95),
        bar: { at: { 4: 50 }, text: "under 50 ms a key at 4x", under: true },
      },
      {
        label: "  median a key / worst, ms",
        values: keys((k) => [...k].sort((a, b) => a - b)[Math.floor(k.length / 2)] ?? 0),
        show: (v, rate) =>
          `${v.toFixed(0)} / ${Math.max(0, ...(runs[rate]?.keys ?? [])).toFixed(0)}`,
      },
    ],
  );
});

test("a day of traffic through the extractor's worker and page at 1x and 4x CPU", async ({ browser, baseURL }) => {
  const traffic = generateTraffic();
  const phases: Partial<Record<Rate, Map<string, Phase>>> = {};
  const times: Partial<Record<Rate, EngineTimes>> = {};
  let messages = 0;
  for (const rate of RATES) {
    const { context, page } = await stationPage(browser, baseURL, rate);
    try {
      await userWithApps(page, `BENCH2X${rate}`, ["uld-extractor"]);
      await page.goto("/apps/uld-extractor");
      // the app's worker script: the one the page starts (and warms) when a message comes in
      const started = page.waitForEvent("worker");
      await page.getByLabel("UCM, CPM or SCM message").fill(
        "UCM\nMS985/22.SUGDM.CAI\nIN\n.AKE12345MS",
      );
      await page.getByRole("button", { name: "Run + Copy" }).click();
      const workerUrl = (await started).url();
      await expect(page.getByText("Results copied to clipboard!")).toBeVisible();
      times[rate] = await engineTimes(page, workerUrl, extractCall(traffic), 12);
      messages = times[rate].answers[0]?.messages?.length ?? 0;
      phases[rate] = await extractorPhases(page, traffic);
    } finally {
      await context.close();
    }
  }
  const mb = (traffic.length / MB).toFixed(2);
  printTable(
    `Browser (Chromium): a generated day of traffic (${messages} UCM and CPM messages, ${mb} MB) ` +
      `in the ULD Extractor; the extract timed in a fresh worker (post to answer, both copies; ` +
      `first runs: medians of 5 workers)`,
    [
      ...phaseTable("in the extractor page", phases),
      ...engineRows(times, 100, { digits: 0, secondBar: true }),
    ],
  );
});
