// The printed NOTOC (domain 8.4) read as a load controller reads it, on the two real layouts of
// flight AC857/23 and on variants of them; and the match against the UWS the converter makes from
// ffm-03.txt (the same flight): every expectation written by hand from the samples.

import { describe, expect, it } from "vitest";
import { UWS_AC857 } from "../test_support/flight_ac857.ts";
import { sample } from "../test_support/samples.ts";
import { readNtm } from "./notoc.ts";
import { codeLists, matchUwsNtm } from "./uws_match.ts";

const NOTOC_64 = sample("ntm-01-notoc-64col.txt");
const NOTOC_40 = sample("ntm-02-notoc-40col.txt");
const lists = codeLists();
const CODES = new Set([...lists.dgsl, ...lists.xdgsl]);

/** The UWS of AC857/23 as the converter writes it from ffm-03.txt. */
const UWS = UWS_AC857;

const ITEMS = [
  {
    section: "dg",
    number: "01",
    codes: ["RFG"],
    uldId: "DVA1234AC",
    position: "11L",
    destination: "YYZ",
    awb: "24349426",
    unNumber: "1950",
    dgClass: "2.1",
    quantity: "9.0K",
    cao: "N",
  },
  {
    section: "dg",
    number: "02",
    codes: ["MAG"],
    uldId: "DVA2345AC",
    position: "12R",
    destination: "YYZ",
    awb: "28241150",
    unNumber: "2807",
    dgClass: "9",
    quantity: "380.0K",
    cao: "N",
  },
  {
    section: "other",
    number: "03",
    codes: ["HUM"],
    uldId: "",
    position: "51",
    destination: "YYZ",
    awb: "26488125",
    unNumber: "",
    dgClass: "",
    quantity: "120.0K",
    cao: "",
  },
  {
    section: "other",
    number: "04",
    codes: ["PER"],
    uldId: "",
    position: "51",
    destination: "YYZ",
    awb: "27469212",
    unNumber: "",
    dgClass: "",
    quantity: "14.0K",
    cao: "",
  },
];

describe("readNtm on the printed NOTOC", () => {
  it("reads every field of the 64-column print, the IMP code from the line above the ULD id", () => {
    const r = readNtm(NOTOC_64, CODES);
    expect(r.layout).toBe("notoc-64");
    expect(r.flight).toBe("AC857/23");
    expect(r.items).toMatchObject(ITEMS);
    expect(r.items.map((i) => i.line)).toEqual([10, 15, 25, 28]);
    const first = r.items[0];
    expect(NOTOC_64.slice(first.offset, first.offset + 9)).toBe("DVA1234AC");
  });

  it("reads the same items from the 40-column print, the IMP code before the ULD id", () => {
    const r = readNtm(NOTOC_40, CODES);
    expect(r.layout).toBe("notoc-40");
    expect(r.flight).toBe("AC857/23");
    expect(r.items).toMatchObject(ITEMS);
  });

  it("reads an item printed twice by the 40-column rewrap as one item", () => {
    const item = [
      "01.AEROSOLS, FLAMMABLE",
      "EMERGENCY RESPONSE CODE 2L",
      "YYZ          2.1   UN/       1      9.0K",
      "    24349426       1950                 ",
      "        RFG  N           11L    DVA1234AC",
      "----------------------------------------",
    ].join("\n");
    const twice = NOTOC_40.replace(item, `${item}\n${item}`);
    expect(twice).not.toBe(NOTOC_40);
    expect(readNtm(twice, CODES).items).toMatchObject(ITEMS);
  });

  it("reads a 40-column item whose name wraps onto a second line", () => {
    const wrapped = NOTOC_40.replace(
      "01.AEROSOLS, FLAMMABLE",
      "01.LITHIUM ION BATTERIES PACKED WITH\nEQUIPMENT RFL 12",
    ).replace(
      "        RFG  N           11L    DVA1234AC",
      "    II  RLI  N           11L    DVA1234AC",
    );
    const [first] = readNtm(wrapped, CODES).items;
    expect(first).toMatchObject({
      number: "01",
      codes: ["RLI"],
      uldId: "DVA1234AC",
      position: "11L",
    });
  });

  it("never takes ids or codes from the header, captions, SI, statement or signatures", () => {
    const noisy = NOTOC_64
      .replace("SI EMERGENCY CONTACT +1 555 0100", "SI AKE12345AC RFL 11 LOADED LAST")
      .replace("A SAMPLE", "PMC54321AC RCM N 12")
      .replace("FROM   FLIGHT       DATE       A/C REG", "FROM FLIGHT DATE AKE99999AC RFL N 41");
    const r = readNtm(noisy, CODES);
    expect(r.items.map((i) => i.uldId)).toEqual(["DVA1234AC", "DVA2345AC", "", ""]);
    expect(r.items.flatMap((i) => i.codes)).toEqual(["RFG", "MAG", "HUM", "PER"]);
  });

  it("reads the teletype form when the text has no NOTOC shape", () => {
    const r = readNtm(
      "NTM\nAC857/23APR LHR\nDVA1234AC 11L YYZ RFG ELI PAINT\nDVA2345AC MAG",
      CODES,
    );
    expect(r.layout).toBe("teletype");
    expect(r.items.map((i) => [i.uldId, i.codes])).toEqual([
      ["DVA1234AC", ["RFG", "ELI"]],
      ["DVA2345AC", ["MAG"]],
    ]);
  });
});

describe("matchUwsNtm with a printed NOTOC", () => {
  const colours = (uws: string, ntm: string) =>
    matchUwsNtm(uws, ntm).results.map((r) =>
      `${r.type} ${r.uldId} ${r.dgslList.join(".")} ${r.color}`
    );

  it("is green on both layouts when the UWS carries exactly the NOTOC's codes", () => {
    for (const ntm of [NOTOC_64, NOTOC_40]) {
      const r = matchUwsNtm(UWS, ntm);
      expect(r.matched).toBe(true);
      expect(r.message).toBe("All 5 ULD entries match (flight AC857/23)");
      expect(r.findings).toEqual([]);
      // the bulk items (HUM and PER at 51) are not the UWS's ULDs: no doubt, no result
      expect(r.warnings).toEqual([]);
    }
  });

  it("is red, DG first, when the UWS lost every DG code", () => {
    const bare = UWS.replace(".RFG", "").replace(".MAG", "");
    const r = matchUwsNtm(bare, NOTOC_64);
    expect(r.matched).toBe(false);
    expect(r.message).toBe(
      "DG on the NOTOC that the UWS lacks: DVA1234AC, DVA2345AC. 4 of 5 ULD entries do not " +
        "match (flight AC857/23)",
    );
    expect(r.findings.map((f) => f.message)).toEqual([
      "DVA1234AC: RFG on the NOTOC, not on the UWS",
      "DVA2345AC: MAG on the NOTOC, not on the UWS",
    ]);
  });

  it("names codes on the UWS that the NOTOC lacks", () => {
    const r = matchUwsNtm(
      UWS.replace("-DVA3456AC/YYZ/378A/C", "-DVA3456AC/YYZ/378A/C.RCM"),
      NOTOC_40,
    );
    expect(colours(UWS.replace("/378A/C", "/378A/C.RCM"), NOTOC_40)).toContain(
      "uws DVA3456AC RCM red",
    );
    expect(r.findings).toEqual([{
      kind: "uws-dg-not-on-ntm",
      uldId: "DVA3456AC",
      code: "ntm:dg_not_on_ntm",
      params: { uld: "DVA3456AC", codes: "RCM" },
      message: "DVA3456AC: RCM on the UWS, not on the NOTOC",
    }]);
  });

  it("names a NOTOC ULD absent from the UWS and highlights every occurrence", () => {
    const uws = UWS.replace("-DVA2345AC/YYZ/475A/C.MAG\n", "");
    const r = matchUwsNtm(uws, NOTOC_64);
    expect(r.message).toBe(
      "DG on the NOTOC that the UWS lacks: DVA2345AC. 1 of 4 ULD entries do not match " +
        "(flight AC857/23)",
    );
    const twice = `${UWS}\n-DVA1234AC/YYZ/584A/C.RFG`;
    const entry = matchUwsNtm(twice, NOTOC_64).results.find((e) => e.uldId === "DVA1234AC")!;
    expect(entry.occurrences.map((o) => twice.slice(o.offset, o.offset + o.length))).toEqual([
      "DVA1234AC",
      "DVA1234AC",
    ]);
  });

  it("reads a NOTOC with bulk items only: UWS ULDs without codes green, with codes red", () => {
    const a = NOTOC_64.indexOf("01.AEROSOLS");
    const bulkOnly = NOTOC_64.slice(0, a) + NOTOC_64.slice(NOTOC_64.indexOf("*".repeat(63), a));
    expect(readNtm(bulkOnly, CODES).items.map((i) => i.number)).toEqual(["03", "04"]);
    const r = matchUwsNtm(UWS, bulkOnly);
    expect(r.ok).toBe(true);
    expect(r.message).toBe(
      "DG on the UWS that the NOTOC lacks: DVA1234AC, DVA2345AC. 2 of 3 ULD entries do not " +
        "match (flight AC857/23)",
    );
    expect(r.messageCode).toBe("ntm:dg_not_on_ntm_lead");
    expect(matchUwsNtm(UWS.replace(".RFG", "").replace(".MAG", ""), bulkOnly).matched).toBe(true);
  });

  it("keeps a code outside the lists as a note and does not compare it", () => {
    const rli = NOTOC_64.replace("RFG  N      11L", "RLI  N      11L");
    const r = matchUwsNtm(UWS.replace(".RFG", ""), rli);
    const ntm = r.results.find((e) => e.type === "ntm" && e.uldId === "DVA1234AC")!;
    expect(ntm).toMatchObject({ color: "green", dgslList: [] });
    expect(ntm.notes).toEqual(["RLI is not in the DGSL list, so the UWS cannot carry it"]);
    expect(ntm.noteTexts).toEqual([{
      code: "ntm:code_not_listed",
      params: { code: "RLI" },
      message: "RLI is not in the DGSL list, so the UWS cannot carry it",
    }]);
    expect(r.matched).toBe(true);
  });
});
