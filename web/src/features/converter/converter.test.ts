// The converter store as a night shift uses it: one flight after another in the same boxes. The
// output always belongs to the FFM shown (an edit marks it out of date and Copy Output refuses),
// a typed 2nd Dest stays with its flight, and a result with warnings is never copied unread.
// The engine answers in-process in place of the worker.

import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { engineApi } from "../../../../engine/engine_api.ts";
import { convertFfm } from "../../../../engine/ffm/convert.ts";
import { FFM_AC857 } from "../../../../engine/test_support/flight_ac857.ts";
import { CONVERTER_TEXTS, useConverter } from "./converter.ts";
import { RESTARTED } from "../../lib/engine/bridge.ts";
import { setLanguage } from "../../i18n/i18n.ts";
import { useReference } from "../database/reference.ts";

// the engine's functions answer in-process (they are synchronous; the store awaits them, and
// they ignore the run options after their own arguments)
vi.mock("../../lib/engine/bridge.ts", async (importOriginal) => ({
  ...await importOriginal<object>(),
  engine: engineApi,
}));

/** ../shared/samples/ffm-03.txt: AC857 LHR to YYZ, one point of unloading. */
const FFM03 = FFM_AC857;
/** ../shared/samples/ffm-08.txt: CV1234 LUX to DXB, then HKG. */
const FFM08 = [
  "FFM/8",
  "1/CV1234/01APR/LUX",
  "DXB",
  "172-00122474CDGDXB/T4K800MC4.8/CLOTHING",
  "172-00123012HAMAUH/S1K25MC0.1T3/BOOKS",
  "ULD/AKE01063CV",
  "172-00123012HAMAUH/S2K50MC0.2T3/BOOKS",
  "172-00123060STRDXB/T5K200MC1.2/MACHINE PARTS",
  "172-00123023LHRDXB/T3K30MC0.13/COMPACT DISCS",
  "ULD/AKE01070CV",
  "172-00123071STRDXB/T80K300MC0.7/WATCHES",
  "HKG",
  "172-00123034LHRHKG/T10K400MC1.2/GARMENTS",
  "ULD/PMC12345CV",
  "172-00123056LUXHKG/T5K2500MC15/PORCELAINE",
  "LAST",
].join("\n");
/** ffm-08 with one consignment line that cannot be read (no weight): its weight is not in the UWS. */
const UNREADABLE = FFM08.replace(
  "172-00123034LHRHKG/T10K400MC1.2",
  "172-00123034LHRHKG/T10X400MC1.2",
);

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

describe("the output belongs to the FFM shown", () => {
  it("a 2nd Dest typed for AC857 is cleared when CV1234 is converted, and the UWS is ffm-08's own", async () => {
    state().update({ ffm: FFM03, secondDest: "YWG" });
    await state().press();
    expect(state().output).toBe(convertFfm(FFM03, { secondDestination: "YWG" }).uwsOutput);
    expect(clipboard).toHaveLength(1);

    state().update({ ffm: FFM08 });
    expect(state().stale).toBe(true);
    expect(state().message?.tone).toBe("stale");
    await state().copyOutput();
    expect(state().message?.text).toBe(CONVERTER_TEXTS.staleCopy);
    expect(clipboard).toHaveLength(1);

    await state().press();
    const own = convertFfm(FFM08).uwsOutput;
    expect(state().output).toBe(own);
    expect(own).not.toMatch(/-YWG/);
    expect(own).toMatch(/-PMC12345CV\/HKG\/2630A\/C/);
    expect(own).toMatch(/-HKG\/400A\/C/);
    expect(state().secondDest).toBe("");
    expect(state().stale).toBe(false);
    expect(state().message?.text).toContain(
      "2nd Dest YWG was typed for AC857/23: cleared for CV1234/01",
    );
    expect(clipboard).toEqual([convertFfm(FFM03, { secondDestination: "YWG" }).uwsOutput, own]);
  });

  it("the same flight edited keeps its typed 2nd Dest", async () => {
    state().update({ ffm: FFM03, secondDest: "YWG" });
    await state().press();
    state().update({ ffm: FFM03.replace("T1K120", "T1K121") });
    await state().press();
    expect(state().secondDest).toBe("YWG");
    expect(state().output).toMatch(/-YWG\//);
  });

  it("a 2nd Dest typed after converting marks the output out of date", async () => {
    state().update({ ffm: FFM03 });
    await state().press();
    state().update({ secondDest: "YWG" });
    expect(state().stale).toBe(true);
    await state().copyOutput();
    expect(clipboard).toHaveLength(1);
    expect(state().message?.text).toBe(CONVERTER_TEXTS.staleCopy);
  });

  it("new reference lists mark the output out of date; the same lists do not", async () => {
    state().update({ ffm: FFM03 });
    await state().press();
    useReference.setState({ options: {} });
    expect(state().stale).toBe(false);
    useReference.setState({ options: { uldWeights: { DVA: 100 } } });
    expect(state().stale).toBe(true);
  });
});

describe("a doubtful result is never green", () => {
  it("a manifest with an unreadable consignment line is amber and copied only on the second press", async () => {
    state().update({ ffm: UNREADABLE });
    await state().press();
    const r = convertFfm(UNREADABLE);
    expect(r.warnings.length).toBeGreaterThan(0);
    expect(state().output).toBe(r.uwsOutput);
    expect(state().message?.tone).toBe("warning");
    expect(state().message?.text).toContain(
      `Converted with ${r.warnings.length} warning${
        r.warnings.length === 1 ? "" : "s"
      }: check before sending`,
    );
    expect(clipboard).toEqual([]);
    expect(state().confirmCopy).toBe(true);
    await state().press();
    expect(clipboard).toEqual([r.uwsOutput]);
    expect(state().message?.tone).toBe("warning");
    expect(state().confirmCopy).toBe(false);
  });

  it("an NTM that does not match is amber and not copied", async () => {
    // DVA2345AC's MAG is on the UWS and not on the NTM: amber (DG the UWS lacks is red,
    // dg_omission.test.ts)
    state().update({
      ffm: FFM03,
      ntm: "NTM\nAC857/23APR LHR\nDVA1234AC RFG\nDVA2345AC",
      matchNtm: true,
    });
    await state().press();
    expect(state().match?.matched).toBe(false);
    expect(state().message?.tone).toBe("warning");
    expect(clipboard).toEqual([]);
  });

  it("Match NTM with an empty NTM converts and says the match was skipped; Clear all unticks it", async () => {
    state().update({ ffm: FFM03, matchNtm: true });
    await state().press();
    expect(state().output).toBe(convertFfm(FFM03).uwsOutput);
    expect(state().message?.text).toContain(CONVERTER_TEXTS.matchSkipped);
    state().clear();
    expect(state().matchNtm).toBe(false);
  });
});

describe("spec texts", () => {
  it("a missing header or footer gives the spec's words, with 'Error: {reason}'", async () => {
    state().update({ ffm: "1/MS985/22MAR/CAI\nJFK\nLAST" });
    await state().press();
    expect(state().message?.text).toBe("Failed to convert FFM to UWS: Invalid FFM header");
    expect(state().message?.detail).toBe("Error: Invalid FFM header");
    state().update({ ffm: "FFM/8\n1/MS985/22MAR/CAI\nJFK\n077-12345675CAIJFK/T2K100/PARTS" });
    await state().press();
    expect(state().message?.text).toBe(
      "Failed to convert FFM to UWS: Invalid FFM footer - must end with LAST or CONT",
    );
  });

  it("an engine that crashed is said in the page's words, in the language shown", async () => {
    vi.spyOn(engineApi, "convertFfm").mockImplementation(() => {
      throw new Error(RESTARTED);
    });
    state().update({ ffm: FFM03 });
    await setLanguage("ar");
    try {
      await state().press();
      expect(state().message?.detail).toBe("خطأ: أُعيد تشغيل محرك التحويل؛ يرجى المحاولة مرة أخرى");
    } finally {
      await setLanguage("en");
    }
    await state().press();
    expect(state().message?.detail).toBe(`Error: ${RESTARTED}`);
  });
});
