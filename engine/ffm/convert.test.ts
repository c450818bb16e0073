// Conversion rules on hand-written manifests: errors, destinations, codes, weights, parts.

import { describe, expect, it } from "vitest";
import { convertFfm } from "./convert.ts";
import { sample, uws } from "../test_support/samples.ts";

/** A single-part FFM/8 of flight MS985/22NOV from CAI with the given body lines. */
const ffm = (...body: string[]) => ["FFM/8", "1/MS985/22NOV/CAI", ...body, "LAST"].join("\n");

describe("spec error texts", () => {
  it("empty input", () => {
    expect(convertFfm("").error).toBe("Empty string passed.");
    expect(convertFfm(" \r\n \n").error).toBe("Empty string passed.");
  });

  it("missing header", () => {
    expect(convertFfm("1/MS985/22NOV/CAI\nJFK\nLAST").error).toBe(
      "Invalid FFM header - FFM/8 not found!",
    );
  });

  it("a NOTOC pasted into the FFM box is refused with the spec's header text", () => {
    for (const name of ["ntm-01-notoc-64col.txt", "ntm-02-notoc-40col.txt"]) {
      expect(convertFfm(sample(name)).error, name).toBe("Invalid FFM header - FFM/8 not found!");
    }
  });

  it("missing LAST or CONT", () => {
    const r = convertFfm("FFM/8\n1/MS985/22NOV/CAI\nJFK\n074-12345675CAIJFK/T1K10/BOOKS");
    expect(r.ok).toBe(false);
    expect(r.error).toBe("Message does not end with LAST or CONT");
  });

  it("missing or broken flight line", () => {
    expect(convertFfm("FFM/8\nJFK\nLAST").error).toBe(
      "Could not extract FFM content: the flight line is missing or invalid (line 2). " +
        "Expected part/flight/date/airport, e.g. 1/MS985/22NOV/CAI",
    );
    expect(convertFfm("FFM/8\n1/MS985/22XYZ/CAI\nJFK\nLAST").ok).toBe(false);
  });

  it("a failure still has every field of the contract", () => {
    expect(convertFfm("")).toEqual({
      ok: false,
      error: "Empty string passed.",
      errorCode: "ffm:empty",
      warnings: [],
      uwsOutput: "",
      flightHeader: "",
      totalGrossWeight: 0,
      totalNetWeight: 0,
      totalTareWeight: 0,
      numberOfUlds: 0,
      bulkLoad: 0,
      firstDestination: null,
      secondDestination: null,
      ulds: [],
    });
  });

  it("a typed second destination must be an airport code", () => {
    const r = convertFfm(ffm("JFK"), { secondDestination: "BR" });
    expect(r.ok).toBe(false);
    expect(r.error).toBe("2nd Dest must be a 3-letter airport code (got 'BR')");
  });
});

describe("destinations", () => {
  it("ULDs and bulk listed under the second point of unloading go to the second destination", () => {
    const r = convertFfm(ffm(
      "JFK",
      "074-12345675CAIJFK/T1K100/BOOKS",
      "ULD/AKE12345MS",
      "074-12345686CAIJFK/T1K200/BOOKS",
      "BOS",
      "074-12345690CAIBOS/T1K30/BOOKS",
      "ULD/AKE12346MS",
      "074-12345701CAIBOS/T1K300/BOOKS",
    ));
    expect(r.uwsOutput).toBe(uws(
      "MS985/22.CAI.FINAL",
      "-AKE12345MS/JFK/305A/C",
      "-AKE12346MS/BOS/405A/C",
      "BULK",
      "-JFK/100A/C",
      "-BOS/30A/C",
    ));
    expect(r.firstDestination?.destination).toBe("JFK");
    expect(r.secondDestination?.destination).toBe("BOS");
  });

  it("in a one-point message a typed second destination takes ULDs whose cargo all goes there", () => {
    const r = convertFfm(
      ffm(
        "JFK",
        "074-12345675CAIJFK/T1K10.5/BOOKS",
        "074-12345686CAIBRU/T1K20.2/BOOKS",
        "ULD/AKE11111MS",
        "074-12345690CAIBRU/T1K100/BOOKS",
        "074-12345701CAIBRU/T1K100/BOOKS",
        "ULD/AKE22222MS",
        "074-12345712CAIBRU/T1K100/BOOKS",
        "074-12345723CAIJFK/T1K100/BOOKS",
        "ULD/AKE33333MS",
      ),
      { secondDestination: "bru" },
    );
    // AKE11111MS all BRU -> BRU 200 + 105; AKE22222MS mixed -> JFK; AKE33333MS empty -> JFK 105
    // ULD lines: first destination first, then second, each in order of appearance
    expect(r.uwsOutput).toBe(uws(
      "MS985/22.CAI.FINAL",
      "-AKE22222MS/JFK/305A/C",
      "-AKE33333MS/JFK/105A/C",
      "-AKE11111MS/BRU/305A/C",
      "BULK",
      "-JFK/11A/C",
      "-BRU/21A/C",
    ));
    expect(r.firstDestination).toEqual({
      destination: "JFK",
      grossWeight: 305 + 105 + 11,
      netWeight: 210.5,
      tareWeight: 210,
      numberOfUlds: 2,
      bulkLoad: 11,
    });
    expect(r.secondDestination).toEqual({
      destination: "BRU",
      grossWeight: 305 + 21,
      netWeight: 220.2,
      tareWeight: 105,
      numberOfUlds: 1,
      bulkLoad: 21,
    });
    expect(r.totalNetWeight).toBe(430.7);
    expect(r.totalGrossWeight).toBe(421 + 326);
  });

  it("without a second point or a typed one there is no second bulk line", () => {
    const r = convertFfm(ffm("JFK", "074-12345675CAIBRU/T1K10/BOOKS"));
    expect(r.uwsOutput).toBe(uws("MS985/22.CAI.FINAL", "BULK", "-JFK/10A/C"));
    expect(r.secondDestination).toBeNull();
  });

  it("a typed second destination replaces the message's second point, whose load counts under the first", () => {
    const r = convertFfm(
      ffm("AMS", "074-12345675HAMAMS/T1K10/BOOKS", "RTM", "074-12345686HAMRTM/T1K20/BOOKS"),
      { secondDestination: "BRU" },
    );
    expect(r.uwsOutput).toBe(uws("MS985/22.CAI.FINAL", "BULK", "-AMS/30A/C", "-BRU/0A/C"));
    expect(r.warnings).toEqual([{
      line: 5,
      code: "ffm:unloading_not_destination",
      params: { airport: "RTM", first: "AMS" },
      message: "Point of unloading RTM is neither the 1st nor the 2nd destination: " +
        "its ULDs and bulk are counted under AMS",
    }]);
  });

  it("a NIL transit point is not a destination", () => {
    const r = convertFfm(ffm(
      "ANC/NIL/14APR0200/14APR0330",
      "ORD//14APR1235",
      "ULD/PMC12345MS",
      "074-12345675CAIORD/T1K500/BOOKS",
    ));
    expect(r.uwsOutput).toBe(
      uws("MS985/22.CAI.FINAL", "-PMC12345MS/ORD/630A/C", "BULK", "-ORD/0A/C"),
    );
    expect(r.secondDestination).toBeNull();
  });

  it("an empty ULD weighs its tare and goes to the first destination", () => {
    const r = convertFfm(ffm("JFK", "BOS", "ULD/AKE12345MS"), {});
    expect(r.uwsOutput).toBe(
      uws("MS985/22.CAI.FINAL", "-AKE12345MS/BOS/105A/C", "BULK", "-JFK/0A/C", "-BOS/0A/C"),
    );
    const one = convertFfm(ffm("JFK", "ULD/AKE12345MS"), { secondDestination: "BOS" });
    expect(one.ulds[0]).toMatchObject({ id: "AKE12345MS", destination: "JFK", grossWeight: 105 });
  });
});

describe("special handling codes", () => {
  it("keeps only DGSL and XDGSL codes, in first-seen order, without repeats", () => {
    const r = convertFfm(ffm(
      "JFK",
      "ULD/PMC12345MS",
      "074-12345675CAIJFK/T1K10/BOOKS",
      "/HEA/RFL/ELI",
      "074-12345686CAIJFK/T1K10/BOOKS",
      "/AVD/ELI/RFL/GEN",
    ));
    expect(r.ulds[0].codes).toEqual(["RFL", "ELI", "AVD"]);
    expect(r.uwsOutput).toContain("-PMC12345MS/JFK/150A/C.RFL.ELI.AVD\n");
  });

  it("drops PER unless 'Show PER in UWS' is on", () => {
    const text = ffm("JFK", "ULD/AKE12345MS", "074-12345675CAIJFK/T1K10/FISH", "/PER/PES");
    expect(convertFfm(text).ulds[0].codes).toEqual(["PES"]);
    expect(convertFfm(text, { showPerInUws: true }).ulds[0].codes).toEqual(["PER", "PES"]);
  });

  it("splits codes glued after the description when every chunk is a known code", () => {
    const r = convertFfm(ffm(
      "JFK",
      "ULD/AKE12345MS",
      "074-12345675CAIJFK/T1K10/CONSOLIDATED CA/EAWGEN",
      "074-12345686CAIJFK/T1K10/PARTS/BUCELI",
      "074-12345690CAIJFK/T1K10/BATTERIES/RBMCAO",
      "074-12345701CAIJFK/T1K10/PARTS/XYZQRS",
    ));
    expect(r.ulds[0].codes).toEqual(["ELI", "CAO"]);
    expect(r.warnings).toEqual([
      {
        line: 8,
        code: "ffm:text_after_description",
        params: { token: "XYZQRS" },
        message: "Text after the description not read as handling codes: XYZQRS",
      },
    ]);
  });

  it("reads codes after the description up to the end of their own line, whatever ends it", () => {
    const r = convertFfm(ffm(
      "JFK",
      "ULD/AKE12345MS",
      "074-12345675CAIJFK/T1K10MC0.5/BOOKS", // the slashes of the next line are not its codes
      "074-12345686CAIJFK/T1K10/PARTS/ELI  \r", // spaces and a carriage return at the end
      "074-12345690CAIJFK/T1K10/BAT\u0000TERIES/CAO", // a stray control character before them
      "/RFL",
    ));
    expect(r.ulds[0].codes).toEqual(["ELI", "CAO", "RFL"]);
    expect(r.ulds[0].cargoWeight).toBe(30);
    expect(r.warnings).toEqual([]);
  });

  it("gives ULDs with the same shown codes one frozen array, in first-seen order", () => {
    const r = convertFfm(ffm(
      "JFK",
      "ULD/AKE10001MS",
      "074-12345675CAIJFK/T1K10/PARTS",
      "/RFL/ELI",
      "ULD/AKE10002MS",
      "074-12345686CAIJFK/T1K10/PARTS",
      "/RFL/PER/ELI", // PER is not shown: the same list as the first ULD's
      "ULD/AKE10003MS",
      "074-12345690CAIJFK/T1K10/PARTS",
      "/ELI/RFL",
      "ULD/AKE10004MS",
      "074-12345701CAIJFK/T1K10/PARTS",
      "/RFL",
      "ULD/AKE10005MS",
      "074-12345712CAIJFK/T1K10/PARTS",
    ));
    const [a, b, c, d, e] = r.ulds.map((u) => u.codes);
    expect(a).toEqual(["RFL", "ELI"]);
    expect(Object.isFrozen(a)).toBe(true);
    expect(b).toBe(a);
    expect(c).toEqual(["ELI", "RFL"]);
    expect(d).toEqual(["RFL"]);
    expect(e).toEqual([]);
  });

  it("uses the caller's DGSL and XDGSL lists", () => {
    const text = ffm("JFK", "ULD/AKE12345MS", "074-12345675CAIJFK/T1K10/STEEL", "/HEA/RFL/AVD");
    const r = convertFfm(text, { dgslCodes: ["HEA"], xdgslCodes: [] });
    expect(r.ulds[0].codes).toEqual(["HEA"]);
  });
});

describe("weights", () => {
  it("converts pounds to kg exactly, with one warning naming the lines", () => {
    const r = convertFfm(
      ffm("JFK", "074-12345675CAIJFK/T1L100/BOOKS", "074-12345686CAIJFK/T1L1000.5/BOOKS"),
    );
    // 100 lb = 45.359237 -> 45.359 kg; 1000.5 lb = 453.819166 -> 453.819 kg; sum 499.178 -> 500
    expect(r.bulkLoad).toBe(500);
    expect(r.totalNetWeight).toBe(499.2);
    expect(r.warnings).toEqual([{
      line: 4,
      code: "ffm:pounds_lines",
      params: { count: 2, list: "4", last: 5 },
      message: "Weight in pounds converted to kg on 2 consignment lines (lines 4 and 5)",
    }]);
  });

  it("names at most ten pound lines in its warning", () => {
    const body = Array.from({ length: 12 }, (_, i) => `074-1234567${i % 10}CAIJFK/T1L10/BOOKS`);
    const r = convertFfm(ffm("JFK", ...body));
    expect(r.warnings).toEqual([{
      line: 4,
      code: "ffm:pounds_lines_more",
      params: { count: 12, list: "4, 5, 6, 7, 8, 9, 10, 11, 12, 13", more: 2 },
      message: "Weight in pounds converted to kg on 12 consignment lines " +
        "(lines 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 and 2 more)",
    }]);
    // 10 lb = 4.536 kg (to the gram), 12 of them 54.432 kg
    expect(r.bulkLoad).toBe(55);
  });

  it("sums decimals exactly so that rounding up never adds a kilogram", () => {
    // in binary floats 99.4 + 0.2 + 0.4 = 100.00000000000001, which would round up to 101
    const r = convertFfm(ffm(
      "JFK",
      "074-12345675CAIJFK/T1K99.4/A",
      "074-12345686CAIJFK/T1K0.2/B",
      "074-12345690CAIJFK/T1K0.4/C",
      "ULD/AKE12345MS",
      "074-12345701CAIJFK/T1K99.4/D",
      "074-12345712CAIJFK/T1K0.2/E",
      "074-12345723CAIJFK/T1K0.4/F",
    ));
    expect(r.uwsOutput).toBe(
      uws("MS985/22.CAI.FINAL", "-AKE12345MS/JFK/205A/C", "BULK", "-JFK/100A/C"),
    );
    expect(r.ulds[0].cargoWeight).toBe(100);
    expect(r.totalNetWeight).toBe(200);
    expect(r.totalGrossWeight).toBe(305);
  });

  it("rounds gross weights and bulk up to the next kilogram", () => {
    const r = convertFfm(
      ffm("JFK", "074-12345675CAIJFK/T1K10.01/A", "ULD/AKE12345MS", "074-12345686CAIJFK/T1K0.4/B"),
    );
    expect(r.uwsOutput).toBe(
      uws("MS985/22.CAI.FINAL", "-AKE12345MS/JFK/106A/C", "BULK", "-JFK/11A/C"),
    );
    expect(r.totalNetWeight).toBe(10.4);
  });

  it("uses a Light AKE entry's weight for that unit and reference weights by type", () => {
    const text = ffm("JFK", "ULD/AKE12345MS", "ULD/AKE54321MS", "ULD/PMC11111MS");
    const r = convertFfm(text, {
      lightAke: [{ name: "AKE12345MS", weight: 62 }, { name: "AKE54321MS" }],
      uldWeights: { AKE: 100, PMC: 120.5 },
    });
    expect(r.ulds.map((u) => [u.id, u.tareWeight, u.grossWeight])).toEqual([
      ["AKE12345MS", 62, 62],
      ["AKE54321MS", 100, 100],
      ["PMC11111MS", 120.5, 121],
    ]);
    expect(r.totalTareWeight).toBe(282.5);
  });

  it("takes each conversion's reference weights, not the last conversion's", () => {
    const text = ffm("JFK", "ULD/AKE12345MS", "ULD/XYZ11111MS");
    const tares = (o: Parameters<typeof convertFfm>[1]) =>
      convertFfm(text, o).ulds.map((u) => u.tareWeight);
    expect(tares({ uldWeights: { AKE: 70, XYZ: 5 } })).toEqual([70, 5]);
    expect(tares({})).toEqual([105, 0]); // built-in AKE; XYZ unknown again
    expect(tares({ uldWeights: { AKE: 80 } })).toEqual([80, 0]);
  });
});

describe("ULD lines", () => {
  it("reads the id before a loading indicator or remarks, renames PIP and flags odd ids", () => {
    const r = convertFfm(ffm(
      "JFK",
      "ULD/PIP12345MS-M/HANDLE WITH CARE",
      "ULD/PMC96188KZ/W-2190.0 C-L ",
      "ULD/PMC123465CV",
    ));
    expect(r.ulds.map((u) => u.id)).toEqual(["P1P12345MS", "PMC96188KZ", "PMC123465CV"]);
    expect(r.ulds[0].tareWeight).toBe(125);
    expect(r.warnings).toEqual([
      {
        line: 4,
        code: "ffm:uld_type_pip",
        params: { id: "PIP12345MS" },
        message: "ULD type PIP read as P1P (PIP12345MS)",
      },
      {
        line: 6,
        code: "ffm:uld_id_shape",
        params: { id: "PMC123465CV" },
        message:
          "ULD id PMC123465CV is not type + 4-5 digit serial + 2-character owner; kept as written",
      },
    ]);
  });

  it("keeps the ULD with the most cargo items when several ids share a serial", () => {
    const r = convertFfm(ffm(
      "JFK",
      "ULD/AKE12345XX",
      "074-12345675CAIJFK/T1K10/A",
      "ULD/AKE12345MS",
      "074-12345686CAIJFK/T1K20/B",
      "074-12345690CAIJFK/T1K30/C",
    ));
    expect(r.ulds.map((u) => u.id)).toEqual(["AKE12345MS"]);
    expect(r.warnings).toEqual([{
      line: 4,
      code: "ffm:uld_dropped",
      params: { id: "AKE12345XX", winner: "AKE12345MS", count: 1, kg: 10 },
      message:
        "ULD AKE12345XX dropped: AKE12345MS has the same serial number and more cargo items " +
        "(1 item of 10 kg not in the UWS)",
    }]);
  });

  it("merges a ULD listed twice into one", () => {
    const r = convertFfm(ffm(
      "JFK",
      "ULD/AKE12345MS",
      "074-12345675CAIJFK/T1K10/A",
      "ULD/AKE22222MS",
      "ULD/AKE12345MS",
      "074-12345686CAIJFK/T1K20/B",
    ));
    expect(r.ulds.map((u) => [u.id, u.cargoWeight])).toEqual([["AKE12345MS", 30], [
      "AKE22222MS",
      0,
    ]]);
  });
});

describe("multi-part messages", () => {
  const part = (n: number, end: "CONT" | "LAST", ...body: string[]) =>
    ["FFM/8", `${n}/MS985/22NOV/CAI`, "JFK", ...body, end].join("\n");
  const p1 = part(1, "CONT", "ULD/AKE12345MS", "074-12345675CAIJFK/T1K10/A");
  const p2 = part(2, "CONT", "ULD/AKE12345MS", "074-12345686CAIJFK/T1K20/B", "ULD/PMC22222MS");
  const p3 = part(3, "LAST", "074-12345690CAIJFK/T1K5/C");

  it("merges parts pasted in any order; a ULD repeated across parts is one ULD", () => {
    const expected = uws(
      "MS985/22.CAI.FINAL",
      "-AKE12345MS/JFK/135A/C",
      "-PMC22222MS/JFK/130A/C",
      "BULK",
      "-JFK/5A/C",
    );
    for (const order of [[p1, p2, p3], [p3, p1, p2], [p2, p3, p1]]) {
      const r = convertFfm(order.join("\n"));
      expect(r.error).toBeUndefined();
      expect(r.uwsOutput).toBe(expected);
    }
  });

  it("names the missing parts", () => {
    expect(convertFfm([p1, p3].join("\n")).error).toBe(
      "Incomplete multi-part message: missing part 2",
    );
    expect(convertFfm([p2, p3].join("\n")).error).toBe(
      "Multi-part message: part 1 must be parsed first (missing part 1)",
    );
    expect(convertFfm(p3)).toMatchObject({
      error: "Multi-part message: part 1 must be parsed first (missing parts 1 and 2)",
      errorCode: "ffm:part_one_first_parts",
      errorParams: { list: "1", last: 2 },
    });
    expect(convertFfm([p1, p2].join("\n")).error).toBe(
      "Incomplete multi-part message: part 2 ends with CONT (missing part 3 and any after it)",
    );
  });

  it("refuses parts of different flights and ignores a part pasted twice", () => {
    const other = ["FFM/8", "2/MS986/22NOV/CAI", "JFK", "LAST"].join("\n");
    expect(convertFfm([p1, other].join("\n")).error).toBe(
      "The pasted parts belong to different flights (MS985/22NOV/CAI, MS986/22NOV/CAI); " +
        "paste one manifest at a time",
    );
    const r = convertFfm([p1, p2, p2, p3].join("\n"));
    expect(r.ok).toBe(true);
    expect(r.ulds[0].cargoWeight).toBe(30);
    expect(r.warnings).toEqual([{
      line: 14,
      code: "ffm:part_pasted_twice",
      params: { part: 2 },
      message: "Part 2 was pasted twice: this copy is ignored",
    }]);
  });
});

describe("messages as they really arrive", () => {
  it("converts a message with envelope, CRLF, glued codes, pounds, customs and remarks lines, NIL and junk", () => {
    const text = [
      "QD CAIKLMS CAIFFMS",
      ".JFKFFMS 221530",
      "ffm/5",
      "1/MS986/22nov1530/JFK/SU-GEX",
      "BOS/NIL",
      "CAI//23NOV0930",
      "07412345675JFKCAI/T2K100.5MC1/CONSOL/EAWRFL",
      "DIM/K25.5/CMT69-68-70/1",
      "/K15/CMT29-80-47/2",
      "/CAIMS985/23NOV",
      "/H",
      "OSI/CTC CNE PRIOR TO ARRIVAL",
      "/PER ICE ON ARRIVAL",
      "COR/X",
      "OCI/US/ISS/RA/001-011",
      "///ED/0213",
      "//DNR/DR/UN1845",
      "SCI/1234567",
      "ULD/PMC12345MS-M/W-2190.0 C-L ",
      "/CAIMS985/23NOV",
      "/2",
      "172- 52423932JFKCAI/T4L220/DRY ICE/ICERCM",
      "074-12345686JFKCAI/S1K40MC0.1T3/PARTS",
      "/HEA/ICE/ELI",
      "LAST",
      "SENT",
      "",
    ].join("\r\n");
    const r = convertFfm(text);
    expect(r.error).toBeUndefined();
    // bulk CAI: 100.5 -> 101; PMC12345MS: 220 lb = 99.790 kg + 40 = 139.790 + 130 = 269.79 -> 270
    expect(r.uwsOutput).toBe(uws(
      "MS986/22.JFK.FINAL",
      "-PMC12345MS/CAI/270A/C.ICE.RCM.ELI",
      "BULK",
      "-CAI/101A/C",
    ));
    expect(r.totalNetWeight).toBe(240.3);
    expect(r.warnings.map(({ line, code, message }) => ({ line, code, message }))).toEqual([
      {
        line: 7,
        code: "ffm:awb_without_hyphen",
        message: "AWB without hyphen 07412345675 read as 074-12345675",
      },
      {
        line: 22,
        code: "ffm:awb_stray_space",
        message: "Stray space in AWB 172- 52423932 read as 172-52423932",
      },
      {
        line: 22,
        code: "ffm:pounds_line",
        message: "Weight in pounds converted to kg on 1 consignment line (line 22)",
      },
      { line: 26, code: "ffm:text_after_trailer", message: "Text after LAST ignored: SENT" },
    ]);
    expect(r.warnings[1].params).toEqual({ raw: "172- 52423932", awb: "172-52423932" });
  });
});
