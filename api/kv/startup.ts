// A process that starts while its store is away (issue 49, finding 6) serves at once and waits
// for the store: the API answers 503 until the store is open and seeded, and the start tries
// again after a growing wait, logging each failure, instead of ending the process.

import { keys } from "../store/keys.ts";
import { StoreUnavailable } from "./store_unavailable.ts";

/** How long /health/ready waits for its read. */
export const READY_READ_MS = 1_000;

/** True when the store answers a read within READY_READ_MS. */
export async function storeReadable(kv: Deno.Kv): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((r) => timer = setTimeout(() => r(false), READY_READ_MS));
  const read = Promise.resolve().then(() => kv.get(keys.seeded())).then(() => true, () => false);
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A store to be opened later: `kv` forwards to it once `open` has it, and until then throws
 * StoreUnavailable (the readiness gate keeps requests from it meanwhile). */
export function lateKv(): { kv: Deno.Kv; open(kv: Deno.Kv): void; opened(): boolean } {
  let current: Deno.Kv | undefined;
  const kv = new Proxy({} as Deno.Kv, {
    get(_, prop) {
      if (current === undefined) {
        return () => {
          throw new StoreUnavailable("the store is not open yet");
        };
      }
      const value = Reflect.get(current, prop, current);
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
  return { kv, open: (k) => void (current = k), opened: () => current !== undefined };
}

/** The waits between tries: 0.5 s doubling to 10 s. */
export function nextWait(previousMs: number): number {
  return Math.min(Math.max(500, previousMs * 2), 10_000);
}

/** Runs `work` until it succeeds, logging each failure with the wait before the next try (each
 * of its store calls has its deadline: a try on a stalled store fails, it does not hang). */
export async function keepTrying<T>(
  work: () => Promise<T>,
  log: (line: string) => void = (line) => console.error(line),
): Promise<T> {
  let wait = 0;
  for (;;) {
    try {
      return await work();
    } catch (err) {
      wait = nextWait(wait);
      log(JSON.stringify({
        level: "warn",
        event: "store.start",
        at: new Date().toISOString(),
        message: `The store is not reachable yet; trying again in ${wait} ms`,
        error: err instanceof Error ? err.message : String(err),
      }));
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}
