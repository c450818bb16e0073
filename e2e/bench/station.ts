// The station-PC profile of the browser benches (issue 51, design 8): each flow runs at 1x and at
// 4x CPU throttling (CDP Emulation.setCPUThrottlingRate) in the same run, each rate in a fresh
// browser context (a fresh profile: no cache, no service worker, no IndexedDB), and a flow's
// figures print as one table with both columns side by side and PASS or FAIL per bar.

import type { Browser, BrowserContext, Page } from "@playwright/test";

/** The CPU rates every flow runs at: a quick PC, and a station PC four times slower. */
export const RATES = [1, 4] as const;

/** One of RATES. */
export type Rate = typeof RATES[number];

/** A figure per rate; a rate missing has not been measured. */
export type PerRate = Partial<Record<Rate, number>>;

/** What the throttling does and does not slow, said under every table. */
const THROTTLE_NOTE = "CDP CPU throttling slows only the page's main thread, not the engine " +
  "worker; each column ran in a fresh browser profile";

/** Main-thread task bars of every flow: none over 50 ms at 1x, none over 100 ms at 4x. */
export const TASK_BARS: PerRate = { 1: 50, 4: 100 };

declare global {
  var longTasks: number[];
}

/** Records every main-thread task over 50 ms in globalThis.longTasks, from the page's start (a
 * script run in each document before the page's own). */
export function watchLongTasks(): void {
  globalThis.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.longTasks.push(entry.duration);
  }).observe({ type: "longtask", buffered: true });
}

/** What a phase reads of a page: a Playwright page, or a bare one (bare_page.ts). */
export interface Watched {
  evaluate<T>(fn: () => T | Promise<T>): Promise<T>;
  waitForTimeout(ms: number): Promise<void>;
}

let contexts = 0;

/**
 * A page in a fresh browser context whose main thread runs `rate` times slower, calling from an
 * address of its own (the server trusts one proxy), watching its long tasks, and allowed the
 * clipboard.
 */
export async function stationPage(
  browser: Browser,
  baseURL: string | undefined,
  rate: Rate,
): Promise<{ context: BrowserContext; page: Page }> {
  contexts++;
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: {
      "x-forwarded-for": `10.251.${process.pid % 250}.${contexts % 250}`,
    },
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  await page.addInitScript(watchLongTasks);
  return { context, page };
}

/** The longest main-thread task over 50 ms since the last call (0: none), and how many. */
export async function takeLongTasks(page: Watched): Promise<{ longest: number; count: number }> {
  const tasks = await page.evaluate(() => {
    const seen = globalThis.longTasks;
    globalThis.longTasks = [];
    return seen;
  });
  return { longest: Math.max(0, ...tasks), count: tasks.length };
}

/** A phase of a flow at one rate: its time, and the main-thread tasks over 50 ms while it ran. */
export interface Phase {
  ms: number;
  longest: number;
  count: number;
}

/** Runs a phase: the tasks before it are set aside, and those still running after it reported. */
export async function measure(page: Watched, run: () => Promise<number>): Promise<Phase> {
  await page.waitForTimeout(300);
  await takeLongTasks(page);
  const ms = await run();
  await page.waitForTimeout(300);
  return { ms, ...(await takeLongTasks(page)) };
}

/** A line of a table: a figure per rate (or a text), and the bar it is held to at some rates. */
export interface Row {
  label: string;
  values: PerRate;
  /** How a figure shows (default: whole milliseconds). */
  show?: (value: number, rate: Rate) => string;
  /** The most a figure may be at each rate, and how the bar reads. */
  bar?: { at: PerRate; text: string; under?: boolean };
  /** A phase's row: its time and its longest task. */
  phase?: true;
}

/** A task length as the tables show it: 0 is no task over 50 ms. */
const showTask = (v: number) => (v === 0 ? "none>50" : v.toFixed(0));

/** A phase as a table row: its time and its longest main-thread task at each rate, no bar. */
export function phaseRow(label: string, phases: Partial<Record<Rate, Phase>>): Row {
  return {
    label,
    phase: true,
    values: perRate(phases, (p) => p.ms),
    show: (ms, rate) => `${ms.toFixed(0)} / ${showTask(phases[rate]?.longest ?? 0)}`,
  };
}

/** A flow's bar on its main-thread tasks: the longest of its phases at each rate. */
export function taskBarRow(flow: string, phases: Partial<Record<Rate, Phase[]>>): Row {
  return {
    label: `longest main-thread task ${flow}, ms`,
    values: perRate(phases, (ps) => Math.max(0, ...ps.map((p) => p.longest))),
    show: showTask,
    bar: { at: TASK_BARS, text: "none over 50 ms at 1x, over 100 ms at 4x" },
  };
}

/** Each phase's row (in the order the first rate ran them) and the flow's task bar. */
export function phaseTable(flow: string, runs: Partial<Record<Rate, Map<string, Phase>>>): Row[] {
  const names = [...(Object.values(runs)[0]?.keys() ?? [])];
  return [
    ...names.map((name) => phaseRow(name, perRate(runs, (phases) => phases.get(name)!))),
    taskBarRow(flow, perRate(runs, (phases) => [...phases.values()])),
  ];
}

/** The PASS or FAIL of a figure at a rate; nothing where the rate has no bar. */
function verdict(row: Row, rate: Rate): string {
  const max = row.bar?.at[rate];
  const value = row.values[rate];
  if (max === undefined) return "";
  if (value === undefined || Number.isNaN(value)) return " FAIL";
  return (row.bar?.under ? value < max : value <= max) ? " PASS" : " FAIL";
}

/** Prints a flow's table: a header, a line per row with both rates side by side, the notes. */
export function printTable(title: string, rows: readonly Row[]): void {
  const cell = (text: string) => text.padStart(18);
  console.log(`\n${title}`);
  console.log(`${"".padEnd(48)}${RATES.map((r) => cell(`${r}x CPU`)).join("")}   bar`);
  for (const row of rows) {
    const show = row.show ?? ((v: number) => v.toFixed(0));
    const cells = RATES.map((rate) => {
      const value = row.values[rate];
      return cell(`${value === undefined ? "-" : show(value, rate)}${verdict(row, rate)}`);
    });
    console.log(`${row.label.padEnd(48)}${cells.join("")}   ${row.bar?.text ?? ""}`.trimEnd());
  }
  if (rows.some((row) => row.phase)) {
    console.log("(a phase: its ms / its longest main-thread task, none>50: no task over 50 ms)");
  }
  console.log(`(${THROTTLE_NOTE})`);
}

/** The 95th percentile of some times (0 for none). */
export function p95(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

/** Something of each rate's result (a figure, for a row). */
export function perRate<T, U = number>(
  results: Partial<Record<Rate, T>>,
  pick: (r: T) => U,
): Partial<Record<Rate, U>> {
  const out: Partial<Record<Rate, U>> = {};
  for (const rate of RATES) {
    const result = results[rate];
    if (result !== undefined) out[rate] = pick(result);
  }
  return out;
}
