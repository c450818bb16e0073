// Several messages in one paste (design 4.5): split on type lines, each read on its own, merged
// lists with duplicates across messages, UCM/CPM conflicts with both readings, the UCM balance per
// station, and the single-message shape kept for one message. Expected values come from the rules
// as written beside THROUGH_FLIGHT, never from the program.

import { describe, expect, it } from "vitest";
import { THROUGH_FLIGHT, THROUGH_LINES as L } from "../test_support/traffic.ts";
import { extractUlds, extractUldTable, plainResult } from "./extractor.ts";

describe("a UCM IN, a UCM OUT and a CPM of one flight", () => {
  const r = extractUlds(THROUGH_FLIGHT);

  it("gives each message's details", () => {
    expect(r.ok).toBe(true);
    expect(
      r.messages?.map((m) => [
        m.messageType,
        m.flightNumber,
        m.flightDate,
        m.aircraftRegistration,
        m.senderStation,
        m.movement,
        m.ownerCode,
        m.supplementaryInfo,
        m.rowCount,
      ]),
    ).toEqual([
      ["UCM", "MS985", "22NOV", "SUGDM", "CAI", "Inbound/Outbound", "MS", "NIL", 5],
      ["UCM", "MS985", "22NOV", "SUGDM", "CAI", "Outbound", "MS", "", 5],
      ["CPM", "MS985", "22NOV26", "SUGDM", "CAI", "Outbound", "MS", "NIL", 5],
    ]);
    expect(r.messages?.map((m) => [m.firstLine, m.lastLine])).toEqual([[1, 10], [11, 22], [
      23,
      31,
    ]]);
    // what all three share stands at the top; what differs is left empty
    expect(r).toMatchObject({
      messageType: "",
      flightNumber: "MS985",
      senderStation: "CAI",
      movement: "",
      ownerCode: "MS",
      supplementaryInfo: "1 UCM MS985: NIL\n3 CPM MS985: NIL",
    });
    expect(r.warnings).toEqual([]);
  });

  it("merges the lists in the order of the paste and flags numbers seen in several messages", () => {
    expect(r.ulds.map((u) => [
      u.uldNumber,
      u.message,
      u.section || u.position,
      u.loadType,
      u.destination,
      u.ownershipType,
      u.isDuplicate,
      u.occurrenceNumber,
      u.isInOtherMessage,
    ])).toEqual([
      ["AKE12345MS", 0, "IN", "B", "", "Owned", true, 1, true],
      ["AKE23456MS", 0, "IN", "C", "CAI", "Owned", false, 1, false],
      ["PMC34567R7", 0, "IN", "C", "", "Rented", true, 1, true],
      ["PAG45678LH", 0, "IN", "C", "", "Foreign", false, 1, false],
      ["AKE56789MS", 0, "IN", "X", "", "Owned", false, 1, false],
      ["AKE12345MS", 1, "OUT", "B", "JFK", "Owned", true, 2, true],
      ["PMC34567R7", 1, "OUT", "C", "JFK", "Rented", true, 2, true],
      ["AKE67890MS", 1, "OUT", "X", "JFK", "Owned", true, 1, true],
      ["PAG72801AGH", 1, "OUT", "C", "JFK", "Foreign", true, 1, true],
      ["PKC11111MS", 1, "OUT", "X", "JFK", "Owned", true, 1, true],
      ["AKE12345MS", 2, "11L", "B", "JFK", "Owned", true, 3, true],
      ["AKE67890MS", 2, "11R", "E", "JFK", "Owned", true, 2, true],
      ["PMC34567R7", 2, "21P", "C", "JFK", "Rented", true, 3, true],
      ["PAG72801AGH", 2, "22P", "C", "JFK", "Foreign", true, 2, true],
      ["PKC11111MS", 2, "23P", "K", "JFK", "Owned", true, 2, true],
    ]);
    expect(r.ulds.filter((u) => u.hasThreeLetterOwner).map((u) => u.uldNumber)).toEqual([
      "PAG72801AGH",
      "PAG72801AGH",
    ]);
    expect(r.ulds.filter((u) => u.isUnknownLoadType).map((u) => u.uldNumber)).toEqual([
      "PKC11111MS",
    ]);
    expect(r.ulds.every((u) => u.isValid)).toBe(true);
  });

  it("counts the merged lists: 9 owned, 3 rented, 3 foreign", () => {
    expect(r.statistics).toEqual({
      owned: 9,
      rented: 3,
      foreign: 3,
      total: 15,
      categories: { plt: 8, ake: 7, pla: 0, others: 0, total: 15 },
      byOwnership: {
        owned: { plt: 2, ake: 7, pla: 0, others: 0, total: 9 },
        rented: { plt: 3, ake: 0, pla: 0, others: 0, total: 3 },
        foreign: { plt: 3, ake: 0, pla: 0, others: 0, total: 3 },
      },
    });
    // each message's own counts add up to them
    expect(r.messages?.map((m) => [m.statistics.owned, m.statistics.rented, m.statistics.foreign]))
      .toEqual([[3, 1, 1], [3, 1, 1], [3, 1, 1]]);
  });

  it("flags the UCM/CPM conflicts with both readings", () => {
    expect(r.conflicts).toEqual([
      {
        uldNumber: "AKE67890MS",
        field: "loadType",
        readings: [
          { message: 1, line: L.outFirst, value: "X" },
          { message: 2, line: L.cpm11R, value: "E" },
        ],
      },
      {
        uldNumber: "PKC11111MS",
        field: "loadType",
        readings: [
          { message: 1, line: L.outSecond, value: "X" },
          { message: 2, line: L.cpm23P, value: "K" },
        ],
      },
    ]);
    expect(r.ulds.filter((u) => u.isConflict).map((u) => `${u.uldNumber}@${u.message}`)).toEqual([
      "AKE67890MS@1",
      "PKC11111MS@1",
      "AKE67890MS@2",
      "PKC11111MS@2",
    ]);
  });

  it("balances the station's UCMs: in, out and out without in", () => {
    expect(r.balance).toEqual([{
      station: "CAI",
      in: 5,
      out: 5,
      outWithoutIn: ["AKE67890MS", "PAG72801AGH", "PKC11111MS"],
    }]);
  });

  it("gives the same result as a table, read row by row", () => {
    expect(plainResult(extractUldTable(THROUGH_FLIGHT))).toEqual(r);
  });
});

describe("splitting a paste", () => {
  const ucm = (station: string, ...items: string[]) =>
    ["UCM", `MS985/22.SUGDM.${station}`, ...items].join("\n");

  it("one message keeps the spec's shape: no messages, conflicts or balance", () => {
    const one = extractUlds(ucm("CAI", "IN", ".AKE12345MS"));
    expect(one.ok).toBe(true);
    expect("messages" in one || "conflicts" in one || "balance" in one).toBe(false);
    expect(one.messageType).toBe("UCM");
  });

  it("envelope lines between two messages belong to the second", () => {
    const text = [
      ucm("CAI", "OUT", ".AKE12345MS"),
      "QU LHRKKMS",
      ".JFKKKMS 221530",
      "UCM",
      "MS985/22.SUGDM",
      "IN",
      ".AKE12345MS",
    ].join("\n");
    const r = extractUlds(text);
    expect(r.messages?.map((m) => [m.senderStation, m.firstLine, m.lastLine])).toEqual([
      ["CAI", 1, 4],
      ["JFK", 5, 10],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("a message the extractor does not read is named, and the others are read", () => {
    const text = [ucm("CAI", "IN", ".AKE12345MS"), "LDM", "MS985/22.SUGDM", "-JFK.1/0"].join(
      "\n",
    );
    const r = extractUlds(text);
    expect(r.ok).toBe(true);
    expect(r.messages?.map((m) => [m.ok, m.error, m.errorCode])).toEqual([
      [true, undefined, undefined],
      [false, "Unknown or unsupported message format", "uld:unknown_format"],
    ]);
    expect(r.warnings).toEqual([
      {
        line: 5,
        code: "uld:message_unknown_format",
        params: { n: 2 },
        message: "Message 2: Unknown or unsupported message format",
      },
    ]);
    expect(r.ulds.map((u) => u.uldNumber)).toEqual(["AKE12345MS"]);
  });

  it("a CPM without its type line before a UCM is a message of its own", () => {
    const text = [
      "MS985/22.SUGDM.CAI",
      "-11L/AKE12345MS/JFK/500/B",
      ucm("CAI", "OUT", ".AKE12345MS"),
    ]
      .join("\n");
    const r = extractUlds(text);
    expect(r.messages?.map((m) => m.messageType)).toEqual(["CPM", "UCM"]);
    expect(r.ulds.map((u) => [u.message, u.isInOtherMessage])).toEqual([[0, true], [1, true]]);
  });

  it("the same number twice in one message is a duplicate there, not in another message", () => {
    const r = extractUlds(
      [ucm("CAI", "IN", ".AKE12345MS.AKE12345MS"), ucm("CAI", "OUT", ".PMC11111MS")].join("\n"),
    );
    expect(r.ulds.map((u) => [u.uldNumber, u.isDuplicate, u.isInOtherMessage])).toEqual([
      ["AKE12345MS", true, false],
      ["AKE12345MS", true, false],
      ["PMC11111MS", false, false],
    ]);
  });

  it("each message owns by its own flight's airline", () => {
    const r = extractUlds([
      "UCM\nPK719/22.APBGL.IAH\nIN\n.AKE12345PK.AKE23456MS",
      "UCM\nMS985/22.SUGDM.CAI\nIN\n.AKE34567PK.AKE45678MS",
    ].join("\n"));
    expect(r.ulds.map((u) => u.ownershipType)).toEqual(["Owned", "Foreign", "Foreign", "Owned"]);
    expect(r.ownerCode).toBe(""); // two airlines: no one owner code for the whole paste
    expect(r.messages?.map((m) => m.ownerCode)).toEqual(["PK", "MS"]);
  });

  it("all messages unreadable, or none with a ULD, fail with the spec's texts", () => {
    expect(extractUlds("LDM\nMS985/22\nNTM\nMS985/22").error).toBe(
      "Unknown or unsupported message format",
    );
    const empty = extractUlds(`${ucm("CAI", "IN", ".N")}\n${ucm("JFK", "OUT", ".N")}`);
    expect(empty).toMatchObject({ ok: false, error: "No valid ULDs found in message", ulds: [] });
    expect(empty.messages).toHaveLength(2);
  });
});

describe("conflicts", () => {
  const cpm = (flight: string, line: string) => `CPM\n${flight}.SUGDM.CAI\n${line}`;
  const ucmOut = (flight: string, item: string) => `UCM\n${flight}.SUGDM.CAI\nOUT\n${item}`;

  it("a destination read two ways is a conflict too", () => {
    const r = extractUlds(
      `${ucmOut("MS985/22", ".AKE12345MS/JFK/B")}\n${cpm("MS985/22", "-11L/AKE12345MS/BOS/500/B")}`,
    );
    expect(r.conflicts).toEqual([{
      uldNumber: "AKE12345MS",
      field: "destination",
      readings: [{ message: 0, line: 4, value: "JFK" }, { message: 1, line: 7, value: "BOS" }],
    }]);
  });

  it("none between different flights or days, nor between IN and OUT, nor against a blank", () => {
    const pairs = [
      [ucmOut("MS985/22", ".AKE12345MS//B"), cpm("MS986/22", "-11L/AKE12345MS/JFK/1/C")],
      [ucmOut("MS985/22", ".AKE12345MS//B"), cpm("MS985/23", "-11L/AKE12345MS/JFK/1/C")],
      ["UCM\nMS985/22.SUGDM.CAI\nIN\n.AKE12345MS//B", cpm("MS985/22", "-11L/AKE12345MS/JFK/1/C")],
      [ucmOut("MS985/22", ".AKE12345MS"), cpm("MS985/22", "-11L/AKE12345MS/JFK/1/C")],
    ];
    for (const [a, b] of pairs) {
      const r = extractUlds(`${a}\n${b}`);
      expect(r.ulds.map((u) => u.isInOtherMessage)).toEqual([true, true]);
      expect(r.conflicts).toEqual([]);
      expect(r.ulds.some((u) => u.isConflict)).toBe(false);
    }
  });

  it("the same flight written with leading zeros or as a through flight is one flight", () => {
    const r = extractUlds(
      `${ucmOut("PK0719/720/22JUN", ".AKE12345PK//B")}\n${
        cpm("PK719/22", "-11L/AKE12345PK/JFK/1/C")
      }\n${cpm("PK720/22", "-11L/AKE12345PK/JFK/1/X")}`,
    );
    expect(r.conflicts?.map((c) => c.readings.map((x) => x.value))).toEqual([["B", "C", "X"]]);
  });
});

describe("UCM balance per station", () => {
  it("counts distinct units, per station, and names those out without in", () => {
    const r = extractUlds([
      "UCM\nMS985/22.SUGDM.CAI\nIN\n.AKE11111MS.AKE22222MS.AKE11111MS",
      "UCM\nMS986/22.SUGDM.CAI\nOUT\n.AKE22222MS.AKE33333MS.PAJ3425",
      "UCM\nMS777/22.SUGDN.JFK\nOUT\n.AKE11111MS",
      "CPM\nMS986/22.SUGDM.CAI\n-11L/AKE44444MS/JFK/1/B",
    ].join("\n"));
    expect(r.balance).toEqual([
      // PAJ3425 has no readable owner: it stands in no list and is not counted
      { station: "CAI", in: 2, out: 2, outWithoutIn: ["AKE33333MS"] },
      { station: "JFK", in: 0, out: 1, outWithoutIn: ["AKE11111MS"] },
    ]);
  });
});
