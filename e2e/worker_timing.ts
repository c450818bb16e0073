// The browser benches' way of timing the engine in a fresh worker made from the app's own worker
// script, speaking Comlink's wire messages (an APPLY, answered with a RAW value): each timed call
// from the post to the answer, both copies included.

import type { Page } from "@playwright/test";
import { perRate, type Rate, type Row } from "./bench/station.ts";

/** What to run in the fresh worker: untimed warm-up calls, then the timed ones. */
export interface WorkerPlan {
  /** The app's engine worker script. */
  url: string;
  /** An engine function without arguments called this many times first, untimed. */
  warmUp: { path: string; times: number };
  /** The engine function timed, its arguments and how many runs. */
  timed: { path: string; args: unknown[]; runs: number };
}

/** A timed call's answer, as much of it as the benches read. */
export interface TimedAnswer {
  ok?: boolean;
  messages?: unknown[];
  findings?: unknown[];
}

/** The time of each timed run (the first in the fresh worker) and each run's answer. */
export function timeWorkerCalls(
  page: Page,
  plan: WorkerPlan,
): Promise<{ times: number[]; answers: TimedAnswer[] }> {
  return page.evaluate(async ({ url, warmUp, timed }) => {
    const worker = new Worker(url, { type: "module" });
    let next = 0;
    const call = (path: string, args: unknown[]) =>
      new Promise<{ ms: number; value: TimedAnswer }>((done, fail) => {
        const id = `bench-${next++}`;
        const start = performance.now();
        const listen = (e: MessageEvent) => {
          if (e.data?.id !== id) return;
          worker.removeEventListener("message", listen);
          if (e.data.type !== "RAW") fail(new Error("the engine threw"));
          done({ ms: performance.now() - start, value: e.data.value });
        };
        worker.addEventListener("message", listen);
        worker.postMessage({
          id,
          type: "APPLY",
          path: [path],
          argumentList: args.map((value) => ({ type: "RAW", value })),
        });
      });
    await call("parseRentedCodes", ["R7"]); // the worker has loaded the engine
    for (let i = 0; i < warmUp.times; i++) await call(warmUp.path, []);
    const times: number[] = [];
    const answers: TimedAnswer[] = [];
    for (let i = 0; i < timed.runs; i++) {
      const { ms, value } = await call(timed.path, timed.args);
      times.push(ms);
      answers.push({ ok: value.ok, messages: value.messages, findings: value.findings });
    }
    worker.terminate();
    return { times, answers };
  }, plan);
}

/** The median of some times. */
export const medianOf = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** An engine call a bench times: the function, its arguments, the warm-up the app runs before
 * it, and what makes an answer right (a wrong one stops the bench with `failure`). */
export interface EngineCall {
  path: string;
  args: unknown[];
  warmUp: { path: string; runs: number };
  right: (answer: TimedAnswer) => boolean;
  failure: string;
}

/** What a bench reports of an engine call: the first run a user gets (the app warmed its worker),
 * a first run without the warm-up, the second run after the warm-up, the warm runs sorted, their
 * median, and the answers. */
export interface EngineTimes {
  first: number;
  cold: number;
  second: number;
  warm: number[];
  median: number;
  answers: TimedAnswer[];
}

/**
 * Times an engine call: `runs` runs in one fresh worker (the warm ones are all but the first),
 * then the first and second runs after the app's warm-up and the first without it, in turns: the
 * median of 5 fresh workers each.
 */
export async function engineTimes(
  page: Page,
  url: string,
  call: EngineCall,
  runs: number,
): Promise<EngineTimes> {
  const timeIn = async (runs: number, warmUps: number) => {
    const out = await timeWorkerCalls(page, {
      url,
      warmUp: { path: call.warmUp.path, times: warmUps },
      timed: { path: call.path, args: call.args, runs },
    });
    if (!out.answers.every(call.right)) throw new Error(call.failure);
    return out;
  };
  const one = await timeIn(runs, 0);
  const firsts = { warmed: [] as number[], cold: [] as number[], seconds: [] as number[] };
  for (let turn = 0; turn < 5; turn++) {
    const warmed = (await timeIn(2, call.warmUp.runs)).times;
    firsts.warmed.push(warmed[0]);
    firsts.seconds.push(warmed[1]);
    firsts.cold.push((await timeIn(1, 0)).times[0]);
  }
  const warm = one.times.slice(1).sort((a, b) => a - b);
  return {
    first: medianOf(firsts.warmed),
    cold: medianOf(firsts.cold),
    second: medianOf(firsts.seconds),
    warm,
    median: medianOf(warm),
    answers: one.answers,
  };
}

/** The bar of the first run a user gets: within this many times the median run (issue 51). */
const FIRST_RUN_RATIO = 1.5;

/**
 * An engine call's rows at each rate: the first run after the app's warm-up, without it, the
 * second, the median, each under `bar` ms at 1x (the second only when `secondBar`; at 4x the
 * main thread's copies of the message and the answer are slower, and no bar is set there), and
 * the first run against the median, at both rates.
 */
export function engineRows(
  times: Partial<Record<Rate, EngineTimes>>,
  bar: number,
  opts: { digits: number; secondBar: boolean },
): Row[] {
  const ms = (v: number) => v.toFixed(opts.digits);
  const under = { at: { 1: bar }, text: `under ${bar} ms at 1x`, under: true };
  const runs = Object.values(times)[0]?.warm.length ?? 0;
  return [
    {
      label: "first run in a fresh worker after the warm-up, ms",
      values: perRate(times, (t) => t.first),
      show: ms,
      bar: under,
    },
    {
      label: "  the same without the warm-up, ms",
      values: perRate(times, (t) => t.cold),
      show: ms,
    },
    {
      label: "second run after the warm-up, ms",
      values: perRate(times, (t) => t.second),
      show: ms,
      ...(opts.secondBar ? { bar: under } : {}),
    },
    {
      label: `median of ${runs} more runs (best), ms`,
      values: perRate(times, (t) => t.median),
      show: (v, rate) => `${ms(v)} (${ms(times[rate]?.warm[0] ?? 0)})`,
      bar: under,
    },
    {
      label: "first run after the warm-up / median",
      values: perRate(times, (t) => t.first / t.median),
      show: (v) => `${v.toFixed(2)}x`,
      bar: { at: { 1: FIRST_RUN_RATIO, 4: FIRST_RUN_RATIO }, text: "within 1.5x of the median" },
    },
  ];
}
