// ULD Extractor: every shared UCM, CPM and SCM sample with lists written by hand from the
// messages, the classification rules, the spec's texts and the settings.

import { describe, expect, it } from "vitest";
import { sample } from "../test_support/samples.ts";
import type { UldEntry } from "../types.ts";
import { extractUlds, parseRentedCodes } from "./extractor.ts";
import { isFourDigitNumber } from "./ids.ts";

/** [number, load type, destination, section or position, ownership, flags] of each entry. */
const rows = (ulds: readonly UldEntry[]) =>
  ulds.map((u) => [
    u.uldNumber,
    u.loadType,
    u.destination,
    u.section || u.position,
    u.ownershipType,
    [u.isValid ? "" : "invalid", u.isDuplicate ? "dup" : "", u.isFourDigit ? "4d" : ""].join(" ")
      .trim(),
  ]);

describe("shared samples", () => {
  it("ucm-01: PIA UCM with envelope, IN/OUT lists, several items a line and odd fields", () => {
    const r = extractUlds(sample("ucm-01.txt"));
    expect(r).toMatchObject({
      ok: true,
      isValid: true,
      messageType: "UCM",
      flightNumber: "PK719/720",
      aircraftRegistration: "APBGL",
      senderStation: "IAH",
      movement: "Inbound/Outbound",
      supplementaryInfo: "",
      ownerCode: "PK",
    });
    expect(rows(r.ulds)).toEqual([
      ["AKE2592PK", "B", "", "IN", "Owned", "4d"],
      ["AKE2357PK", "", "", "IN", "Owned", "4d"],
      // AKE2993PK and AKE2956PK stand in IN and in OUT: through ULDs, no duplicates (issue 23)
      ["AKE2993PK", "B", "", "IN", "Owned", "4d"],
      ["PAJ3537PK", "B", "", "IN", "Owned", "4d"],
      ["PAJ3687PK", "B", "", "IN", "Owned", "4d"],
      ["AKE2956PK", "C", "", "IN", "Owned", "4d"],
      ["PAJ3232PK", "C", "", "OUT", "Owned", "4d"],
      ["PAJ3729PK", "C", "", "OUT", "Owned", "4d"],
      ["PAJ3425", "B", "", "OUT", "Unknown", "invalid"],
      ["AKE2993PK", "B", "", "OUT", "Owned", "4d"],
      ["AKE2968PK", "X", "", "OUT", "Owned", "4d"],
      ["AKE2956PK", "D", "", "OUT", "Owned", "4d"],
    ]);
    expect(r.ulds.filter((u) => u.uldNumber === "AKE2993PK").map((u) => u.occurrenceNumber))
      .toEqual([1, 2]);
    // 11 valid: 7 AKE + 4 PAJ (pallets: PLT); PAJ3425 has no owner
    expect(r.statistics).toEqual({
      owned: 11,
      rented: 0,
      foreign: 0,
      total: 11,
      categories: { plt: 4, ake: 7, pla: 0, others: 0, total: 11 },
      byOwnership: {
        owned: { plt: 4, ake: 7, pla: 0, others: 0, total: 11 },
        rented: { plt: 0, ake: 0, pla: 0, others: 0, total: 0 },
        foreign: { plt: 0, ake: 0, pla: 0, others: 0, total: 0 },
      },
    });
    expect(r.warnings).toEqual([
      {
        line: 10,
        code: "uld:not_a_uld_number",
        params: { id: "PAJ3425" },
        message:
          "PAJ3425: not a ULD number (type + 4-5 digit serial + 2-character or 3-letter owner)",
      },
      {
        line: 11,
        code: "uld:load_type_in_destination",
        params: { id: "AKE2993PK", code: "B" },
        message: "AKE2993PK: load type B written in the destination field",
      },
    ]);
  });

  it("ucm-03: a UCM of another airline classifies by that airline's code", () => {
    const r = extractUlds(sample("ucm-03.txt"));
    expect(r).toMatchObject({
      flightNumber: "AA1111",
      aircraftRegistration: "AABBB",
      senderStation: "CCC",
      movement: "Inbound",
      ownerCode: "AA",
    });
    expect(rows(r.ulds)).toEqual(
      ["PAG00000AA", "PAG00001AA", "PAG00002AA", "PAG00003AA", "PAG00004AA"].map((
        id,
      ) => [id, "", "", "IN", "Owned", ""]),
    );
    expect(r.statistics.byOwnership.owned).toEqual({ plt: 5, ake: 0, pla: 0, others: 0, total: 5 });
  });

  it("cpm-01: CPM with a version in the flight line, a bulk line and SI NIL", () => {
    const r = extractUlds(sample("cpm-01.txt"));
    expect(r).toMatchObject({
      messageType: "CPM",
      flightNumber: "BA0117",
      aircraftRegistration: "GBZHA",
      senderStation: "",
      supplementaryInfo: "NIL",
      ownerCode: "BA",
    });
    expect(rows(r.ulds)).toEqual([
      ["AKE12345BA", "B", "JFK", "11L", "Owned", ""],
      ["AKE12346BA", "B", "JFK", "11R", "Owned", ""],
    ]);
  });

  it("cpm-02: a CPM without its identifier line, a bulk hold and an empty position", () => {
    const r = extractUlds(sample("cpm-02.txt"));
    expect(r).toMatchObject({
      messageType: "CPM",
      flightNumber: "DK1192",
      aircraftRegistration: "OY-VKR",
      supplementaryInfo: "TWO WHEELCHAIRS HOLD 1",
    });
    expect(rows(r.ulds)).toEqual([
      ["AKE30142DK", "B", "AGP", "11L", "Owned", ""],
      ["PMC30143DK", "C", "AGP", "11P", "Owned", ""],
      ["AKE30144DK", "K", "AGP", "12L", "Owned", ""],
    ]);
    expect(r.statistics.categories).toEqual({ plt: 1, ake: 2, pla: 0, others: 0, total: 3 });
  });

  it("cpm-05: a 4-digit serial and a 4-letter destination", () => {
    const r = extractUlds(sample("cpm-05.txt"));
    expect(rows(r.ulds)).toEqual([["AKE1234LH", "", "LOWW", "11L", "Owned", "4d"]]);
  });

  it("cpm-06 fragments as a message: IMP codes, empty ULD, no-ULD line, two categories, two positions a line", () => {
    const fragments = sample("cpm-06-fragments.txt").split("\n");
    const text = ["CPM", fragments[1], ...fragments.filter((l) => l.startsWith("-"))].join("\n");
    const r = extractUlds(text);
    expect(r).toMatchObject({
      flightNumber: "EY980",
      aircraftRegistration: "A6DDD",
      senderStation: "HAN",
      ownerCode: "EY",
    });
    expect(rows(r.ulds)).toEqual([
      ["PMC75891EY", "C", "MAN", "41P", "Owned", ""],
      ["PMC77612EY", "C", "AUH", "AL", "Owned", ""],
      ["AKE26910EY", "X", "AUH", "41L", "Owned", ""],
      ["AKE23963EY", "M", "AUH", "44R", "Owned", ""],
      ["AKE24439EY", "B", "AUH", "12R", "Owned", ""],
      ["PMC75956EY", "C", "AUH", "PL", "Owned", ""],
      ["PMC76540EY", "C", "AUH", "PR", "Owned", ""],
      ["PMC77740EY", "C", "AUH", "GL", "Owned", ""],
      ["PMC75259EY", "C", "AUH", "GR", "Owned", ""],
      ["PMC72671EY", "C", "AUH", "AR", "Owned", ""],
    ]);
    expect(r.statistics.categories).toEqual({ plt: 7, ake: 3, pla: 0, others: 0, total: 10 });
  });

  it("scm-01: stock check without a flight uses the owner code setting; counts are checked", () => {
    const r = extractUlds(sample("scm-01.txt"));
    expect(r).toMatchObject({
      messageType: "SCM",
      flightNumber: "",
      senderStation: "IAH",
      movement: "",
      supplementaryInfo: "TWO PK NETS ALSO",
      ownerCode: "MS",
    });
    expect(rows(r.ulds)).toEqual([
      ["AVE4018XS", "", "", "", "Foreign", "4d"],
      ["AVE4085AA", "", "", "", "Foreign", "4d"],
      ["AKE0324PK", "", "", "", "Foreign", "4d"],
      ["AKE0482PK", "", "", "", "Foreign", "4d"],
      ["AKE2345PK", "", "", "", "Foreign", "4d"],
      ["PAJ0782PK", "", "", "", "Foreign", "4d"],
      ["PAJ0822PK", "", "", "", "Foreign", "4d"],
      ["P1G7882LH", "", "", "", "Foreign", "4d"],
      ["P1G7081PK", "", "", "", "Foreign", "4d"],
      ["P1G2241ABA", "", "", "", "Foreign", "4d"], // a 3-letter owner: listed, flagged
    ]);
    expect(r.ulds.filter((u) => u.hasThreeLetterOwner).map((u) => u.uldNumber)).toEqual([
      "P1G2241ABA",
    ]);
    expect(r.warnings).toEqual([]);
    expect(r.statistics).toMatchObject({ owned: 0, rented: 0, foreign: 10, total: 10 });
    expect(r.statistics.categories).toEqual({ plt: 5, ake: 3, pla: 0, others: 2, total: 10 });
    const pk = extractUlds(sample("scm-01.txt"), { rentedCodes: ["PK"] });
    expect(pk.statistics).toMatchObject({ owned: 0, rented: 6, foreign: 4, total: 10 });
  });

  it("refuses messages that are not UCM, CPM or SCM", () => {
    const notocs = ["ntm-01-notoc-64col.txt", "ntm-02-notoc-40col.txt"];
    for (const name of ["uws-01.txt", "ffm-01.txt", "ffm-12.txt", ...notocs]) {
      expect(extractUlds(sample(name)).error, name).toBe("Unknown or unsupported message format");
    }
  });
});

describe("ownership", () => {
  const cpm = [
    "CPM",
    "MS985/22.SUGDM.CAI",
    "-11L/AKE12345MS/JFK/500/B",
    "-11R/AKE23456R7/JFK/400/B",
    "-12L/AKE34567C6/JFK/300/C",
    "-12R/AKE45678R9/JFK/200/C",
    "-21P/PMC56789LH/JFK/2000/C",
    "-22P/PLA67890MS/JFK/900/C",
    "-23P/PAG78901EY/JFK/1500/C",
    "-31L/DPE89012MS/JFK/100/X",
  ].join("\n");

  it("owned by the flight's airline; R7, C6 and R9 rented by default; others foreign", () => {
    const r = extractUlds(cpm);
    expect(r.ulds.map((u) => [u.uldNumber, u.ownershipType, u.category])).toEqual([
      ["AKE12345MS", "Owned", "AKE"],
      ["AKE23456R7", "Rented", "AKE"],
      ["AKE34567C6", "Rented", "AKE"],
      ["AKE45678R9", "Rented", "AKE"],
      ["PMC56789LH", "Foreign", "PLT"],
      ["PLA67890MS", "Owned", "PLA"],
      ["PAG78901EY", "Foreign", "PLT"],
      ["DPE89012MS", "Owned", "Others"],
    ]);
    expect(r.statistics).toMatchObject({ owned: 3, rented: 3, foreign: 2, total: 8 });
    expect(r.statistics.byOwnership).toEqual({
      owned: { plt: 0, ake: 1, pla: 1, others: 1, total: 3 },
      rented: { plt: 0, ake: 3, pla: 0, others: 0, total: 3 },
      foreign: { plt: 2, ake: 0, pla: 0, others: 0, total: 2 },
    });
  });

  it("the rented list is a setting", () => {
    const r = extractUlds(cpm, { rentedCodes: ["LH"] });
    expect(r.ulds.filter((u) => u.ownershipType === "Rented").map((u) => u.uldNumber)).toEqual([
      "PMC56789LH",
    ]);
    expect(r.statistics).toMatchObject({ owned: 3, rented: 1, foreign: 4 });
  });

  it("the same ULD twice in one list is a duplicate; in IN and OUT of one UCM it is not", () => {
    const r = extractUlds(
      "UCM\nMS985/22NOV.SUGDM.CAI\nIN\n.AKE12345MS.AKE12345MS.PMC11111LH\nOUT\n.PMC11111LH/JFK/C",
    );
    expect(r.ulds.map((u) => [u.uldNumber, u.isDuplicate, u.occurrenceNumber])).toEqual([
      ["AKE12345MS", true, 1],
      ["AKE12345MS", true, 2],
      // in the IN and the OUT of one UCM: a through ULD, not a duplicate (issue 23)
      ["PMC11111LH", false, 1],
      ["PMC11111LH", false, 2],
    ]);
    const two = extractUlds("UCM\nMS985/22.SUGDM.CAI\nIN\n.AKE12345MS.AKE12345R7");
    expect(two.ulds.every((u) => !u.isDuplicate)).toBe(true);
  });

  it("knows the types of the reference list and flags unknown types as invalid, still listed", () => {
    const text = "UCM\nMS985/22.SUGDM.CAI\nIN\n.XYZ12345MS.AKE12345MS";
    const r = extractUlds(text);
    expect(r.ulds.map((u) => [u.uldNumber, u.isValid, u.ownershipType])).toEqual([
      ["XYZ12345MS", false, "Owned"],
      ["AKE12345MS", true, "Owned"],
    ]);
    expect(r.warnings).toEqual([{
      line: 4,
      code: "uld:unknown_type",
      params: { id: "XYZ12345MS", type: "XYZ" },
      message: "XYZ12345MS: unknown ULD type XYZ",
    }]);
    // the list shows both, so its count does too
    expect(r.statistics.owned).toBe(2);
    expect(extractUlds(text, { knownTypes: ["xyz"] }).ulds.every((u) => u.isValid)).toBe(true);
  });
});

describe("message shapes", () => {
  it("reads a UCM and an SCM without their identifier lines, with CRLF and lower case", () => {
    const ucm = extractUlds("ms985/22nov.sugdm.cai\r\nin\r\n.ake12345ms/jfk/b\r\nout\r\n.n\r\n");
    expect(ucm).toMatchObject({
      messageType: "UCM",
      flightNumber: "MS985",
      movement: "Inbound/Outbound",
    });
    expect(rows(ucm.ulds)).toEqual([["AKE12345MS", "B", "JFK", "IN", "Owned", ""]]);
    const scm = extractUlds("CAI.22NOV/0800\r.AKE.12345MS/23456MS.T2\r");
    expect(scm).toMatchObject({ messageType: "SCM", senderStation: "CAI", ownerCode: "MS" });
    expect(scm.statistics.owned).toBe(2);
  });

  it("warns when an SCM line count differs from its ULDs", () => {
    const r = extractUlds("SCM\nCAI.22NOV/0800\n.AKE.12345MS/23456MS.T3");
    expect(r.warnings).toEqual([{
      line: 3,
      code: "uld:count_many",
      params: { type: "AKE", count: 3, listed: 2 },
      message: "AKE: the line counts T3 but lists 2 ULDs",
    }]);
    expect(extractUlds("SCM\nCAI.22NOV/0800\n.AKE.12345MS.T3").warnings).toEqual([{
      line: 3,
      code: "uld:count_one",
      params: { type: "AKE", count: 3 },
      message: "AKE: the line counts T3 but lists 1 ULD",
    }]);
  });

  it("a CPM ends at SI or END and everything after SI is supplementary information", () => {
    const r = extractUlds(
      "CPM\nMS985/22.SUGDM.CAI\n-11L/AKE12345MS/JFK/500/B\nSI TWO WHEELCHAIRS\nHOLD 1\n-12L/AKE99999MS/JFK/1/B",
    );
    expect(r.ulds).toHaveLength(1);
    expect(r.supplementaryInfo).toBe("TWO WHEELCHAIRS\nHOLD 1\n-12L/AKE99999MS/JFK/1/B");
    const end = extractUlds(
      "CPM\nMS985/22.SUGDM.CAI\n-11L/AKE12345MS/JFK/500/B\nPART 1 END\n-12L/AKE99999MS/JFK/1/B",
    );
    expect(end.ulds).toHaveLength(1);
  });

  it("reads category before weight in CPM lines", () => {
    const r = extractUlds("CPM\nKE704/07.HL8082.ICN\n-11P/PMC12345KE/NRT/C/2450");
    expect(rows(r.ulds)).toEqual([["PMC12345KE", "C", "NRT", "11P", "Owned", ""]]);
  });
});

describe("spec texts", () => {
  it("empty, unknown and without valid ULDs", () => {
    expect(extractUlds("").error).toBe("Message cannot be empty");
    expect(extractUlds("  \n\t").error).toBe("Message cannot be empty");
    expect(extractUlds("HELLO\nWORLD").error).toBe("Unknown or unsupported message format");
    expect(extractUlds("UCM\nMS985/22.SUGDM.CAI\nIN\n.N\nOUT\n.N").error).toBe(
      "No valid ULDs found in message",
    );
    const invalid = extractUlds("UCM\nMS985/22.SUGDM.CAI\nIN\n.AKE1MS");
    expect(invalid).toMatchObject({
      ok: false,
      isValid: false,
      error: "No valid ULDs found in message",
      ulds: [],
    });
    expect(invalid.warnings).toHaveLength(1);
  });

  it("settings keep at least one rented code", () => {
    expect(parseRentedCodes("")).toEqual({
      ok: false,
      error: "Please enter at least one rented code.",
      errorCode: "uld:no_rented",
    });
    expect(parseRentedCodes(" , ,")).toEqual({
      ok: false,
      error: "Please enter at least one rented code.",
      errorCode: "uld:no_rented",
    });
    expect(parseRentedCodes("r7, C6 ,R9,r7")).toEqual({ ok: true, codes: ["R7", "C6", "R9"] });
    expect(parseRentedCodes("R7,agh")).toEqual({ ok: true, codes: ["R7", "AGH"] });
    expect(parseRentedCodes("R7,X1Z")).toEqual({
      ok: false,
      error: "Rented code X1Z is not an owner code (2 characters such as R7, or 3 letters)",
      errorCode: "uld:rented_not_owner",
      errorParams: { code: "X1Z" },
    });
  });

  it("the 4-digit flag follows the spec's rule", () => {
    expect(isFourDigitNumber("AKE1234MS")).toBe(true);
    expect(isFourDigitNumber("AKE12345MS")).toBe(false);
    expect(isFourDigitNumber("AKE123MS")).toBe(false);
  });
});
