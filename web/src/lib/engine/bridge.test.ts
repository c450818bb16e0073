// The worker bridge with a fake Worker that speaks Comlink in-process: stale runs are cancelled
// (their signal aborted) without ending runs of other kinds, the worker stops after a minute
// idle, crashes are retried.

import { expose } from "comlink";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** One engine call the fake worker holds until the test settles it. */
interface Call {
  method: string;
  arg: string;
  /** Every argument the worker got. */
  args: unknown[];
  worker: FakeWorker;
  resolve: (value: unknown) => void;
  reject: (reason: Error) => void;
}

let calls: Call[] = [];
let workers: FakeWorker[] = [];

/** One end of an in-process message pipe (what Comlink needs of a Worker or a port). */
class End extends EventTarget {
  other: End | null = null;
  closed = false;
  postMessage(data: unknown): void {
    const other = this.other;
    if (this.closed || other === null) return;
    const copy = structuredClone(data);
    // delivered as a microtask, so that the tests may fake the timers
    queueMicrotask(() => {
      if (other.closed) return;
      const event = new Event("message") as Event & { data: unknown };
      event.data = copy;
      other.dispatchEvent(event);
    });
  }
  start(): void {}
}

/** A Worker whose engine answers each call when the test says so. */
class FakeWorker extends End {
  terminated = false;
  private readonly inside = new End();
  constructor() {
    super();
    this.other = this.inside;
    this.inside.other = this;
    const held = (method: string) => (...args: unknown[]) =>
      new Promise((resolve, reject) =>
        calls.push({ method, arg: String(args[0]), args, worker: this, resolve, reject })
      );
    expose(
      { convertFfm: held("convertFfm"), extractUldTable: held("extractUldTable") },
      this.inside as unknown as Parameters<typeof expose>[1],
    );
    workers.push(this);
  }
  terminate(): void {
    this.terminated = true;
    this.closed = true;
    this.inside.closed = true;
  }
  crash(): void {
    this.dispatchEvent(new Event("error"));
  }
}

type Bridge = typeof import("./bridge.ts");
let bridge: Bridge;

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};
const callOf = async (arg: string) => {
  for (let i = 0; i < 50 && !calls.some((c) => c.arg === arg); i++) await flush();
  const call = calls.find((c) => c.arg === arg);
  if (call === undefined) throw new Error(`no call ${arg}`);
  return call;
};
/** Runs of two kinds, as the stores make them: a newer run of a kind aborts the one before. */
let nextExtraction: () => AbortSignal;
let nextConversion: () => AbortSignal;
const extract = (text: string) =>
  bridge.engine.extractUldTable(text, undefined, { signal: nextExtraction() }) as Promise<unknown>;
const convert = (text: string) =>
  bridge.engine.convertFfm(text, undefined, { signal: nextConversion() }) as Promise<unknown>;

beforeEach(async () => {
  calls = [];
  workers = [];
  vi.stubGlobal("Worker", FakeWorker);
  vi.resetModules(); // a fresh bridge: no worker, no runs
  bridge = await import("./bridge.ts");
  nextExtraction = bridge.supersede();
  nextConversion = bridge.supersede();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("runs of one kind", () => {
  it("start the worker on first use and keep it for the next run", async () => {
    const first = extract("one");
    (await callOf("one")).resolve("result one");
    expect(await first).toBe("result one");
    const second = extract("two");
    (await callOf("two")).resolve("result two");
    expect(await second).toBe("result two");
    expect(workers).toHaveLength(1);
    expect(workers[0].terminated).toBe(false);
  });

  it("a newer run cancels the stale one: null at once, and its worker ends when alone", async () => {
    const stale = extract("stale");
    await callOf("stale");
    const fresh = extract("fresh");
    expect(await stale).toBeNull();
    expect(workers[0].terminated).toBe(true); // nothing else ran there: the stale work is stopped
    const call = await callOf("fresh");
    expect(call.worker).toBe(workers[1]);
    call.resolve("fresh result");
    expect(await fresh).toBe("fresh result");
  });

  it("an error of the engine reaches the caller of the current run", async () => {
    const run = extract("bad");
    (await callOf("bad")).reject(new Error("engine error"));
    await expect(run).rejects.toThrow("engine error");
  });
});

describe("signals", () => {
  it("are not posted to the worker: the engine gets its own arguments only", async () => {
    const controller = new AbortController();
    const run = bridge.engine.convertFfm("ffm", undefined, { signal: controller.signal });
    const call = await callOf("ffm");
    call.resolve("uws");
    expect(await run).toBe("uws");
    expect(call.method).toBe("convertFfm");
    expect(call.args).toEqual(["ffm", undefined]);
  });

  it("an abort drops the answer (null at once) and ends the worker computing it", async () => {
    const controller = new AbortController();
    const run = bridge.engine.extractUldTable("long", undefined, { signal: controller.signal });
    await callOf("long");
    controller.abort();
    expect(await run).toBeNull();
    expect(workers[0].terminated).toBe(true);
  });

  it("a signal aborted already runs nothing; a call without one is never dropped", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await bridge.engine.convertFfm("x", undefined, { signal: controller.signal }))
      .toBeNull();
    expect(workers).toHaveLength(0);
    const plain = bridge.engine.convertFfm("plain");
    const stale = extract("stale");
    await callOf("plain");
    extract("fresh");
    expect(await stale).toBeNull();
    (await callOf("plain")).resolve("kept");
    expect(await plain).toBe("kept");
  });
});

describe("runs of other kinds", () => {
  it("share one worker, and cancelling a stale extraction does not end a conversion", async () => {
    const conversion = convert("ffm");
    const stale = extract("stale");
    const convertCall = await callOf("ffm");
    await callOf("stale");
    expect(workers).toHaveLength(1);

    const fresh = extract("fresh");
    expect(await stale).toBeNull();
    // the conversion's worker is retired, not ended: the conversion still gets its result
    expect(workers[0].terminated).toBe(false);
    const freshCall = await callOf("fresh");
    expect(freshCall.worker).toBe(workers[1]);
    convertCall.resolve("uws");
    expect(await conversion).toBe("uws");
    // ... and then the retired worker ends, the stale extraction with it
    expect(workers[0].terminated).toBe(true);
    freshCall.resolve("table");
    expect(await fresh).toBe("table");
    expect(workers[1].terminated).toBe(false);
  });

  it("a crash tells every run on the worker to try again; the next run starts a fresh one", async () => {
    const conversion = convert("ffm");
    const extraction = extract("ucm");
    await callOf("ffm");
    await callOf("ucm");
    workers[0].crash();
    await expect(conversion).rejects.toThrow("The engine was restarted; please try again");
    await expect(extraction).rejects.toThrow("The engine was restarted; please try again");
    expect(workers[0].terminated).toBe(true);
    const again = extract("again");
    const call = await callOf("again");
    expect(call.worker).toBe(workers[1]);
    call.resolve("ok");
    expect(await again).toBe("ok");
  });
});

describe("an idle worker", () => {
  it("is stopped after a minute without runs, and a later run starts a new one", async () => {
    vi.useFakeTimers();
    const run = extract("one");
    (await callOf("one")).resolve("done");
    await run;
    vi.advanceTimersByTime(bridge.IDLE_MS - 1000);
    expect(workers[0].terminated).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(workers[0].terminated).toBe(true);
    const later = extract("later");
    const call = await callOf("later");
    expect(call.worker).toBe(workers[1]);
    call.resolve("ok");
    expect(await later).toBe("ok");
  });

  it("is not stopped while a run is going, however long it takes", async () => {
    vi.useFakeTimers();
    const long = convert("long");
    const call = await callOf("long");
    vi.advanceTimersByTime(bridge.IDLE_MS * 3);
    expect(workers[0].terminated).toBe(false);
    call.resolve("finally");
    expect(await long).toBe("finally");
  });
});

describe("warming the engine", () => {
  const warm = (text: string) => bridge.warm((e) => e.extractUldTable(text));

  it("starts the worker before any run, and the first run goes to that worker", async () => {
    warm("warm-up");
    const warmCall = await callOf("warm-up");
    expect(workers).toHaveLength(1);
    const run = extract("first");
    const call = await callOf("first");
    expect(call.worker).toBe(warmCall.worker);
    warmCall.resolve("dropped");
    call.resolve("table");
    expect(await run).toBe("table");
    expect(workers).toHaveLength(1);
  });

  it("keeps the worker from idling out while it runs, and lets it idle out after", async () => {
    vi.useFakeTimers();
    warm("warm-up");
    const warmCall = await callOf("warm-up");
    vi.advanceTimersByTime(bridge.IDLE_MS * 2);
    expect(workers[0].terminated).toBe(false);
    warmCall.resolve("dropped");
    await flush();
    vi.advanceTimersByTime(bridge.IDLE_MS);
    expect(workers[0].terminated).toBe(true);
  });

  it("does nothing while a worker is up, and warms again once an idle one has stopped", async () => {
    vi.useFakeTimers();
    const run = extract("one");
    (await callOf("one")).resolve("done");
    await run;
    warm("not needed");
    await flush();
    expect(calls.map((c) => c.arg)).toEqual(["one"]);
    vi.advanceTimersByTime(bridge.IDLE_MS);
    expect(workers[0].terminated).toBe(true);
    warm("again");
    expect((await callOf("again")).worker).toBe(workers[1]);
  });

  it("tells the warm-up whether a run waits behind it on its worker", async () => {
    const seen: boolean[] = [];
    let check: () => boolean = () => false;
    bridge.warm((e, alone) => {
      check = alone;
      return e.extractUldTable("warm-up");
    });
    const warmCall = await callOf("warm-up");
    seen.push(check());
    const run = extract("waiting");
    seen.push(check());
    (await callOf("waiting")).resolve("table");
    await run;
    await flush();
    seen.push(check());
    warmCall.resolve("dropped");
    expect(seen).toEqual([true, false, true]);
  });

  it("a failed warm-up is silent, and the next run still gets its answer", async () => {
    warm("warm-up");
    (await callOf("warm-up")).reject(new Error("engine error"));
    await flush();
    const run = extract("after");
    (await callOf("after")).resolve("ok");
    expect(await run).toBe("ok");
  });
});
