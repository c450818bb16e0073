// ULD id rules (domain note section 5): the IATA type structure, the split into type, serial and
// owner, categories and the 4-digit flag, written from the note's tables.

import { describe, expect, it } from "vitest";
import { extractUlds } from "./extractor.ts";
import { flightNumbers } from "./flight.ts";
import { idShape, isFourDigitNumber, isIataType, isUnknownLoadType, uldCategory } from "./ids.ts";

// domain note 5.2, positions 1 and 2
const CATEGORIES = ["A", "D", "P", "F", "R", "M", "H", "K", "N", "G", "U", "V", "X", "Y", "Z"];
const BASES = ["K", "A", "M", "L", "G", "R", "P", "Q", "E", "N", "1", "6"];

describe("the IATA type structure", () => {
  it("every category letter with every base size and any contour is a type", () => {
    for (const c of CATEGORIES) {
      for (const b of BASES) {
        for (const contour of ["E", "C", "A", "7"]) {
          expect(isIataType(c + b + contour), c + b + contour).toBe(true);
        }
      }
    }
    for (const t of ["PKC", "FQA", "P1G", "P6P", "AKE", "HMA", "KMA", "XKN", "AMJ"]) {
      expect(isIataType(t), t).toBe(true);
    }
  });

  it("PLT stays generic; other letters and digits in the first two places are no type", () => {
    expect(isIataType("PLT")).toBe(false);
    for (const t of ["BKE", "CKE", "EKE", "QKE", "AZE", "AXE", "A2E", "P9A", "1KE", "AK", "AKEX"]) {
      expect(isIataType(t), t).toBe(false);
    }
  });

  it("types outside the structure stay listed and flagged invalid; the reference list adds types", () => {
    const text = "UCM\nMS985/22.SUGDM.CAI\nIN\n.PKC12345MS.P9A23456MS.PLT34567MS";
    const r = extractUlds(text);
    expect(r.ulds.map((u) => [u.uldNumber, u.isValid, u.ownershipType])).toEqual([
      ["PKC12345MS", true, "Owned"],
      ["P9A23456MS", true, "Owned"], // P9A is in the spec's built-in weights list
      ["PLT34567MS", false, "Owned"],
    ]);
    expect(extractUlds(text, { knownTypes: ["plt"] }).ulds.every((u) => u.isValid)).toBe(true);
  });
});

describe("type, serial and owner", () => {
  it("splits 9 to 11 characters by the serial's digits and the owner's letters", () => {
    expect(idShape("AKE1234MS")).toEqual({ serialLength: 4, ownerLength: 2 });
    expect(idShape("AKE12345MS")).toEqual({ serialLength: 5, ownerLength: 2 });
    expect(idShape("AKE12345R7")).toEqual({ serialLength: 5, ownerLength: 2 });
    expect(idShape("P1G2241ABA")).toEqual({ serialLength: 4, ownerLength: 3 });
    expect(idShape("PAG72801AGH")).toEqual({ serialLength: 5, ownerLength: 3 });
    expect(idShape("AKEA1234MS")).toEqual({ serialLength: 5, ownerLength: 2 }); // serial's letter
  });

  it("refuses what fits no split", () => {
    for (
      const id of [
        "PAJ3425",
        "AKE123MS",
        "AKE1234567",
        "AKE1234A5X",
        "1KE12345MS",
        "AKE12345M-",
        "AKE12A45MS",
      ]
    ) {
      expect(idShape(id), id).toBeNull();
    }
  });
});

describe("categories, 4-digit serials and load types", () => {
  it("AKE, PLA, other P types as PLT, everything else Others", () => {
    expect(["AKE", "PLA", "PMC", "P1G", "PKC", "AKN", "DPE", "RKN"].map(uldCategory)).toEqual([
      "AKE",
      "PLA",
      "PLT",
      "PLT",
      "PLT",
      "Others",
      "Others",
      "Others",
    ]);
  });

  it("the spec's 4-digit rule on the length", () => {
    expect(isFourDigitNumber("AKE1234MS")).toBe(true);
    expect(isFourDigitNumber("AKE12345MS")).toBe(false);
    expect(isFourDigitNumber("AKE123MS")).toBe(false);
  });

  it("load types outside B, C, M, E, X, F, Q", () => {
    expect(["B", "C", "M", "E", "X", "F", "Q", ""].map(isUnknownLoadType).some(Boolean)).toBe(
      false,
    );
    expect(["K", "D", "S", "T"].map(isUnknownLoadType).every(Boolean)).toBe(true);
  });
});

describe("flight numbers of a flight field", () => {
  it("are normalised, and a through flight names both", () => {
    expect(flightNumbers("BA0117")).toEqual(["BA117"]);
    expect(flightNumbers("PK719/720")).toEqual(["PK719", "PK720"]);
    expect(flightNumbers("PK0719A/0720B")).toEqual(["PK719A", "PK720B"]);
    expect(flightNumbers("CZ123")).toEqual(["CZ123"]);
    expect(flightNumbers("ABC12")).toEqual(["ABC12"]);
    expect(flightNumbers("")).toEqual([]);
    for (const odd of ["MS12345", "MS985/720/1", "M", "MS", "MS/12", "MS985X1"]) {
      expect(flightNumbers(odd), odd).toEqual([odd]);
    }
  });
});
