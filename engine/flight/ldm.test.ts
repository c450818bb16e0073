// The LDM in the flight check (issue 52, item 12): the reader on samples/ldm-01.txt and on the
// variants of domain/cargo-messages.md section 10, the CPM by compartment, and the LDM checked
// against the CPM and the UWS of AC857/23. Every expected value is worked out by hand.

import { describe, expect, it } from "vitest";
import {
  CPM_AC857,
  CPM_AC857_HOLDS,
  LDM_AC857,
  UCM_AC857,
  UWS_AC857,
} from "../test_support/flight_ac857.ts";
import { sample } from "../test_support/samples.ts";
import { checkFlight } from "./check.ts";
import { cpmHolds } from "./cpm_holds.ts";
import { readLdm } from "./read_ldm.ts";

const FFM = sample("ffm-03.txt");
const NOTOC = sample("ntm-01-notoc-64col.txt");
const messagesOf = (text: string) => checkFlight(text).messages.map((m) => `${m.kind} ${m.line}`);
const found = (text: string) => checkFlight(text).findings.map((f) => [f.severity, f.message]);

describe("readLdm", () => {
  it("reads ldm-01.txt: the flight line, then per destination its figures and SI breakdown", () => {
    expect(readLdm(sample("ldm-01.txt"))).toEqual({
      flightNumber: "AC857",
      date: "23",
      registration: "HBIHA",
      details: ["J28Y250", "2/10"],
      destinations: [{
        destination: "YYZ",
        line: 3,
        passengers: [198, 52, 4, 2],
        deadload: 1448,
        compartments: [
          { compartment: "1", weight: 514 },
          { compartment: "3", weight: 713 },
          { compartment: "5", weight: 221 },
        ],
        pax: [26, 224],
        breakdown: { cargo: 1448, mail: 0, bags: { pieces: 0, weight: 0 }, line: 4 },
        others: ["PAD/0/0"],
      }],
      warnings: [],
    });
  });

  it("reads two destinations, a `.` line after one, item groups, stars and notes in the SI", () => {
    const ldm = [
      "QU YULKKAC",
      ".LHRKLAC 231850",
      "LDM",
      "AC857/23APR.CFIVQ.J28Y250.2/10",
      "-YUL.61/70/2.T3120.1/1200.4/1420.5/500.PAX/12/121.PAD/0/0",
      ".JMP/0.CRW/0.PAD/0/3",
      "-YYZ.40/38/1/0.0.T980.3/980.PAX/8/71",
      ".ELD/A9/335",
      "SI YUL C 1820 M 120 B 60/1180 O 0 T 0",
      "YYZ C 400 M 0 B 29/580",
      "*********************",
      "LOADED AS PER LIR 2",
    ].join("\n");
    const r = readLdm(ldm, 41);
    expect(r.flightNumber).toBe("AC857");
    expect(r.date).toBe("23APR");
    expect(r.warnings).toEqual([]);
    expect(r.destinations.map((d) => [d.destination, d.line, d.passengers, d.deadload])).toEqual([
      ["YUL", 45, [61, 70, 2], 3120],
      ["YYZ", 47, [40, 38, 1, 0], 980],
    ]);
    expect(r.destinations[0].compartments.map((c) => `${c.compartment}/${c.weight}`))
      .toEqual(["1/1200", "4/1420", "5/500"]);
    expect(r.destinations.map((d) => d.pax)).toEqual([[12, 121], [8, 71]]);
    expect(r.destinations.map((d) => d.others)).toEqual([
      ["PAD/0/0", "JMP/0", "CRW/0", "PAD/0/3"],
      ["ELD/A9/335"],
    ]);
    expect(r.destinations.map((d) => d.breakdown)).toEqual([
      { cargo: 1820, mail: 120, bags: { pieces: 60, weight: 1180 }, line: 49 },
      { cargo: 400, mail: 0, bags: { pieces: 29, weight: 580 }, line: 50 },
    ]);
  });

  it("reads a freighter's main deck, and names each line it cannot read by its paste line", () => {
    const ldm = [
      "LDM",
      "AC1820/05.CFKAA.F0.3/0",
      "-YYZ.0/0/0/0.0.T41800.MD38500.5/3300.PAX/0",
      "-11L/AKE12345AC/YYZ/500/C",
      "-YWG.0/0/0/0.T1000.5/900",
      "SI YYZ C 41800 M 0",
      "YHZ C 200 M 0",
    ].join("\n");
    const r = readLdm(ldm, 10);
    expect(r.destinations.map((d) => [d.destination, d.compartments, d.pax])).toEqual([
      ["YYZ", [{ compartment: "MD", weight: 38500 }, { compartment: "5", weight: 3300 }], [0]],
      ["YWG", [{ compartment: "5", weight: 900 }], []],
    ]);
    expect(r.destinations[0].breakdown).toEqual({ cargo: 41800, mail: 0, bags: null, line: 15 });
    expect(r.warnings.map((w) => [w.line, w.message])).toEqual([
      [13, "Line 13 of the LDM is not a destination line: it was not read"],
      [16, "Line 16: the LDM's SI gives a breakdown for YHZ, a destination it has no line for"],
      [14, "Line 14: the LDM gives YWG a deadload of 1000 kg and compartments of 900 kg"],
    ]);
  });

  it("never throws, whatever it is given", () => {
    for (const text of ["", "LDM", "LDM\n-\n-.\n.T\nSI", "-YYZ....T", null as unknown as string]) {
      expect(readLdm(text).destinations.length).toBeLessThanOrEqual(1);
    }
  });

  it("reads a 1 MB destination line and 20,000 breakdown lines", () => {
    const wide = `LDM\nAC857/23.CFIVQ\n-YYZ.1/2.T0${".1/0".repeat(250_000)}`;
    expect(readLdm(wide).destinations[0].compartments).toHaveLength(250_000);
    const many = [
      "LDM",
      "AC857/23.CFIVQ",
      ..."ABCDEFGHIJKLMNOPQRST".split("").map((c) => `-YY${c}.1/2.T0`),
      "SI",
      ...Array.from({ length: 20_000 }, (_, i) => `YY${"ABCDEFGHIJKLMNOPQRST"[i % 20]} C ${i}`),
    ].join("\n");
    expect(readLdm(many).destinations.map((d) => d.breakdown?.cargo)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
  });
});

describe("cpmHolds", () => {
  it("sums the positions by compartment: bulk and bags too, two positions on one line", () => {
    const holds = cpmHolds(CPM_AC857_HOLDS);
    expect(holds.summed).toEqual(new Map([["1", 1437], ["5", 821]]));
    expect(holds.loadInCpts).toEqual(new Map([["1", 1437], ["5", 821]]));
    expect(holds.destinations).toEqual(new Set(["YYZ"]));
    const main = cpmHolds([
      "CPM",
      "EY980/21.A6DDD.HAN",
      "-PL/PMC75956EY/AUH/2564/C/MD-PR/PMC76540EY/AUH/2338/C/MD",
      "-12R/AKE24439EY/AUH/274/BJ/150/BY1",
      "-44L/600/E.EIC",
      "-41L/AKE26910EY/MAN/65/X",
      "-43L/N",
    ].join("\n"));
    expect(main.summed).toEqual(new Map([["MD", 4902], ["1", 424], ["4", 665]]));
    expect(main.loadInCpts).toBeNull();
    expect(main.destinations).toEqual(new Set(["AUH", "MAN"]));
  });

  it("leaves the sums out when a loaded position has no compartment (BULK)", () => {
    expect(cpmHolds(sample("cpm-01.txt")).summed).toBeNull();
  });
});

describe("checkFlight with an LDM", () => {
  it("reads the LDM with the flight's other messages and finds nothing when they agree", () => {
    const r = checkFlight([FFM, NOTOC, CPM_AC857_HOLDS, UCM_AC857, LDM_AC857].join("\n"));
    expect(r.ok).toBe(true);
    expect(r.messages.at(-1)).toEqual({ kind: "LDM", line: 80, flight: "AC857/23" });
    expect(r.findings).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.ldm?.destinations.map((d) => [d.destination, d.deadload, d.line])).toEqual([
      ["YYZ", 2258, 82],
    ]);
    expect(r.report.split("\n")[1]).toBe(
      "Messages: FFM line 1, NOTOC line 26, CPM line 67, UCM line 75, LDM line 80",
    );
  });

  it("takes the LDM's cargo with the ULDs' tare (the UWS) or without it (the FFM)", () => {
    // ldm-01: 1448 kg, the FFM's cargo without tare; the UWS's gross is 1658 kg
    const ldm = sample("ldm-01.txt");
    expect(found([FFM, ldm].join("\n"))).toEqual([]);
    expect(found([FFM, UWS_AC857, ldm].join("\n"))).toEqual([]);
    // a UWS alone gives no weight without tare: 210 kg apart, over 5% of 1658
    expect(found([UWS_AC857, ldm].join("\n"))).toEqual([[
      "major",
      "YYZ: cargo and mail 1448 kg on the LDM, 1658 kg on the UWS: 210 kg apart (tolerance 83 kg)",
    ]]);
    expect(checkFlight([UWS_AC857, ldm].join("\n"), { tolerancePercent: 13 }).findings)
      .toEqual([]);
  });

  it("puts ldm-01's holds against the CPM that stows every ULD in compartment 1", () => {
    expect(found([FFM, CPM_AC857, sample("ldm-01.txt")].join("\n"))).toEqual([
      [
        "major",
        "Compartment 1: 514 kg on the LDM, 1437 kg in the CPM's positions: 923 kg apart (tolerance 72 kg)",
      ],
      [
        "major",
        "Compartment 3: 713 kg on the LDM, 0 kg in the CPM's positions: 713 kg apart (tolerance 50 kg)",
      ],
      [
        "major",
        "Compartment 5: 221 kg on the LDM, 0 kg in the CPM's positions: 221 kg apart (tolerance 50 kg)",
      ],
    ]);
  });

  it("refuses an LDM of another flight, and tells an LDM without its type line by its shape", () => {
    // ffm-03.txt ends with a line end: the message after it starts on line 26
    const other = checkFlight([FFM, LDM_AC857.replace("AC857/23", "AC858/23")].join("\n"));
    expect(other.error).toBe(
      "The LDM at line 26 is for flight AC858/23, not AC857/23: paste the messages of one flight.",
    );
    const bare = LDM_AC857.split("\n").slice(1).join("\n");
    expect(messagesOf(`${bare}\n${CPM_AC857_HOLDS}`)).toEqual(["LDM 1", "CPM 4"]);
    expect(found(`${bare}\n${CPM_AC857_HOLDS}`)).toEqual([]);
  });
});

describe("messages the flight check does not read", () => {
  it("names an MVT after a readable message, and reads that message without it", () => {
    const mvt = ["MVT", "AC857/23.CFIVQ.LHR", "AD1805/1818 EA0112 YYZ", "SI -11L/AKE99999AC/X"];
    const text = [CPM_AC857, ...mvt, UCM_AC857].join("\n");
    const r = checkFlight(text);
    expect(r.messages.map((m) => `${m.kind} ${m.line}`)).toEqual(["CPM 1", "UCM 12"]);
    expect(r.warnings).toEqual([{
      line: 8,
      code: "flight:not_read",
      params: { kind: "MVT", line: 8 },
      message: "The MVT at line 8 is not a message the flight check reads",
    }]);
    expect(r.ulds.map((u) => u.uldId)).toEqual(["DVA1234AC", "DVA2345AC", "DVA3456AC"]);
  });

  it("names each of several, with its routing lines, by its own name", () => {
    const fwb = ["QK YYZFFAC", ".LHRFFAC 231200", "FWB/16", "014-27513894LHRYYZ/T1K15"];
    const r = checkFlight([FFM, ...fwb, "PSM", "AC857/23 YYZ", LDM_AC857].join("\n"));
    expect(r.warnings.map((w) => w.message)).toEqual([
      "The FWB at line 26 is not a message the flight check reads",
      "The PSM at line 30 is not a message the flight check reads",
    ]);
    expect(r.messages.map((m) => m.kind)).toEqual(["FFM", "LDM"]);
  });
});
