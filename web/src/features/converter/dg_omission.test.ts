// A DG omission in the converter store (issue 52): a UWS that lacks a DG code of the NOTOC is red,
// its omission leads the warnings, and no press copies it: Convert & Copy, its second press and
// Copy Output open the question, and only the dialog's yes copies. Which difference is an omission
// is the engine's finding (its kind), never worked out again here. The engine answers in-process.

import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { engineApi } from "../../../../engine/engine_api.ts";
import { convertFfm } from "../../../../engine/ffm/convert.ts";
import { matchUwsNtm } from "../../../../engine/ntm/uws_match.ts";
import { FFM_AC857 } from "../../../../engine/test_support/flight_ac857.ts";
import { useConverter } from "./converter.ts";
import { dgOmissions, missingCodes, omissionList } from "./dg_omission.ts";
import { doubtsOf } from "./status.ts";
import { useReference } from "../database/reference.ts";

vi.mock("../../lib/engine/bridge.ts", async (importOriginal) => ({
  ...await importOriginal<object>(),
  engine: engineApi,
}));

/** AC857/23 without DVA2345AC's MAG, and without DVA1234AC's RFG in the second case. */
const NO_MAG = FFM_AC857.replace("/HEA/MAG", "/HEA");
const NO_MAG_RFG = NO_MAG.replace("/RFG\n", "\n");
/** The NTM of AC857/23 in the teletype form: each ULD with its codes. */
const NOTOC = "NTM\nAC857/23APR LHR\nDVA1234AC RFG\nDVA2345AC MAG";

const initial = useConverter.getState();
let clipboard: string[] = [];

beforeEach(() => {
  useConverter.setState(initial, true);
  useReference.setState({ source: "built-in", options: {} });
  clipboard = [];
  vi.spyOn(navigator.clipboard, "writeText").mockImplementation((text: string) => {
    clipboard.push(text);
    return Promise.resolve();
  });
});
afterEach(() => vi.restoreAllMocks());

const state = () => useConverter.getState();

describe("the omissions are the engine's findings", () => {
  it("names each ULD with the codes the engine joined, and every code once", () => {
    const match = matchUwsNtm(convertFfm(NO_MAG_RFG).uwsOutput, NOTOC);
    const omissions = dgOmissions(match);
    expect(omissions).toEqual([
      { uldId: "DVA1234AC", codes: "RFG" },
      { uldId: "DVA2345AC", codes: "MAG" },
    ]);
    expect(omissionList(omissions)).toBe("DVA1234AC RFG; DVA2345AC MAG");
    expect(missingCodes([...omissions, { uldId: "X", codes: "MAG, ELI" }])).toBe("RFG, MAG, ELI");
  });

  it("DG on the UWS that the NOTOC lacks is no omission, nor is a failed match", () => {
    const notoc = NOTOC.replace("DVA1234AC RFG", "DVA1234AC");
    expect(dgOmissions(matchUwsNtm(convertFfm(FFM_AC857).uwsOutput, notoc))).toEqual([]);
    expect(dgOmissions(matchUwsNtm("", notoc))).toEqual([]);
    expect(dgOmissions(null)).toEqual([]);
  });

  it("the omission leads the warnings, marked critical, before the engine's own", () => {
    const ffm = NO_MAG.replace("ULD/DVA3456AC", "ULD/QQQ3456AC"); // tare 0 kg: a warning
    const r = convertFfm(ffm);
    const doubts = doubtsOf(r, matchUwsNtm(r.uwsOutput, NOTOC));
    expect(doubts[0]).toEqual({
      line: 0,
      critical: true,
      message: "NTM: DVA2345AC: MAG on the NOTOC, not on the UWS",
    });
    expect(doubts[1]).toEqual(r.warnings[0]);
    expect(doubts.filter((d) => d.critical)).toHaveLength(1);
  });
});

describe("no press copies a UWS that lacks the NOTOC's DG", () => {
  it("Convert & Copy is red and copies nothing; its next press and Copy Output ask first", async () => {
    state().update({ ffm: NO_MAG, ntm: NOTOC, matchNtm: true });
    await state().press();
    expect(state().output).toBe(convertFfm(NO_MAG).uwsOutput);
    expect(state().message).toEqual({
      tone: "error",
      critical: true,
      text: "DG on the NOTOC missing from the UWS: DVA2345AC MAG. Nothing was copied.",
    });
    expect(clipboard).toEqual([]);
    expect(state().dgAsk).toBeNull();

    await state().press(); // 'Copy anyway…'
    expect(state().dgAsk).toEqual([{ uldId: "DVA2345AC", codes: "MAG" }]);
    expect(clipboard).toEqual([]);
    await state().answerDgAsk(false);
    expect(state().dgAsk).toBeNull();
    expect(clipboard).toEqual([]);

    await state().copyOutput();
    expect(state().dgAsk).not.toBeNull();
    expect(clipboard).toEqual([]);
    await state().answerDgAsk(true);
    expect(clipboard).toEqual([convertFfm(NO_MAG).uwsOutput]);
    expect(state().dgAsk).toBeNull();
    expect(state().message).toEqual({
      tone: "error",
      critical: true,
      text: "UWS copied without the NOTOC's DG codes: DVA2345AC MAG. Check before sending.",
    });
  });

  it("a UWS edited after the match is no longer judged by it: Copy Output copies it", async () => {
    state().update({ ffm: NO_MAG, ntm: NOTOC, matchNtm: true, editable: true });
    await state().press();
    const fixed = state().output.replace(/(-DVA2345AC\/YYZ\/\d+A\/C)$/m, "$1.MAG");
    expect(fixed).not.toBe(state().output);
    state().update({ output: fixed });
    await state().copyOutput();
    expect(state().dgAsk).toBeNull();
    expect(clipboard).toEqual([fixed]);
  });
});
