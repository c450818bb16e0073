// The engine bridge: the one owner of the engine worker (design 6; squoosh's worker bridge is the
// model). It starts the worker on first use and talks to it through Comlink with the engine's
// types. A new run of a kind cancels the run of that kind still going: its caller gets null at
// once, and since a worker cannot stop a function midway, the worker that runs it is ended, right
// away when nothing else runs there, else once the runs of other kinds on it have finished (new
// runs go to a fresh worker meanwhile). A worker idle for a minute is stopped; a crashed one is
// replaced on the next run, and the runs it held are told to try again. A screen about to run the
// engine can warm it: start a worker and run a small job, so that the user's first run finds the
// engine loaded and compiled.

import { type Remote, wrap } from "comlink";
import type { EngineApi } from "../../../../engine/engine_api.ts";

/** A worker with no run for this long is stopped (its memory given back); the next run starts one. */
export const IDLE_MS = 60_000;
/** What the runs of a crashed worker are told. */
export const RESTARTED = "The engine was restarted; please try again";

interface Slot {
  worker: Worker;
  remote: Remote<EngineApi>;
  /** Runs on this worker whose caller still waits for them. */
  live: number;
  /** No new runs come here: it ends when its live runs have. */
  retired: boolean;
  /** Rejects when the worker crashes, so that its runs end instead of hanging. */
  crashed: Promise<never>;
  crash: (reason: Error) => void;
}

interface Run {
  slot: Slot;
  /** Ends the wait of the run's caller with null. */
  cancel: () => void;
}

const CANCELLED = Symbol("cancelled");

let current: Slot | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
const latest = new Map<string, Run>();

function start(): Slot {
  const worker = new Worker(new URL("../../../../engine/worker.ts", import.meta.url), {
    type: "module",
  });
  let crash: (reason: Error) => void = () => {};
  const crashed = new Promise<never>((_, reject) => (crash = reject));
  crashed.catch(() => {});
  const slot: Slot = {
    worker,
    remote: wrap<EngineApi>(worker),
    live: 0,
    retired: false,
    crashed,
    crash,
  };
  worker.addEventListener("error", () => {
    slot.crash(new Error(RESTARTED));
    stop(slot);
  });
  return slot;
}

function stop(slot: Slot): void {
  slot.worker.terminate();
  slot.retired = true;
  if (current === slot) {
    current = null;
    clearTimeout(idleTimer);
  }
}

/** After a run left a worker: end a retired one that is done, or let an idle one time out. */
function settle(slot: Slot): void {
  if (slot.live > 0) return;
  if (slot.retired) stop(slot);
  else if (slot === current) {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (current === slot && slot.live === 0) stop(slot);
    }, IDLE_MS);
  }
}

/** The result of a run, or null when a newer run of the same kind replaced it. */
export async function runEngine<T>(
  kind: string,
  task: (engine: Remote<EngineApi>) => Promise<T>,
): Promise<T | null> {
  const stale = latest.get(kind);
  if (stale !== undefined) {
    latest.delete(kind);
    stale.cancel();
  }
  clearTimeout(idleTimer);
  const slot = current ?? (current = start());
  let cancelWait: () => void = () => {};
  const cancelled = new Promise<typeof CANCELLED>((done) => (cancelWait = () => done(CANCELLED)));
  let waiting = true;
  const leave = () => {
    if (!waiting) return;
    waiting = false;
    slot.live--;
  };
  const run: Run = {
    slot,
    cancel: () => {
      cancelWait();
      leave();
      // the worker still computes the stale run: end it, now or when its other runs are done
      slot.retired = true;
      if (current === slot) current = null;
      settle(slot);
    },
  };
  latest.set(kind, run);
  slot.live++;
  try {
    const result = await Promise.race([task(slot.remote), slot.crashed, cancelled]);
    return result === CANCELLED ? null : result as T;
  } finally {
    leave();
    if (latest.get(kind) === run) latest.delete(kind);
    settle(slot);
  }
}

/**
 * Starts a worker and runs a small job in it, whose answer is dropped: the first run on a worker
 * pays for loading and compiling the engine, and this has it paid before the user runs. Nothing
 * to do while a worker is up (it has run already, or is warming). A run started meanwhile queues
 * behind the job's current call on the same worker; `alone` tells the job whether one waits.
 */
export function warm(
  task: (engine: Remote<EngineApi>, alone: () => boolean) => Promise<unknown>,
): void {
  if (current !== null) return;
  const slot = current = start();
  slot.live++;
  const alone = () => current === slot && slot.live === 1;
  void Promise.race([task(slot.remote, alone), slot.crashed]).catch(() => {}).finally(() => {
    slot.live--;
    settle(slot);
  });
}
