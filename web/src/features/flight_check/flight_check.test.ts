// The flight check store as a load controller uses it: an empty paste is refused before the
// engine runs; the check gets the converter's lists, 2nd Dest and Show PER with the tolerances; a
// paste the engine cannot read shows its reason and keeps the paste; an edit makes the findings
// out of date; the paste and tolerances stay on the device until a sign-out. The engine answers
// in-process in place of the worker.

import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkFlight } from "../../../../engine/flight/check.ts";
import { convertFfm } from "../../../../engine/ffm/convert.ts";
import { FLIGHT_TEXTS as ENGINE_TEXTS } from "../../../../engine/flight/texts.ts";
import type { FlightCheckOptions, FlightCheckResult } from "../../../../engine/flight/types.ts";
import { CPM_AC857, FFM_AC857, UCM_AC857 } from "../../../../engine/test_support/flight_ac857.ts";
import { sessionOf } from "../../test_support/session.ts";
import { useConverter } from "../converter/converter.ts";
import { FLIGHT_CHECK_KEY, FLIGHT_TEXTS, staleCause, useFlightCheck } from "./flight_check.ts";
import { useReference } from "../database/reference.ts";
import { useSession } from "../shell/session.ts";

/** The engine as the store sees it: the real check, watched; a test may answer in its place. */
const engine = vi.hoisted(() => ({ checkFlight: null as unknown as ReturnType<typeof vi.fn> }));
vi.mock("../../lib/engine/bridge.ts", async (importOriginal) => ({
  ...await importOriginal<object>(),
  engine,
}));

const FFM03 = FFM_AC857;
/** CV1234/01 LUX to DXB, then HKG (ffm-08's shape, shortened). */
const FFM08 = [
  "FFM/8",
  "1/CV1234/01APR/LUX",
  "DXB",
  "ULD/AKE01063CV",
  "172-00123060STRDXB/T5K200MC1.2/MACHINE PARTS",
  "HKG",
  "ULD/PMC12345CV",
  "172-00123056LUXHKG/T5K2500MC15/PORCELAINE",
  "LAST",
].join("\n");
const FLIGHT = [FFM03, CPM_AC857, UCM_AC857].join("\n");
/** The CPM weighs DVA3456AC 500 kg, 122 kg over its UWS gross of 378. */
const HEAVY = FLIGHT.replace("-13L/DVA3456AC/YYZ/378/C", "-13L/DVA3456AC/YYZ/500/C");

const initial = useFlightCheck.getState();
const initialConverter = useConverter.getState();
let clipboard: string[] = [];

beforeEach(() => {
  localStorage.clear();
  useFlightCheck.setState(initial, true);
  useConverter.setState(initialConverter, true);
  useReference.setState({ source: "built-in", options: {} });
  engine.checkFlight = vi.fn(checkFlight);
  clipboard = [];
  vi.spyOn(navigator.clipboard, "writeText").mockImplementation((text: string) => {
    clipboard.push(text);
    return Promise.resolve();
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  useSession.setState({ user: null });
});

const state = () => useFlightCheck.getState();
const optionsOf = (call: number) => engine.checkFlight.mock.calls[call][1] as FlightCheckOptions;

describe("a check", () => {
  it("refuses an empty paste with the engine's words, without running the engine", async () => {
    state().update({ text: "  \n " });
    await state().check();
    expect(state().status).toEqual({
      tone: "error",
      text: "Please paste the flight's messages first.",
    });
    expect(state().result).toBeNull();
    expect(engine.checkFlight).not.toHaveBeenCalled();
  });

  it("says in English what the engine's report says (the page holds the words itself)", () => {
    expect(FLIGHT_TEXTS.empty).toBe(ENGINE_TEXTS["flight:empty"]);
    expect(FLIGHT_TEXTS.none).toBe(ENGINE_TEXTS["flight:no_findings"]);
    expect(FLIGHT_TEXTS.uwsFromFfm).toBe(ENGINE_TEXTS["flight:uws_from_ffm"]);
  });

  it("refuses an emptied or negative tolerance", async () => {
    state().update({ text: FLIGHT, toleranceKg: null });
    await state().check();
    expect(state().status?.text).toBe(FLIGHT_TEXTS.tolerance);
    state().update({ toleranceKg: -1 });
    await state().check();
    expect(state().status?.text).toBe(FLIGHT_TEXTS.tolerance);
    expect(engine.checkFlight).not.toHaveBeenCalled();
  });

  it("gives the engine the converter's lists, 2nd Dest and Show PER, and the tolerances", async () => {
    const lists = { dgslCodes: ["RFG", "MAG"], xdgslCodes: ["AVD"], lightAke: [] };
    useReference.setState({ source: "server", options: lists });
    // the 2nd Dest AC857/23 was converted with (second_dest.test.ts: only that flight's)
    useConverter.setState({
      secondDest: "YWG",
      showPer: true,
      result: convertFfm(FFM03, { secondDestination: "YWG" }),
      made: { ffm: FFM03, secondDest: "YWG", showPer: true, lists: "" },
    });
    state().update({ text: FLIGHT, toleranceKg: 20, tolerancePercent: 2 });
    await state().check();
    expect(engine.checkFlight).toHaveBeenCalledTimes(1);
    expect(engine.checkFlight.mock.calls[0][0]).toBe(FLIGHT);
    expect(optionsOf(0)).toEqual({
      ...lists,
      secondDestination: "YWG",
      showPerInUws: true,
      toleranceKg: 20,
      tolerancePercent: 2,
    });
    expect(state().result?.ok).toBe(true);
    expect(state().result?.uwsFromFfm).toBe(true);
  });

  it("the tolerances decide a weight finding: 122 kg apart is one at 50 kg, none at 150 kg", async () => {
    state().update({ text: HEAVY });
    await state().check();
    expect(state().result?.findings.map((f) => [f.severity, f.uldId])).toEqual([
      ["minor", "DVA3456AC"],
    ]);
    state().update({ toleranceKg: 150 });
    await state().check();
    expect(state().result?.findings).toEqual([]);
  });

  it("drops a 2nd Dest converted with another flight, and says so", async () => {
    useConverter.setState({
      secondDest: "HKG",
      result: convertFfm(FFM08, { secondDestination: "HKG" }),
      made: { ffm: FFM08, secondDest: "HKG", showPer: false, lists: "" },
    });
    state().update({ text: FLIGHT });
    await state().check();
    expect(engine.checkFlight.mock.calls.map((c) => (c[1] as FlightCheckOptions).secondDestination))
      .toEqual(["HKG", ""]);
    expect(state().status).toBeNull();
    expect(state().secondDest).toEqual({
      used: "",
      flight: "AC857/23",
      leftOut: { code: "HKG", typedFor: "CV1234/01" },
    });
    expect(state().result).toEqual(checkFlight(FLIGHT, { secondDestination: "" }));
  });

  it("never uses a 2nd Dest typed in the converter and not converted", async () => {
    useConverter.setState({ secondDest: "YWG" });
    state().update({ text: FLIGHT });
    await state().check();
    expect(optionsOf(0).secondDestination).toBe("");
    expect(engine.checkFlight).toHaveBeenCalledTimes(1);
    expect(state().secondDest).toEqual({
      used: "",
      flight: "AC857/23",
      leftOut: { code: "YWG", typedFor: null },
    });
  });
});

describe("a paste the engine cannot read", () => {
  it("shows the engine's reason and keeps the paste; nothing to copy", async () => {
    const refused: FlightCheckResult = checkFlight(
      FLIGHT.replace("AC857/23.CFIVQ.YYZ", "AC858/23.CFIVQ.YYZ"),
    );
    expect(refused.ok).toBe(false);
    engine.checkFlight = vi.fn(() => refused);
    state().update({ text: FLIGHT });
    await state().check();
    expect(state().error).toBe(refused.error);
    expect(state().error).toMatch(/AC858\/23/);
    expect(state().text).toBe(FLIGHT);
    await state().copyFindings();
    expect(clipboard).toEqual([]);
  });

  it("a worker that fails says why, and the paste stays", async () => {
    engine.checkFlight = vi.fn(() => {
      throw new Error("The engine was restarted; please try again");
    });
    state().update({ text: FLIGHT });
    await state().check();
    expect(state().error).toBe("The engine was restarted; please try again");
    expect(state().result).toBeNull();
    expect(state().busy).toBe(false);
    expect(state().text).toBe(FLIGHT);
  });
});

describe("Copy findings", () => {
  it("new reference lists make the findings out of date, until the flight is checked again", async () => {
    state().update({ text: HEAVY });
    await state().check();
    useReference.setState({ options: {} }); // the same lists again
    expect(state().stale).toBe(false);
    useReference.setState({ options: { uldWeights: { DVA: 100 } } });
    expect(state().stale).toBe(true);
    expect(staleCause()).toBe("lists");
    state().update({ text: HEAVY }); // an edit that keeps the paste does not make it current
    expect(state().stale).toBe(true);
    await state().copyFindings();
    expect(state().status?.text).toBe(FLIGHT_TEXTS.staleCopy);
    expect(clipboard).toEqual([]);
    await state().check();
    expect(state().stale).toBe(false);
    expect(optionsOf(1).uldWeights).toEqual({ DVA: 100 });
  });

  it("copies the report; after an edit refuses until the flight is checked again", async () => {
    state().update({ text: HEAVY });
    await state().check();
    await state().copyFindings();
    expect(clipboard).toEqual([checkFlight(HEAVY).report]);
    expect(clipboard[0]).toContain("MINOR DVA3456AC: CPM weight 500 kg");
    expect(state().status).toEqual({ tone: "success", text: FLIGHT_TEXTS.copied });

    state().update({ text: FLIGHT });
    expect(state().stale).toBe(true);
    await state().copyFindings();
    expect(state().status?.text).toBe(FLIGHT_TEXTS.staleCopy);
    expect(clipboard).toHaveLength(1);
    state().update({ text: HEAVY }); // back to what was checked
    expect(state().stale).toBe(false);
    state().update({ tolerancePercent: 6 });
    expect(state().stale).toBe(true);

    await state().check();
    await state().copyFindings();
    expect(clipboard[1]).toBe(checkFlight(HEAVY, { tolerancePercent: 6 }).report);
  });

  it("an edit made during the check: its result is of a paste no longer shown (issue 52)", async () => {
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    engine.checkFlight = vi.fn(async (...args: Parameters<typeof checkFlight>) => {
      await held;
      return checkFlight(...args);
    });
    state().update({ text: FLIGHT });
    const running = state().check();
    state().update({ text: HEAVY });
    release();
    await running;
    expect(state().result?.ok && state().result?.flight).toBe("AC857/23");
    expect(state().made?.text).toBe(FLIGHT);
    expect(state().stale).toBe(true);
    expect(staleCause()).toBe("inputs");
    await state().copyFindings();
    expect(state().status?.text).toBe(FLIGHT_TEXTS.staleCopy);
    expect(clipboard).toEqual([]);
  });
});

describe("on the device", () => {
  it("keeps the paste and tolerances across a reload, and forgets the paste at sign-out", async () => {
    useSession.setState({ user: sessionOf("S1", "user") });
    state().update({ text: FLIGHT, toleranceKg: 80 });
    await state().check();
    const kept = JSON.parse(localStorage.getItem(FLIGHT_CHECK_KEY) ?? "null");
    expect(kept).toEqual({
      state: { text: FLIGHT, toleranceKg: 80, tolerancePercent: 5 },
      version: 1,
    });

    vi.resetModules();
    const again = await import("./flight_check.ts");
    expect(again.useFlightCheck.getState().text).toBe(FLIGHT);
    expect(again.useFlightCheck.getState().toleranceKg).toBe(80);

    useSession.setState({ user: null });
    expect(state().text).toBe("");
    expect(state().result).toBeNull();
    expect(state().toleranceKg).toBe(80);
    expect(JSON.parse(localStorage.getItem(FLIGHT_CHECK_KEY) ?? "null").state.text).toBe("");
  });

  it("a stored value that is not the store's shape counts as none", async () => {
    localStorage.setItem(
      FLIGHT_CHECK_KEY,
      JSON.stringify({ state: { text: 5, toleranceKg: 50, tolerancePercent: 5 }, version: 1 }),
    );
    vi.resetModules();
    const again = await import("./flight_check.ts");
    expect(again.useFlightCheck.getState().text).toBe("");
  });
});
