// The engine bridge: the one owner of the engine worker. It starts the worker on first use, talks
// to it through Comlink with the engine's types, starts a new one after a crash, and cancels a
// run still going when a new run of the same kind starts (the old worker is stopped).

import { type Remote, wrap } from "comlink";
import type { EngineApi } from "../../../engine/engine_api.ts";

let worker: Worker | null = null;
let remote: Remote<EngineApi> | null = null;
// settles when the worker is stopped, so that runs of other kinds on it end instead of hanging
let stopped: Promise<never> = new Promise(() => {});
let stopWaiting: (reason: Error) => void = () => {};
const busy = new Map<string, number>();
let sequence = 0;

function start(): Remote<EngineApi> {
  worker = new Worker(new URL("../../../engine/worker.ts", import.meta.url), { type: "module" });
  worker.addEventListener("error", () => stop()); // the next run starts a fresh worker
  remote = wrap<EngineApi>(worker);
  stopped = new Promise<never>((_, reject) => (stopWaiting = reject));
  stopped.catch(() => {});
  return remote;
}

function stop(): void {
  worker?.terminate();
  worker = null;
  remote = null;
  stopWaiting(new Error("The engine was restarted; please try again"));
}

/** The result of a run, or null when a newer run of the same kind replaced it. */
export async function runEngine<T>(
  kind: string,
  task: (engine: Remote<EngineApi>) => Promise<T>,
): Promise<T | null> {
  const id = ++sequence;
  if (busy.size > 0 && busy.has(kind)) stop(); // cancel the stale run: its worker goes
  busy.set(kind, id);
  try {
    const engine = remote ?? start();
    const result = await Promise.race([task(engine), stopped]);
    return busy.get(kind) === id ? result : null;
  } catch (err) {
    if (busy.get(kind) !== id) return null;
    stop();
    throw err;
  } finally {
    if (busy.get(kind) === id) busy.delete(kind);
  }
}
