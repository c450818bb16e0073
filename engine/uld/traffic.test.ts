// What real traffic showed (issue 17), each class on messages written here from the rules of
// design 4.5: gateway headers of any length, freighter flight lines, CPM fields told apart by
// shape, 3-letter owners, the IATA type structure, unknown load types and counts that agree.

import { describe, expect, it } from "vitest";
import type { UldExtraction } from "../types.ts";
import { extractUlds, extractUldTable } from "./extractor.ts";

/** [number, load type, destination, ownership] of each entry. */
const brief = (r: UldExtraction) =>
  r.ulds.map((u) => [u.uldNumber, u.loadType, u.destination, u.ownershipType]);

describe("gateway headers", () => {
  const body = [
    "UCM",
    "PK719/22JUN.APBGL.IAH",
    "IN",
    ".AKE12345PK//B.PMC23456R7/KHI/C",
    "OUT",
    ".N",
  ];

  for (const size of [0, 1, 3, 5, 12, 40]) {
    it(`a <HEADER> block of ${size} lines before the type line`, () => {
      const header = [
        "<HEADER>",
        ...Array.from({ length: size }, (_, i) => `FIELD${i}: VALUE ${i}`),
      ];
      const r = extractUlds([...header, "</HEADER>", ...body].join("\r\n"));
      expect(r).toMatchObject({
        ok: true,
        messageType: "UCM",
        flightNumber: "PK719",
        senderStation: "IAH",
        movement: "Inbound/Outbound",
        ownerCode: "PK",
      });
      expect(brief(r)).toEqual([
        ["AKE12345PK", "B", "", "Owned"],
        ["PMC23456R7", "C", "KHI", "Rented"],
      ]);
      expect(r.warnings).toEqual([]);
    });
  }

  it("a UCM with an empty IN list after a header block is read, not refused", () => {
    const r = extractUlds(
      [
        "<HEADER>",
        "A: 1",
        "B: 2",
        "C: 3",
        "</HEADER>",
        "UCM",
        "PK719/22.APBGL.IAH",
        "IN",
        ".N",
        "OUT",
        ".AKE12345PK",
      ]
        .join("\n"),
    );
    expect(r.ok).toBe(true);
    expect(brief(r)).toEqual([["AKE12345PK", "", "", "Owned"]]);
    const none = extractUlds(
      ["<HEADER>", "A: 1", "B: 2", "C: 3", "</HEADER>", "UCM", "PK719/22", "IN", ".N"].join("\n"),
    );
    expect(none.error).toBe("No valid ULDs found in message");
  });

  it("e-mail headers, a Type-B envelope and teletype framing before the message", () => {
    const r = extractUlds([
      "From: cargo@gateway.example",
      "To: uldcontrol@airline.example",
      "Subject: UCM PK719",
      "Date: 22 Jun 2026 08:00",
      "",
      "ZCZC 123",
      "QU KHIKKPK IAHKKPK",
      ".LHRKKPK 220800",
      ...body.slice(0, 4),
      "NNNN",
    ].join("\n"));
    expect(r.ok).toBe(true);
    expect(r.ulds).toHaveLength(2);
    expect(r.warnings).toEqual([]);
  });

  it("the station comes from the envelope's origin when the flight line names none", () => {
    const r = extractUlds(
      ["<HEADER>", "X: Y", "</HEADER>", ".CAIKKMS 220800", "UCM", "MS985/22", "IN", ".AKE12345MS"]
        .join("\n"),
    );
    expect(r.senderStation).toBe("CAI");
  });
});

describe("freighter CPM flight lines", () => {
  const positions = [
    "-11P/PMC12345CZ/BUD/2450/C",
    "-12P/PAG23456CZ/BUD/1800/C",
    "-13P/PMC34567LH/BUD/900/C",
  ];

  for (
    const [line, date, registration, station] of [
      ["CZ123/19SEP26.B-1234.4/1.CANBUD", "19SEP26", "B-1234", "CAN"],
      ["CZ123/19SEP26.B1234", "19SEP26", "B1234", ""],
      ["CZ123/19.B-1234.4/1", "19", "B-1234", ""],
      ["CZ123/19SEP.B-1234.CANBUD", "19SEP", "B-1234", "CAN"],
      ["CZ123/19SEP26.B-1234.103250.4/1.CAN", "19SEP26", "B-1234", "CAN"],
      ["CZ123/19SEP26.B-1234.C48Y312.CANBUD", "19SEP26", "B-1234", "CAN"],
    ] as const
  ) {
    it(`reads ${line}: the carrier's units stay Owned`, () => {
      const r = extractUlds(["CPM", line, ...positions, "SI NIL"].join("\n"));
      expect(r).toMatchObject({
        ok: true,
        flightNumber: "CZ123",
        aircraftRegistration: registration,
        senderStation: station,
        ownerCode: "CZ",
      });
      expect(r.warnings).toEqual([]);
      expect(r.ulds.map((u) => u.ownershipType)).toEqual(["Owned", "Owned", "Foreign"]);
      expect(r.statistics).toMatchObject({ owned: 2, foreign: 1 });
      // the table form always carries the message's details, its date as written among them
      const table = extractUldTable(["CPM", line, ...positions].join("\n"));
      expect(table.messages[0].flightDate).toBe(date);
    });
  }

  it("the date is kept as written in the message's details", () => {
    const r = extractUlds(
      `CPM\nCZ123/19SEP26.B-1234.4/1.CANBUD\n${
        positions[0]
      }\nUCM\nCZ123/19SEP.B-1234.BUD\nIN\n.PMC12345CZ`,
    );
    expect(r.messages?.map((m) => m.flightDate)).toEqual(["19SEP26", "19SEP"]);
  });
});

describe("CPM fields told apart by their shape", () => {
  const cpm = (...lines: string[]) =>
    extractUlds(["CPM", "CZ123/19.B-1234.CAN", ...lines].join("\n"));

  it("weight before destination, with a contour code before the load type", () => {
    const r = cpm(
      "-11P/PMC12345CZ/2450/BUD/Q6/C",
      "-12P/PMC23456CZ/2450/BUD/QM/B",
      "-13P/PMC34567CZ/2450/BUD/Q4/M",
      "-14P/PMC45678CZ/2450/BUD/Q7/X",
    );
    expect(brief(r)).toEqual([
      ["PMC12345CZ", "C", "BUD", "Owned"],
      ["PMC23456CZ", "B", "BUD", "Owned"],
      ["PMC34567CZ", "M", "BUD", "Owned"],
      ["PMC45678CZ", "X", "BUD", "Owned"],
    ]);
  });

  it("destination, weight and load type in the spec's order, category before weight, IMP codes", () => {
    const r = cpm(
      "-11L/AKE12345CZ/BUD/500/B",
      "-11R/AKE23456CZ/BUD/C/2450",
      "-12L/AKE34567CZ/BUD/300/C.ELI.VUN",
      "-12R/AKE45678CZ/BUD/274/BJ/150/BY1",
      "-21P/PMC56789CZ/BUD/2564/C/MD",
      "-22P/PMC67890CZ/1200/BUD/E",
    );
    expect(brief(r).map((row) => row.slice(1, 3))).toEqual([
      ["B", "BUD"],
      ["C", "BUD"],
      ["C", "BUD"],
      ["B", "BUD"],
      ["C", "BUD"],
      ["E", "BUD"],
    ]);
  });

  it("a unit without a destination keeps it empty, never a letter of the airport", () => {
    const r = cpm("-11L/AKE12345CZ/500/B", "-11R/AKE23456CZ/B");
    expect(brief(r).map((row) => row.slice(1, 3))).toEqual([["B", ""], ["B", ""]]);
  });
});

describe("owner codes of 3 letters", () => {
  const handler = Array.from({ length: 11 }, (_, i) => `.PAG${72801 + i}AGH/BUD/C`);
  const ucm = ["UCM", "PK785/19.APBHA.BUD", "IN", ...handler].join("\n");

  it("a UCM of 11 handler's pallets lists all 11 as Foreign with the flag", () => {
    const r = extractUlds(ucm);
    expect(r.ok).toBe(true);
    expect(r.ulds).toHaveLength(11);
    expect(
      r.ulds.every((u) =>
        u.ownershipType === "Foreign" && u.hasThreeLetterOwner && u.isValid && !u.isFourDigit
      ),
    ).toBe(true);
    expect(r.statistics).toMatchObject({ foreign: 11, total: 11 });
    expect(r.statistics.byOwnership.foreign.plt).toBe(11);
  });

  it("a 3-letter owner among the rented codes is Rented", () => {
    const r = extractUlds(ucm, { rentedCodes: ["R7", "AGH"] });
    expect(r.statistics).toMatchObject({ rented: 11, foreign: 0 });
  });

  it("4-digit serials with 3-letter owners, and 2-character owners with digits", () => {
    const r = extractUlds(
      "UCM\nMS985/22.SUGDM.CAI\nIN\n.P1G2241ABA.AKE1234MS.PMC12345R7.AKE12345X5.AKE12345MSX",
    );
    expect(r.ulds.map((u) => [u.uldNumber, u.ownershipType, u.hasThreeLetterOwner, u.isFourDigit]))
      .toEqual([
        ["P1G2241ABA", "Foreign", true, true],
        ["AKE1234MS", "Owned", false, true],
        ["PMC12345R7", "Rented", false, false],
        ["AKE12345X5", "Foreign", false, false],
        ["AKE12345MSX", "Foreign", true, false],
      ]);
  });
});

describe("unknown load types", () => {
  it("K and D in a CPM, D in a UCM are flagged; B, C, M, E, X, F, Q are not", () => {
    const r = extractUlds(
      [
        "CPM",
        "MS985/22.SUGDM.CAI",
        ...["B", "C", "M", "E", "X", "F", "Q", "K", "D"].map((t, i) =>
          `-${11 + i}L/AKE${10000 + i}MS/JFK/100/${t}`
        ),
      ].join("\n"),
    );
    expect(r.ulds.map((u) => [u.loadType, u.isUnknownLoadType])).toEqual([
      ["B", false],
      ["C", false],
      ["M", false],
      ["E", false],
      ["X", false],
      ["F", false],
      ["Q", false],
      ["K", true],
      ["D", true],
    ]);
    const ucm = extractUlds("UCM\nMS985/22.SUGDM.CAI\nIN\n.AKE12345MS//D.AKE23456MS//");
    expect(ucm.ulds.map((u) => [u.loadType, u.isUnknownLoadType])).toEqual([["D", true], [
      "",
      false,
    ]]);
  });
});

describe("counts that agree", () => {
  it("each list's size is its summary row, invalid types included (listed and flagged)", () => {
    const r = extractUlds(
      "UCM\nMS985/22.SUGDM.CAI\nIN\n.AKE12345LH.PLT23456LH.ZZZ34567LH.PKC45678LH.AKE56789MS.PAJ3425",
    );
    const foreign = r.ulds.filter((u) => u.ownershipType === "Foreign");
    expect(foreign.map((u) => [u.uldNumber, u.isValid])).toEqual([
      ["AKE12345LH", true],
      ["PLT23456LH", false],
      ["ZZZ34567LH", false],
      ["PKC45678LH", true],
    ]);
    expect(r.statistics.foreign).toBe(foreign.length);
    expect(r.statistics.byOwnership.foreign.total).toBe(foreign.length);
    expect(r.statistics.owned).toBe(1);
    // PAJ3425 has no owner: in no list, so in no count
    expect(r.statistics.total).toBe(5);
    expect(r.warnings.map((w) => w.message)).toEqual([
      "PLT23456LH: unknown ULD type PLT",
      "ZZZ34567LH: unknown ULD type ZZZ",
      "PAJ3425: not a ULD number (type + 4-5 digit serial + 2-character or 3-letter owner)",
    ]);
  });
});

describe("header blocks with markup inside", () => {
  it("tags inside a <HEADER> block keep it one block; a stray opening tag swallows nothing", () => {
    const body = "UCM\nPK719/22.APBGL.IAH\nIN\n.AKE12345PK";
    const tagged = extractUlds(
      `<HEADER>\n<PRIORITY>QU</PRIORITY>\nMSGID 0042\n<SMI>UCM</SMI>\nORIGIN KHIKKPK\n</HEADER>\n${body}`,
    );
    expect(tagged.ok).toBe(true);
    expect(tagged.warnings).toEqual([]);
    const stray = extractUlds(
      `<HEADER>\n${body}\n<HEADER>\nX\n</HEADER>\n${body.replace("12345", "23456")}`,
    );
    expect(stray.messages?.map((m) => m.rowCount)).toEqual([1, 1]);
  });
});
