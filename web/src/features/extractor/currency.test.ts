// The extractor's results belong to the message shown (issue 52): a new message marks them out
// of date, a list's Copy and the export refuse them, and a run that ends after the box changed
// shows its result out of date and copies nothing. The engine answers in-process; a test can hold
// its answer to edit the box while the run goes on.

import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { engineApi } from "../../../../engine/engine_api.ts";
import { afterRun, afterTyping, staleLine } from "./currency.ts";
import { useExtractor } from "./extractor.ts";
import type { UldTableResult } from "../../../../engine/types.ts";

const held = vi.hoisted(() => ({ gate: null as Promise<void> | null }));

// the worker cannot start under happy-dom: the engine answers in-process, after `held.gate`
vi.mock("../../lib/engine/bridge.ts", async (importOriginal) => ({
  ...await importOriginal<object>(),
  engine: new Proxy({}, {
    get: (_, name) => async (...args: unknown[]) => {
      if (held.gate !== null) await held.gate;
      return (engineApi[name as keyof typeof engineApi] as (...a: unknown[]) => unknown)(
        ...args.slice(0, -1), // the run options: no signal in-process
      );
    },
  }),
  warm: () => {},
}));

const UCM = "UCM\nPK719/26JUN.APBGL.IAH\nIN\n.PMC12345PK/IAH\nSI NIL";
const CPM = "CPM\nBA0117/16.GBZHA.C48Y312\n-11L/AKE12345BA/JFK/850/B\nSI NIL";
const STALE = "Out of date: the message changed after these results were made. " +
  "Press Run + Copy to extract it.";

const initial = useExtractor.getState();
let clipboard: string[] = [];

beforeEach(() => {
  useExtractor.setState(initial, true);
  clipboard = [];
  held.gate = null;
  vi.spyOn(navigator.clipboard, "writeText").mockImplementation((text: string) => {
    clipboard.push(text);
    return Promise.resolve();
  });
});
afterEach(() => vi.restoreAllMocks());

const result = { ok: true } as UldTableResult;

describe("currency's rules", () => {
  it("a text typed marks a result of another text out of date, once", () => {
    expect(afterTyping({ made: null, stale: false }, UCM)).toEqual({ input: UCM });
    expect(afterTyping({ made: UCM, stale: false }, UCM)).toEqual({ input: UCM });
    expect(afterTyping({ made: UCM, stale: false }, CPM)).toEqual({
      input: CPM,
      stale: true,
      message: { source: "run", ok: false, stale: true, text: STALE },
    });
    // already out of date: the text is taken without comparing it again
    expect(afterTyping({ made: UCM, stale: true }, UCM)).toEqual({ input: UCM });
  });

  it("a finished run is current only when the box still holds its text", () => {
    expect(afterRun(UCM, result, UCM)).toEqual({ result, selected: -1, made: UCM, stale: false });
    expect(afterRun(CPM, result, UCM)).toEqual({
      result,
      selected: -1,
      made: UCM,
      stale: true,
      message: staleLine(),
    });
  });
});

describe("the store", () => {
  it("a new message without Run: out of date, its Copy and export refused, Run makes it current", async () => {
    const s = () => useExtractor.getState();
    s().setInput(UCM);
    await s().run();
    expect(s().stale).toBe(false);
    expect(s().message?.text).toBe("Results copied to clipboard!");
    expect(clipboard).toHaveLength(1);

    s().setInput(CPM);
    expect(s().stale).toBe(true);
    expect(s().message).toEqual(staleLine());
    await s().copyList("Owned");
    expect(s().message).toEqual({
      source: "Owned",
      ok: false,
      text: "The results are out of date: run again before copying",
    });
    expect(await s().exportFile("csv")).toBeNull();
    expect(s().message?.text).toBe("The results are out of date: run again before exporting");
    expect(clipboard).toHaveLength(1);
    // the message in view changed: still out of date
    s().select(-1);
    expect(s().message).toEqual(staleLine());

    await s().run();
    expect(s().stale).toBe(false);
    expect(s().made).toBe(CPM);
    expect(clipboard[1]).toContain("AKE12345BA");
    await s().copyList("Owned");
    expect(clipboard[2]).toBe("AKE12345BA");

    s().clear();
    expect([s().made, s().stale, s().message]).toEqual([null, false, null]);
  });

  it("an edit made during a run: the result is out of date and nothing is copied", async () => {
    const s = () => useExtractor.getState();
    let release = () => {};
    held.gate = new Promise((done) => (release = done));
    s().setInput(UCM);
    const running = s().run();
    s().setInput(CPM);
    release();
    await running;
    expect(s().result?.ok).toBe(true);
    expect(s().made).toBe(UCM);
    expect(s().stale).toBe(true);
    expect(s().message).toEqual(staleLine());
    expect(clipboard).toEqual([]);
    expect(s().busy).toBe(false);
  });
});
