// `npm run bench`, browser part (design 8): a 1 MB FFM pasted into the converter, typed into and
// converted, in Chromium. Prints the longest main-thread task of each phase (PerformanceObserver
// 'longtask': tasks over 50 ms), how many there were, and how long each phase took to show.

import { expect, type Page, test } from "@playwright/test";
import { generateFfm } from "../engine/bench_data.ts";
import { userWithApps } from "./support.ts";

const MB = 1 << 20;

interface Phase {
  phase: string;
  ms: number;
  longestTask: number;
  longTasks: number;
}

declare global {
  var longTasks: number[];
}

async function measure(page: Page, phase: string, run: () => Promise<number>): Promise<Phase> {
  await page.evaluate(() => (globalThis.longTasks = []));
  const ms = await run();
  await page.waitForTimeout(300); // let a task still running report
  const tasks = await page.evaluate(() => globalThis.longTasks);
  return { phase, ms, longestTask: Math.max(0, ...tasks), longTasks: tasks.length };
}

test("1 MB FFM through the converter page", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    globalThis.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) globalThis.longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  await userWithApps(page, "BENCH1", ["ffm-to-uws"]);
  await page.goto("/apps/ffm-to-uws");
  const ffm = generateFfm(MB);
  const input = page.getByLabel("Enter FFM input");
  const rows: Phase[] = [];

  for (const round of [1, 2]) {
    await page.getByRole("button", { name: "Clear all" }).click();
    await page.evaluate((text) => navigator.clipboard.writeText(text), ffm);
    await input.focus();
    rows.push(
      await measure(page, `paste 1 MB (round ${round})`, async () => {
        const start = Date.now();
        await page.keyboard.press("Control+V");
        await expect(input).toHaveValue(/LAST\s*$/, { timeout: 30_000 });
        return Date.now() - start;
      }),
    );
    rows.push(
      await measure(page, `type 20 keys at the end (round ${round})`, async () => {
        await page.keyboard.press("Control+End");
        const start = Date.now();
        await page.keyboard.type("\nOSI/BENCH TYPING TEST", { delay: 0 });
        await expect(input).toHaveValue(/BENCH TYPING TEST$/);
        return Date.now() - start;
      }),
    );
    rows.push(
      await measure(
        page,
        `convert 1 MB to result (round ${round})`,
        () =>
          page.evaluate(async () => {
            const start = performance.now();
            const button = [...document.querySelectorAll("button")].find((b) =>
              b.textContent === "Convert & Copy"
            )!;
            const output = document.querySelector<HTMLTextAreaElement>("textarea[readonly]")!;
            const before = output.value;
            button.click();
            await new Promise<void>((done) => {
              const check = () =>
                output.value !== before && output.value.startsWith("QU")
                  ? done()
                  : requestAnimationFrame(check);
              check();
            });
            return performance.now() - start;
          }),
      ),
    );
  }
  await expect(page.getByLabel("UWS output")).toHaveValue(/^QU\n/);

  const line = (cells: string[]) => cells.map((c, i) => i === 0 ? c.padEnd(38) : c.padStart(14));
  console.log(
    `\nBrowser (Chromium): 1 MB FFM (${ffm.length.toLocaleString()} chars) in the converter`,
  );
  console.log(line(["phase", "time ms", "longest task", "tasks > 50"]).join(""));
  for (const r of rows) {
    console.log(
      line([
        r.phase,
        r.ms.toFixed(0),
        r.longTasks === 0 ? "none > 50" : r.longestTask.toFixed(0),
        String(r.longTasks),
      ]).join(""),
    );
  }
  const worst = Math.max(...rows.map((r) => r.longestTask));
  console.log(
    `longest main-thread task: ${
      worst === 0 ? "none over 50" : worst.toFixed(0)
    } ms (bar: none over 50 ms) -> ${worst <= 50 ? "met" : "NOT met"}`,
  );
});
