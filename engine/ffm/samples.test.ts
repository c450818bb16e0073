// Every shared FFM sample through the converter. Expected UWS lines and totals are worked out by
// hand from the rules (design 4.2/4.3): the arithmetic is in the comments.

import { describe, expect, it } from "vitest";
import { convertFfm } from "./convert.ts";
import { sample, uws } from "../test_support/samples.ts";

describe("shared FFM samples", () => {
  it("ffm-01: bulk only, one destination", () => {
    const r = convertFfm(sample("ffm-01.txt"));
    expect(r.ok).toBe(true);
    // bulk BRU: 46 + 4 = 50
    expect(r.uwsOutput).toBe(uws("BR864/19.LGW.FINAL", "BULK", "-BRU/50A/C"));
    expect(r.firstDestination).toEqual({
      destination: "BRU",
      grossWeight: 50,
      netWeight: 50,
      tareWeight: 0,
      numberOfUlds: 0,
      bulkLoad: 50,
    });
    expect(r.secondDestination).toBeNull();
    expect(r.warnings).toEqual([]);
  });

  it("ffm-02: ULDs of a type without a reference weight weigh their cargo only, with a warning", () => {
    const r = convertFfm(sample("ffm-02.txt"));
    // AVE1234AF: 1050 + 505 = 1555, AVE is not in the built-in list -> tare 0
    expect(r.uwsOutput).toBe(
      uws(
        "AF808/20.CDG.FINAL",
        "-AVE1234AF/LHR/1555A/C",
        "-AVE4321AF/LHR/2400A/C",
        "BULK",
        "-LHR/0A/C",
      ),
    );
    expect(r.totalGrossWeight).toBe(3955);
    expect(r.totalTareWeight).toBe(0);
    expect(r.warnings).toEqual([
      {
        line: 4,
        code: "ffm:unknown_uld_type",
        params: { type: "AVE", id: "AVE1234AF" },
        message: "Unknown ULD type AVE (AVE1234AF): tare 0 kg",
      },
      {
        line: 7,
        code: "ffm:unknown_uld_type",
        params: { type: "AVE", id: "AVE4321AF" },
        message: "Unknown ULD type AVE (AVE4321AF): tare 0 kg",
      },
    ]);
  });

  it("ffm-03: bulk + ULDs, SHC lines, DGSL filter", () => {
    const r = convertFfm(sample("ffm-03.txt"));
    // DVA1234AC: 15 + 400 + 90 + 9 = 514 + 70 = 584, /RFG on the last item
    // DVA2345AC: 380 + 25 = 405 + 70 = 475, /HEA/MAG -> only MAG is DGSL
    // DVA3456AC: 100 + 7 + 1 + 200 = 308 + 70 = 378
    // bulk: 120 + 87 + 14 = 221 (its HUM and PER are not written on bulk lines)
    expect(r.uwsOutput).toBe(
      uws(
        "AC857/23.LHR.FINAL",
        "-DVA1234AC/YYZ/584A/C.RFG",
        "-DVA2345AC/YYZ/475A/C.MAG",
        "-DVA3456AC/YYZ/378A/C",
        "BULK",
        "-YYZ/221A/C",
      ),
    );
    expect(r.totalGrossWeight).toBe(584 + 475 + 378 + 221);
    expect(r.totalNetWeight).toBe(221 + 514 + 405 + 308);
    expect(r.totalTareWeight).toBe(210);
    expect(r.numberOfUlds).toBe(3);
    expect(r.bulkLoad).toBe(221);
    expect(r.ulds.map((u) => [u.id, u.type, u.cargoWeight, u.tareWeight, u.grossWeight, u.codes]))
      .toEqual([
        ["DVA1234AC", "DVA", 514, 70, 584, ["RFG"]],
        ["DVA2345AC", "DVA", 405, 70, 475, ["MAG"]],
        ["DVA3456AC", "DVA", 308, 70, 378, []],
      ]);
    expect(r.warnings).toEqual([]);
  });

  it("ffm-04: NIL load gives an empty UWS with a zero bulk line", () => {
    const r = convertFfm(sample("ffm-04.txt"));
    expect(r.ok).toBe(true);
    expect(r.uwsOutput).toBe(uws("KL2084/18.AMS.FINAL", "BULK", "-LHR/0A/C"));
    expect(r.totalGrossWeight).toBe(0);
  });

  it("ffm-05: two points of unloading, onward and ULD movement lines, OSI and COR", () => {
    const r = convertFfm(sample("ffm-05.txt"));
    // AMS bulk: 8 + 160 + 41 + 1 = 210; P1G1234KL: 500 + 10 + 300 = 810 (P1G unknown: tare 0)
    // AVM9243KL: 900; RTM bulk: 72 + 50 = 122; AVM9876KL: 1200
    expect(r.uwsOutput).toBe(
      uws(
        "KL2084/18.HAM.FINAL",
        "-P1G1234KL/AMS/810A/C",
        "-AVM9243KL/AMS/900A/C",
        "-AVM9876KL/RTM/1200A/C",
        "BULK",
        "-AMS/210A/C",
        "-RTM/122A/C",
      ),
    );
    expect(r.firstDestination).toEqual({
      destination: "AMS",
      grossWeight: 810 + 900 + 210,
      netWeight: 1920,
      tareWeight: 0,
      numberOfUlds: 2,
      bulkLoad: 210,
    });
    expect(r.secondDestination).toEqual({
      destination: "RTM",
      grossWeight: 1322,
      netWeight: 1322,
      tareWeight: 0,
      numberOfUlds: 1,
      bulkLoad: 122,
    });
    expect(r.totalGrossWeight).toBe(3242);
    expect(r.bulkLoad).toBe(332);
    expect(r.warnings.map((w) => w.line)).toEqual([9, 15, 23]);
  });

  it("ffm-06 alone: part 1 ending CONT is rejected as incomplete", () => {
    const r = convertFfm(sample("ffm-06.txt"));
    expect(r.ok).toBe(false);
    expect(r.error).toBe(
      "Incomplete message: part 1 ends with CONT; a complete message is required " +
        "(missing part 2 and any after it)",
    );
    expect(r.uwsOutput).toBe("");
  });

  it("ffm-08: split consignment across bulk and ULD, two destinations", () => {
    const r = convertFfm(sample("ffm-08.txt"));
    // DXB bulk 800 + 25 = 825; AKE01063CV 50 + 200 + 30 = 280 + 105; AKE01070CV 300 + 105
    // HKG bulk 400; PMC12345CV 2500 + 130
    expect(r.uwsOutput).toBe(
      uws(
        "CV1234/01.LUX.FINAL",
        "-AKE01063CV/DXB/385A/C",
        "-AKE01070CV/DXB/405A/C",
        "-PMC12345CV/HKG/2630A/C",
        "BULK",
        "-DXB/825A/C",
        "-HKG/400A/C",
      ),
    );
    expect(r.firstDestination?.grossWeight).toBe(385 + 405 + 825);
    expect(r.firstDestination?.netWeight).toBe(825 + 280 + 300);
    expect(r.firstDestination?.tareWeight).toBe(210);
    expect(r.secondDestination?.grossWeight).toBe(3030);
    expect(r.totalGrossWeight).toBe(4645);
    expect(r.totalNetWeight).toBe(4305);
    expect(r.totalTareWeight).toBe(340);
  });

  it("ffm-10 alone: a part above 1 is rejected", () => {
    const r = convertFfm(sample("ffm-10.txt"));
    expect(r.ok).toBe(false);
    expect(r.error).toBe("Multi-part message: part 1 must be parsed first (missing part 1)");
  });

  it("ffm-06 + ffm-10 pasted together (in either order) merge into one manifest", () => {
    // part 1 bulk JFK: the 29 bulk weights of ffm-06 add up to 2139
    // P1G1234AF: 100 + 70 + 50 + 75 + 50 = 345 (tare 0, unknown type)
    // PMC01473R7: 30 + 50 = 80 + 130 = 210; PGF09987R7: 2735, RMD is the only DGSL of its 6 codes
    const expected = uws(
      "AF077/17.CDG.FINAL",
      "-P1G1234AF/JFK/345A/C",
      "-PMC01473R7/JFK/210A/C",
      "-PGF09987R7/JFK/2735A/C.RMD",
      "BULK",
      "-JFK/2139A/C",
    );
    for (
      const text of [
        sample("ffm-06.txt") + sample("ffm-10.txt"),
        sample("ffm-10.txt") + sample("ffm-06.txt"),
      ]
    ) {
      const r = convertFfm(text);
      expect(r.ok).toBe(true);
      expect(r.uwsOutput).toBe(expected);
      expect(r.totalNetWeight).toBe(2139 + 345 + 80 + 2735);
      expect(r.totalGrossWeight).toBe(2139 + 345 + 210 + 2735);
    }
  });

  it("ffm-11: first-point-of-arrival group in the flight line", () => {
    const r = convertFfm(sample("ffm-11.txt"));
    // DVA1234AC: 15 + 400 + 90 + 9 + 380 + 25 = 919 + 70 = 989, codes RFG then MAG
    expect(r.uwsOutput).toBe(
      uws(
        "SU1145/01.AAQ.FINAL",
        "-DVA1234AC/YYZ/989A/C.RFG.MAG",
        "-DVA3456AC/YYZ/378A/C",
        "BULK",
        "-YYZ/221A/C",
      ),
    );
  });

  it("ffm-12: DIM, OCI, OSI, onward and priority lines are never read as cargo or codes", () => {
    const r = convertFfm(sample("ffm-12.txt"));
    expect(r.uwsOutput).toBe(
      uws(
        "SU1145/01.AAQ.FINAL",
        "-P1G1234KL/SVO/810A/C",
        "-AVM9243KL/SVO/900A/C",
        "-AVM9876KL/RTM/1200A/C",
        "BULK",
        "-SVO/210A/C",
        "-RTM/122A/C",
      ),
    );
    expect(r.warnings.every((w) => w.message.startsWith("Unknown ULD type"))).toBe(true);
  });

  it("ffm-17: FFM/4 with decimal weights and codes on the consignment line", () => {
    const r = convertFfm(sample("ffm-17.txt"));
    // 1.0 + 211.0 + 6.0 + 5.0 + 78.0 = 301
    expect(r.uwsOutput).toBe(uws("IT352/29.DEL.FINAL", "BULK", "-IXJ/301A/C"));
    expect(r.warnings).toEqual([]);
  });

  it("ffm-19: AWBs with a carrier code instead of a prefix are not read, and nothing is left", () => {
    const r = convertFfm(sample("ffm-19.txt"));
    expect(r.ok).toBe(false);
    expect(r.error).toBe(
      "No consignment could be read: 3 consignment lines not read (see the warnings)",
    );
    expect(r.warnings.map((w) => w.line)).toEqual([4, 6, 7]);
  });

  it("ffm-20: a made-up FFM/1 layout is refused", () => {
    const r = convertFfm(sample("ffm-20.txt"));
    expect(r.ok).toBe(false);
    expect(r.error).toBe(
      "No point of unloading found: the line after the flight line must be the airport of unloading (e.g. JFK)",
    );
    expect(r.warnings).toHaveLength(5);
  });
});
