// The engine bridge: the one owner of the engine worker (design 6; squoosh's worker bridge is the
// model). `engine` offers the methods of EngineApi itself, typed from it, each answered by the
// worker through Comlink; the worker starts on first use. A call given `{ signal }` as its last
// argument is cancelled when that signal aborts: its caller gets null at once, and since a worker
// cannot stop a function midway, the worker that runs it is ended, right away when nothing else
// runs there, else once the other calls on it have finished (new calls go to a fresh worker
// meanwhile). A store keeps one AbortController per kind of run and aborts it before the next
// (`supersede`), so that only the latest run of a kind counts. A worker idle for a minute is
// stopped; a crashed one is replaced on the next call, and the calls it held are told to try
// again. A screen about to run the engine can warm it: start a worker and run a small job, so
// that the user's first run finds the engine loaded and compiled.

import { type Remote, wrap } from "comlink";
import type { EngineApi } from "../../../../engine/engine_api.ts";

/** A worker with no run for this long is stopped (its memory given back); the next run starts one. */
export const IDLE_MS = 60_000;
/** What the runs of a crashed worker are told. */
export const RESTARTED = "The engine was restarted; please try again";

/** The last argument of a cancellable call. */
export interface RunOptions {
  /** Aborting it drops the call's answer (null) and ends the worker that computes it. */
  signal: AbortSignal;
}

type Method = keyof EngineApi;
type Args<K extends Method> = Parameters<EngineApi[K]>;
type Answer<K extends Method> = Awaited<ReturnType<EngineApi[K]>>;

/** The engine's methods as the page calls them: the same arguments, answered later; given
 * `{ signal }` as the last argument, a call answers null once the signal aborted. */
export type EngineBridge = {
  [K in Method]: {
    (...args: Args<K>): Promise<Answer<K>>;
    (...args: [...Args<K>, RunOptions]): Promise<Answer<K> | null>;
  };
};

/** The engine's methods on one worker, for a warm-up's job (no cancelling: it ends with it). */
export type WorkerEngine = { [K in Method]: (...args: Args<K>) => Promise<Answer<K>> };

interface Slot {
  worker: Worker;
  remote: Remote<EngineApi>;
  /** Calls on this worker whose caller still waits for them. */
  live: number;
  /** No new calls come here: it ends when its live calls have. */
  retired: boolean;
  /** Rejects when the worker crashes, so that its calls end instead of hanging. */
  crashed: Promise<never>;
  crash: (reason: Error) => void;
}

const CANCELLED = Symbol("cancelled");

let current: Slot | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

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

/** After a call left a worker: end a retired one that is done, or let an idle one time out. */
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

/** A method of the worker's engine, called with plain arguments. */
const methodOf = (slot: Slot, name: Method) =>
  slot.remote[name] as unknown as (...args: unknown[]) => Promise<unknown>;

/**
 * Run options, when the last argument is one: nothing that holds an AbortSignal can be an
 * engine argument, since an AbortSignal cannot be posted to the worker.
 */
function runOptionsOf(args: unknown[]): RunOptions | null {
  const last = args.at(-1) as Partial<RunOptions> | null | undefined;
  return typeof last === "object" && last !== null && last.signal instanceof AbortSignal
    ? last as RunOptions
    : null;
}

/** One call on the current worker (started when none is up), cancelled when `signal` aborts. */
async function call(name: Method, args: unknown[], signal: AbortSignal | null): Promise<unknown> {
  if (signal?.aborted) return null;
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
  const cancel = () => {
    cancelWait();
    leave();
    // the worker still computes the dropped call: end it, now or when its other calls are done
    slot.retired = true;
    if (current === slot) current = null;
    settle(slot);
  };
  signal?.addEventListener("abort", cancel, { once: true });
  slot.live++;
  try {
    const answer = await Promise.race([methodOf(slot, name)(...args), slot.crashed, cancelled]);
    return answer === CANCELLED ? null : answer;
  } finally {
    signal?.removeEventListener("abort", cancel);
    leave();
    settle(slot);
  }
}

const methods = new Map<PropertyKey, (...args: unknown[]) => Promise<unknown>>();

/** The engine, in the worker: `engine.convertFfm(text, options, { signal })`. Its methods are
 * read by name (a Proxy), so that a method added to EngineApi needs nothing here. */
export const engine: EngineBridge = new Proxy({} as EngineBridge, {
  get(_, name) {
    let method = methods.get(name);
    if (method === undefined) {
      method = (...args: unknown[]) => {
        const run = runOptionsOf(args);
        return call(name as Method, run === null ? args : args.slice(0, -1), run?.signal ?? null);
      };
      methods.set(name, method);
    }
    return method;
  },
});

/**
 * Signals for runs of which only the latest counts (the converter's conversion, the flight
 * check): each signal asked for aborts the one before, so the run it was given answers null.
 */
export function supersede(): () => AbortSignal {
  let controller: AbortController | null = null;
  return () => {
    controller?.abort();
    controller = new AbortController();
    return controller.signal;
  };
}

/**
 * Starts a worker and runs a small job in it, whose answer is dropped: the first run on a worker
 * pays for loading and compiling the engine, and this has it paid before the user runs. Nothing
 * to do while a worker is up (it has run already, or is warming). A run started meanwhile queues
 * behind the job's current call on the same worker; `alone` tells the job whether one waits.
 */
export function warm(
  task: (engine: WorkerEngine, alone: () => boolean) => Promise<unknown>,
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
