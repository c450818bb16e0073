// Deadlines on the store's calls (issue 49, findings 3 and 4). Deno's remote client waits out a
// stalled store and retries a store answering 503 without end, so a request would hang as long
// as the fault lasts. Here every read, list page and commit races the time its request has left
// to wait on the store; past it the call throws StoreUnavailable, which the app answers 503.
// A request's budget counts only the time it waits on the store (a body arriving slowly or a
// password hash queued does not spend it); work outside any request gets the budget per call.
// The call raced is not cancelled: it ends when the store answers, its result unused. main.ts
// gives each request its budget around the whole app (this module's node:async_hooks stays out of
// the app's modules, which the web's type check reads).

import { aroundCalls } from "./around_calls.ts";
import { AsyncLocalStorage } from "node:async_hooks";
import { KV_DEADLINE_MS, StoreUnavailable } from "./store_unavailable.ts";

/** The time one request may still wait on the store: the store's wall time it has spent. */
export class StoreBudget {
  /** Calls in flight now. */
  private inFlight = 0;
  /** When the current stretch of calls in flight began. */
  private since = 0;
  /** Time spent waiting in stretches that are over. */
  private spent = 0;
  constructor(readonly budgetMs: number) {}
  /** The ms left now (concurrent calls share one stretch of wall time). */
  left(now = performance.now()): number {
    return this.budgetMs - this.spent - (this.inFlight > 0 ? now - this.since : 0);
  }
  /** A call begins. */
  begin(now = performance.now()): void {
    if (this.inFlight++ === 0) this.since = now;
  }
  /** A call ended. */
  end(now = performance.now()): void {
    if (--this.inFlight === 0) this.spent += now - this.since;
  }
  /** The deadline struck: nothing is left, whatever the clock read (a timer may fire a fraction
   * of a millisecond before performance.now() says the time is up). */
  exhaust(): void {
    this.spent = Math.max(this.spent, this.budgetMs);
  }
}

const requests = new AsyncLocalStorage<StoreBudget>();

/** Runs `work` with a store budget of `ms` for every call it makes (a request's whole run). */
export function withStoreBudget<T>(ms: number, work: () => Promise<T>): Promise<T> {
  return requests.run(new StoreBudget(ms), work);
}

/** `work` raced against the time left (the current request's, else `fallbackMs` for this call). */
export async function withinDeadline<T>(work: () => Promise<T>, fallbackMs: number): Promise<T> {
  const budget = requests.getStore() ?? new StoreBudget(fallbackMs);
  const left = budget.left();
  if (left <= 0) throw new StoreUnavailable();
  budget.begin();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const call = work();
    // the call may still fail after the race is lost: that failure is nobody's now
    call.catch(() => {});
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        budget.exhaust();
        reject(new StoreUnavailable());
      }, left);
    });
    return await Promise.race([call, late]);
  } finally {
    clearTimeout(timer);
    budget.end();
  }
}

/** A list iterator whose every page waits within the deadline (the iterator reads by pages). */
function listWithin<T>(it: Deno.KvListIterator<T>, ms: number): Deno.KvListIterator<T> {
  return new Proxy(it, {
    get(target, prop) {
      if (prop === "next") return () => withinDeadline(() => target.next(), ms);
      if (prop === Symbol.asyncIterator) {
        return function (this: unknown) {
          return this;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const RACED = new Set<PropertyKey>(["get", "getMany", "set", "delete", "enqueue"]);

/** `kv` with every read, list page, write and commit within the deadline (`ms` outside a
 * request). watch, listenQueue and close are the store's own: they are meant to last. */
export function deadlineKv(kv: Deno.Kv, ms: number = KV_DEADLINE_MS): Deno.Kv {
  return aroundCalls(kv, RACED, (work) => withinDeadline(work, ms), {
    list: (bound) => (...args: Parameters<Deno.Kv["list"]>) => listWithin(bound(...args), ms),
  });
}
