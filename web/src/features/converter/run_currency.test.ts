// A conversion belongs to the boxes only when they still hold what it ran on (issue 52): an edit
// made while it runs makes its result out of date when it ends, never green, not copied and not
// kept in the history. The engine answers in-process, after a gate a test can hold.

import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { engineApi } from "../../../../engine/engine_api.ts";
import { convertFfm } from "../../../../engine/ffm/convert.ts";
import { FFM_AC857 } from "../../../../engine/test_support/flight_ac857.ts";
import { changedDuring } from "./run_currency.ts";
import { useConverter } from "./converter.ts";
import { useHistory } from "./history.ts";
import { useReference } from "../database/reference.ts";

const held = vi.hoisted(() => ({
  /** The method held (null: none), until `gate` opens; `asked` is told when it is called. */
  method: null as string | null,
  gate: Promise.resolve(),
  asked: () => {},
}));

// the engine's functions answer in-process, the held one once its gate opens; they ignore the
// run options after their own arguments
vi.mock("../../lib/engine/bridge.ts", async (importOriginal) => ({
  ...await importOriginal<object>(),
  engine: new Proxy({}, {
    get: (_, name) => async (...args: unknown[]) => {
      if (name === held.method) {
        held.asked();
        await held.gate;
      }
      return (engineApi[name as keyof typeof engineApi] as (...a: unknown[]) => unknown)(...args);
    },
  }),
}));

/** AC857 (../shared/samples/ffm-03.txt), and another flight to paste over it. */
const AC857 = FFM_AC857;
const OTHER = "FFM/8\n1/CV1234/01APR/LUX\nDXB\n172-00122474CDGDXB/T4K800/CLOTHING\n" +
  "ULD/AKE01063CV\n172-00123012HAMDXB/S2K50/BOOKS\nLAST";

const initial = useConverter.getState();
let clipboard: string[] = [];
let kept: string[] = [];

/** Holds an engine method until `release` is called; `asked` resolves when it is called. */
function hold(method: string) {
  let release = () => {};
  held.method = method;
  held.gate = new Promise((done) => (release = done));
  const asked = new Promise<void>((done) => (held.asked = done));
  return { release, asked };
}
const holdTheEngine = () => hold("convertFfm").release;

/** Waits for the tasks a run left (its history entry is kept in a task of its own). */
const tasks = () => new Promise((done) => setTimeout(done, 0));

beforeEach(() => {
  useConverter.setState(initial, true);
  useReference.setState({ source: "built-in", options: {} });
  held.method = null;
  clipboard = [];
  kept = [];
  vi.spyOn(navigator.clipboard, "writeText").mockImplementation((text: string) => {
    clipboard.push(text);
    return Promise.resolve();
  });
  useHistory.setState({
    add: (texts) => {
      kept.push(texts.ffm);
      return Promise.resolve();
    },
  });
});
afterEach(() => vi.restoreAllMocks());

const state = () => useConverter.getState();

describe("changedDuring", () => {
  const started = { ffm: AC857, secondDest: "", showPer: false };
  it("names what changed since the run started, the FFM first", () => {
    expect(changedDuring(started, { ...started })).toBeNull();
    expect(changedDuring(started, { ...started, ffm: OTHER, secondDest: "YWG" })).toBe("the FFM");
    expect(changedDuring(started, { ...started, secondDest: "YWG" })).toBe("the 2nd Dest");
    expect(changedDuring(started, { ...started, showPer: true })).toBe("Show PER");
  });
});

describe("an edit made during a conversion", () => {
  it("the next flight pasted: AC857's UWS shown out of date, not copied, not kept", async () => {
    const release = holdTheEngine();
    state().update({ ffm: AC857 });
    const running = state().press();
    state().update({ ffm: OTHER });
    release();
    await running;
    await tasks();
    expect(state().output).toBe(convertFfm(AC857).uwsOutput);
    expect(state().stale).toBe(true);
    expect(state().message).toMatchObject({ tone: "stale" });
    expect(state().message?.text).toMatch(/^Out of date: the FFM changed/);
    expect(clipboard).toEqual([]);
    expect(kept).toEqual([]);
    await state().copyOutput();
    expect(clipboard).toEqual([]);

    // converted again: the FFM shown, green, copied and kept
    await state().press();
    await tasks();
    expect(state().stale).toBe(false);
    expect(clipboard).toEqual([convertFfm(OTHER).uwsOutput]);
    expect(kept).toEqual([OTHER]);
  });

  it("an FFM edited while the reference lists load: the run converts the text it was pressed on", async () => {
    let loaded = () => {};
    const loading = new Promise<void>((done) => (loaded = done));
    useReference.setState({
      source: null,
      load: async () => {
        await loading;
        useReference.setState({ source: "built-in", options: {} });
      },
    });
    state().update({ ffm: AC857 });
    const running = state().press();
    state().update({ ffm: OTHER });
    loaded();
    await running;
    await tasks();
    // never OTHER's UWS under AC857's inputs, nor a history pair of the two
    expect(state().output).toBe(convertFfm(AC857).uwsOutput);
    expect(state().made?.ffm).toBe(AC857);
    expect(state().stale).toBe(true);
    expect(kept).toEqual([]);
    expect(clipboard).toEqual([]);
  });

  it("a 2nd Dest typed during the run: out of date by the 2nd Dest, which stays as typed", async () => {
    const release = holdTheEngine();
    state().update({ ffm: AC857 });
    const running = state().press();
    state().update({ secondDest: "YWG" });
    release();
    await running;
    expect(state().stale).toBe(true);
    expect(state().message?.text).toMatch(/^Out of date: the 2nd Dest changed/);
    expect(state().secondDest).toBe("YWG");
    expect(clipboard).toEqual([]);
  });

  it("the NTM edited during the match: its answer is dropped and nothing is copied", async () => {
    state().update({ ffm: AC857, ntm: "NOTOC one", matchNtm: true });
    const { release, asked } = hold("matchUwsNtm");
    const running = state().press();
    await asked; // converted; the match waits
    state().update({ ntm: "NOTOC two" });
    release();
    await running;
    expect(state().match).toBeNull();
    expect(clipboard).toEqual([]);
    expect(state().stale).toBe(false); // the UWS itself is the FFM's shown
  });
});
