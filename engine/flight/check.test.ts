// The flight check on flight AC857/23: ffm-03.txt, the 64-column NOTOC and the CPM and UCM of
// test_support tell the same story, so the check finds nothing; each finding kind then comes from
// one changed line. The expected values are worked out by hand from the samples.

import { describe, expect, it } from "vitest";
import { CPM_AC857, FFM_AC857, UCM_AC857, UWS_AC857 } from "../test_support/flight_ac857.ts";
import {
  ac857,
  type FlightParts,
  ONE_LINE_CHANGES,
  pasteOf,
} from "../test_support/flight_changes.ts";
import { sample } from "../test_support/samples.ts";
import { renderText } from "../messages/texts.ts";
import { checkFlight } from "./check.ts";
import { FLIGHT_TEXTS } from "./texts.ts";

const FFM = sample("ffm-03.txt");
const NOTOC = sample("ntm-01-notoc-64col.txt");
const UWS = UWS_AC857;

const flight = (parts: Partial<FlightParts>) => pasteOf({ ...ac857(), ...parts });

const kinds = (text: string) => checkFlight(text).findings.map((f) => `${f.kind} ${f.uldId}`);

describe("checkFlight on AC857/23", () => {
  it("finds nothing when the messages agree, and lays out every ULD", () => {
    const r = checkFlight(flight({}));
    expect(r.ok).toBe(true);
    expect(r.flight).toBe("AC857/23");
    expect(r.messages).toEqual([
      { kind: "FFM", line: 1, flight: "AC857/23" },
      { kind: "NTM", line: 26, flight: "AC857/23" },
      { kind: "CPM", line: 67, flight: "AC857/23" },
      { kind: "UCM", line: 74, flight: "AC857/23" },
    ]);
    expect(r.uwsFromFfm).toBe(true);
    expect(r.findings).toEqual([]);
    expect(r.notes).toEqual([]);
    expect(r.ulds).toEqual([
      {
        uldId: "DVA1234AC",
        destination: "YYZ",
        ffmCargoWeight: 514, // 15 + 400 + 90 + 9
        uwsGross: 584,
        codes: { ffm: ["RFG"], uws: ["RFG"], ntm: ["RFG"] },
        ntmPosition: "11L",
        cpm: { position: "11L", weight: 584, destination: "YYZ", loadType: "C" },
        ucm: "out",
      },
      {
        uldId: "DVA2345AC",
        destination: "YYZ",
        ffmCargoWeight: 405, // 380 + 25
        uwsGross: 475,
        codes: { ffm: ["MAG"], uws: ["MAG"], ntm: ["MAG"] },
        ntmPosition: "12R",
        cpm: { position: "12R", weight: 475, destination: "YYZ", loadType: "C" },
        ucm: "out",
      },
      {
        uldId: "DVA3456AC",
        destination: "YYZ",
        ffmCargoWeight: 308, // 100 + 7 + 1 + 200
        uwsGross: 378,
        codes: { ffm: [], uws: [], ntm: null },
        ntmPosition: null,
        cpm: { position: "13L", weight: 378, destination: "YYZ", loadType: "C" },
        ucm: "out",
      },
    ]);
    expect(r.report).toBe([
      "Flight check AC857/23",
      "Messages: FFM line 1, NOTOC line 26, CPM line 67, UCM line 74",
      "No UWS in the paste: the converter's UWS was used",
      "ULDs: 3",
      "No findings: the messages tell the same story.",
    ].join("\n"));
  });

  it("reads the sample: the web's copy of ffm-03.txt is the file", () => {
    expect(FFM_AC857).toBe(FFM.trimEnd());
  });

  it("reads the messages in any order, the 40-column NOTOC and a pasted UWS the same way", () => {
    const text = [UCM_AC857, sample("ntm-02-notoc-40col.txt"), UWS, CPM_AC857, FFM].join("\n");
    const r = checkFlight(text);
    expect(r.messages.map((m) => `${m.kind} ${m.line}`)).toEqual([
      "UCM 1",
      "NTM 6",
      "UWS 57", // its routing lines are its own, not the NOTOC's (50 lines and the file's end)
      "CPM 67",
      "FFM 74",
    ]);
    expect(r.uwsFromFfm).toBe(false);
    expect(r.findings).toEqual([]);
  });

  it("makes each finding kind from one changed line, and nothing else", () => {
    expect(new Set(ONE_LINE_CHANGES.map((c) => c.kind)).size).toBe(14);
    for (const { kind, change, findings } of ONE_LINE_CHANGES) {
      const parts = ac857();
      const r = checkFlight(pasteOf({ ...parts, ...change(parts) }));
      expect(r.findings.map((f) => [f.severity, f.kind, f.message]), kind).toEqual(findings);
      expect(r.findings.some((f) => f.kind === kind), kind).toBe(true);
      for (const f of r.findings) {
        // each finding's text is its code's template with its values (the web shows it by code)
        const template = FLIGHT_TEXTS[f.code as keyof typeof FLIGHT_TEXTS];
        expect(renderText(template, f.params), kind).toBe(f.message);
      }
    }
  });

  it("writes each finding for a person, most serious first", () => {
    const r = checkFlight(flight({
      notoc: NOTOC.replace("RFG  N      11L", "RLI  N      11L"),
      cpm: CPM_AC857.replace("-12R/", "-22R/").replace("/475/", "/560/"),
    }));
    expect(r.findings).toEqual([
      {
        severity: "critical",
        kind: "dg-not-on-ntm",
        uldId: "DVA1234AC",
        code: "flight:dg_ffm_uws_not_on_ntm",
        params: { uld: "DVA1234AC", codes: "RFG" },
        message: "DVA1234AC: RFG on the FFM and the UWS, not on the NOTOC",
      },
      {
        severity: "major",
        kind: "position",
        uldId: "DVA2345AC",
        code: "flight:position",
        params: { uld: "DVA2345AC", ntm: "12R", cpm: "22R" },
        message: "DVA2345AC: position 12R on the NOTOC, 22R on the CPM",
      },
      {
        severity: "minor",
        kind: "weight",
        uldId: "DVA2345AC",
        code: "flight:weight",
        params: { uld: "DVA2345AC", cpm: 560, uws: 475, off: 85, tolerance: 50 },
        message: "DVA2345AC: CPM weight 560 kg, UWS gross 475 kg: 85 kg apart (tolerance 50 kg)",
      },
    ]);
    expect(r.notes).toEqual([{
      code: "flight:unlisted_code",
      params: { uld: "DVA1234AC", code: "RLI" },
      message: "DVA1234AC: RLI is not in the DGSL list, so the UWS cannot carry it",
    }]);
    expect(r.report.split("\n").slice(4)).toEqual([
      "Findings: 3",
      "CRITICAL DVA1234AC: RFG on the FFM and the UWS, not on the NOTOC",
      "MAJOR DVA2345AC: position 12R on the NOTOC, 22R on the CPM",
      "MINOR DVA2345AC: CPM weight 560 kg, UWS gross 475 kg: 85 kg apart (tolerance 50 kg)",
      "Notes:",
      "- DVA1234AC: RLI is not in the DGSL list, so the UWS cannot carry it",
    ]);
  });

  it("names each destination once with the messages that give it", () => {
    const r = checkFlight(flight({ cpm: CPM_AC857.replace("DVA2345AC/YYZ", "DVA2345AC/YWG") }));
    expect(r.findings).toEqual([{
      severity: "major",
      kind: "destination",
      uldId: "DVA2345AC",
      code: "flight:destination",
      params: { uld: "DVA2345AC", places: "YYZ on the FFM, the UWS and the NOTOC, YWG on the CPM" },
      message: "DVA2345AC: destination YYZ on the FFM, the UWS and the NOTOC, YWG on the CPM",
      places: [
        { airport: "YYZ", messages: ["FFM", "UWS", "NOTOC"] },
        { airport: "YWG", messages: ["CPM"] },
      ],
    }]);
  });

  it("takes the weight tolerance as the larger of its kg and its percent", () => {
    const heavy = flight({ cpm: CPM_AC857.replace("/584/", "/630/") }); // 46 kg over 584
    expect(kinds(heavy)).toEqual([]);
    // 8% of 584 is 46.72, over the 46 kg apart; 40 kg and 1% are not
    expect(checkFlight(heavy, { toleranceKg: 40, tolerancePercent: 8 }).findings).toEqual([]);
    expect(checkFlight(heavy, { toleranceKg: 40, tolerancePercent: 1 }).findings.map((f) => f.kind))
      .toEqual(["weight"]);
  });
});

describe("checkFlight refusals and notes", () => {
  it("refuses a message of another flight by name", () => {
    const r = checkFlight(flight({ cpm: CPM_AC857.replace("AC857/23", "AC858/23") }));
    expect(r.ok).toBe(false);
    expect(r.error).toBe(
      "The CPM at line 67 is for flight AC858/23, not AC857/23: paste the messages of one flight.",
    );
    expect(r.errorCode).toBe("flight:other_flight");
    expect(r.errorParams).toEqual({ kind: "CPM", line: 67, other: "AC858/23", flight: "AC857/23" });
  });

  it("asks for a paste, and says when nothing in it is a message it reads", () => {
    expect(checkFlight(" \n")).toMatchObject({
      error: "Please paste the flight's messages first.",
      errorCode: "flight:empty",
    });
    const junk = checkFlight("HELLO\nWORLD");
    expect(junk).toMatchObject({
      error: "No FFM, UWS, NOTOC, CPM or UCM message was found in the paste.",
      errorCode: "flight:no_message",
    });
    expect(junk.errorParams).toBeUndefined();
    expect(junk.warnings).toEqual([{
      line: 1,
      code: "flight:lines_not_a_message",
      params: { first: 1, last: 2 },
      message: "Lines 1-2 are not a message the flight check reads",
    }]);
  });

  it("names a message of no flight, an FFM it cannot read, and a message given twice", () => {
    expect(checkFlight("CPM\nHELLO\n-11L/AKE12345AC/YYZ/300/C")).toMatchObject({
      error: "The CPM at line 1 names no flight.",
      errorCode: "flight:names_no_flight",
      errorParams: { kind: "CPM", line: 1 },
    });
    const why = "No point of unloading found: the line after the flight line must be the " +
      "airport of unloading (e.g. JFK)";
    const ffm = checkFlight("FFM/8\n1/AC857/23APR/LHR/HB-IHA\nLAST");
    expect(ffm).toMatchObject({
      error: `The FFM cannot be read: ${why}`,
      errorCode: "flight:ffm_unreadable",
      errorParams: { reason: why },
      ffmError: { message: why },
    });
    const ntm = "NTM\nAC857/23APR LHR\nAKE12345AC PER";
    const twice = checkFlight(`${ntm}\n${ntm.replace("NTM", "NOTOC")}`);
    expect(twice.warnings).toEqual([{
      line: 1,
      code: "flight:later_message",
      params: { kind: "NOTOC", line: 1, other: "NTM" },
      message: "The NOTOC at line 1 is followed by another NTM: the last one is checked",
    }]);
  });

  it("keeps PER that the UWS leaves out by setting as a note, not a finding", () => {
    const ffm = [
      "FFM/8",
      "1/AC857/23APR/LHR/HB-IHA",
      "YYZ",
      "ULD/AKE12345AC",
      "014-27469212LHRYYZ/T1K14MC0.08/MEDICINES",
      "/PER",
      "LAST",
    ].join("\n");
    const ntm = "NTM\nAC857/23APR LHR\nAKE12345AC PER";
    const off = checkFlight(`${ffm}\n${ntm}`);
    expect(off.findings).toEqual([]);
    expect(off.notes).toEqual([{
      code: "flight:per_by_setting",
      params: { uld: "AKE12345AC", code: "PER" },
      message: "AKE12345AC: PER on the NOTOC is not on the UWS, as 'Show PER in UWS' is off",
    }]);
    const on = checkFlight(`${ffm}\n${ntm}`, { showPerInUws: true });
    expect(on.findings).toEqual([]);
    expect(on.notes).toEqual([]);
  });

  it("reads an FFM in two parts and ignores an SCM with a warning", () => {
    const part1 = FFM.replace("ULD/DVA3456AC-M/HANDLE WITH CARE", "CONT").split("CONT")[0] + "CONT";
    const part2 = [
      "FFM/8",
      "2/AC857/23APR/LHR/HB-IHA",
      "YYZ",
      FFM.slice(FFM.indexOf("ULD/DVA3456AC-M")),
    ].join("\n");
    const scm = "SCM\nLHR.23APR/1200\n.AKE.12345AC.T1";
    const r = checkFlight([part2, NOTOC, part1, scm].join("\n"));
    expect(r.ok).toBe(true);
    expect(r.ulds.map((u) => [u.uldId, u.ffmCargoWeight])).toEqual([
      ["DVA1234AC", 514],
      ["DVA2345AC", 405],
      ["DVA3456AC", 308],
    ]);
    expect(r.warnings).toContainEqual({
      line: 71,
      code: "flight:stock_check",
      params: { kind: "SCM", line: 71 },
      message: "The SCM at line 71 is not part of the check (a stock check)",
    });
  });
});
