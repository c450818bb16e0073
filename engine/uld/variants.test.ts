// The extractor on variants of real traffic (issue 52, item 14): an SCM type list wrapped onto a
// continuation line, a UCM flight line that writes the carrier twice, and a readable message
// beside one the extractor cannot read. Messages in the layouts of samples scm-01.txt and
// ucm-01.txt (domain 8.1, 8.2); every expected value is counted by hand.

import { describe, expect, it } from "vitest";
import { extractUlds } from "./extractor.ts";

describe("an SCM type list wrapped onto the next line", () => {
  const SCM = [
    "SCM",
    "IAH.27JUN/1530",
    ".AKE.0324PK/0482PK/2345PK/2351PK/2356PK/2360PK/2361PK/2377PK/2390PK/",
    "2391PK/2402PK.T11",
    ".PAJ.0782PK.0822PK.",
    "0901PK.T3",
    ".P1G.7882LH/7081PK.T2",
    "SITWO PK NETS ALSO",
  ].join("\n");

  it("reads the items of the continuation line as the type's, and counts them across lines", () => {
    const r = extractUlds(SCM);
    expect(r.warnings).toEqual([]);
    expect(r.ulds.map((u) => u.uldNumber)).toEqual([
      "AKE0324PK",
      "AKE0482PK",
      "AKE2345PK",
      "AKE2351PK",
      "AKE2356PK",
      "AKE2360PK",
      "AKE2361PK",
      "AKE2377PK",
      "AKE2390PK",
      "AKE2391PK",
      "AKE2402PK",
      "PAJ0782PK",
      "PAJ0822PK",
      "PAJ0901PK",
      "P1G7882LH",
      "P1G7081PK",
    ]);
    expect(r.ulds.map((u) => u.line)).toEqual([...Array(9).fill(3), 4, 4, 5, 5, 6, 7, 7]);
    // 11 AKE, 3 PAJ and 2 P1G: AKE, PLA and the pallets (PAJ and P1G are P-types)
    expect(r.statistics.categories).toEqual({ plt: 5, ake: 11, pla: 0, others: 0, total: 16 });
    expect(r.supplementaryInfo).toBe("TWO PK NETS ALSO");
  });

  it("checks the count on the line that gives it, against every line of the type", () => {
    const r = extractUlds(SCM.replace("2402PK.T11", "2402PK.T12"));
    expect(r.warnings.map((w) => [w.line, w.message])).toEqual([
      [4, "AKE: the line counts T12 but lists 11 ULDs"],
    ]);
  });

  it("goes on only after a type line without a count, and only with items", () => {
    const closed = extractUlds(SCM.replace("2390PK/\n", "2390PK.T9\n"));
    expect(closed.ulds).toHaveLength(14);
    expect(closed.warnings.map((w) => [w.line, w.message])).toEqual([
      [4, "Line not read: 2391PK/2402PK.T11"],
    ]);
    const junk = extractUlds(SCM.replace("0901PK.T3", "NETS OK"));
    expect(junk.ulds.filter((u) => u.uldNumber.startsWith("PAJ"))).toHaveLength(2);
    expect(junk.warnings.map((w) => [w.line, w.message])).toEqual([[6, "Line not read: NETS OK"]]);
  });
});

describe("a UCM flight line that writes the carrier twice", () => {
  const UCM = [
    "UCM",
    "KL863/KL863/14.PHBQA.AMS",
    "OUT",
    ".AKE12345KL/DEL/B.PMC11111KL/DEL/C.AKE22222AF//X",
    "SI",
  ].join("\n");

  it("reads the flight, and the owner comes from its carrier", () => {
    const r = extractUlds(UCM);
    expect(r.warnings).toEqual([]);
    expect([r.flightNumber, r.aircraftRegistration, r.senderStation, r.ownerCode]).toEqual([
      "KL863",
      "PHBQA",
      "AMS",
      "KL",
    ]);
    expect(r.ulds.map((u) => [u.uldNumber, u.ownershipType, u.destination, u.loadType])).toEqual([
      ["AKE12345KL", "Owned", "DEL", "B"],
      ["PMC11111KL", "Owned", "DEL", "C"],
      ["AKE22222AF", "Foreign", "", "X"],
    ]);
  });

  it("keeps two numbers of the carrier as written, the through flight of PK719/720", () => {
    const r = extractUlds(UCM.replace("KL863/KL863/14", "KL863/KL864/14"));
    expect([r.flightNumber, r.ownerCode]).toEqual(["KL863/KL864", "KL"]);
    expect(extractUlds(UCM.replace("KL863/KL863/14", "KL863/864/14JUN")).flightNumber)
      .toBe("KL863/864");
  });
});

describe("a readable message beside one the extractor cannot read", () => {
  const UCM = ["UCM", "KL863/14.PHBQA.AMS", "OUT", ".AKE12345KL/DEL/B", "SI CHECKED BY JV"];

  it("shows the readable message's details, its SI unlabelled", () => {
    for (const before of [["MVT", "KL863/14.PHBQA.AMS", "AD1805/1818"], ["FWB/16", "074-1"]]) {
      const r = extractUlds([...before, "", ...UCM].join("\n"));
      expect(r.messages?.map((m) => [m.ok, m.messageType])).toEqual([[false, ""], [true, "UCM"]]);
      expect(r).toMatchObject({
        ok: true,
        messageType: "UCM",
        flightNumber: "KL863",
        aircraftRegistration: "PHBQA",
        senderStation: "AMS",
        movement: "Outbound",
        ownerCode: "KL",
        supplementaryInfo: "CHECKED BY JV",
      });
      expect(r.warnings.map((w) => [w.line, w.message])).toEqual([
        [1, "Message 1: Unknown or unsupported message format"],
      ]);
    }
  });

  it("still says 'several' (an empty value) when two readable messages differ", () => {
    const cpm = ["CPM", "KL864/14.PHBQB.DEL", "-11L/AKE54321KL/AMS/300/B", "SI NIL"];
    const r = extractUlds(["MVT", "X", "", ...UCM, ...cpm].join("\n"));
    expect([r.messageType, r.flightNumber, r.ownerCode]).toEqual(["", "", "KL"]);
    expect(r.supplementaryInfo).toBe("2 UCM KL863: CHECKED BY JV\n3 CPM KL864: NIL");
  });
});
