// Which 2nd Dest a flight check uses (issue 52): only the one the converter's last conversion of
// the same flight was made with; a typed one not converted, or one converted with another flight,
// is left out and named.

import { describe, expect, it } from "vitest";
import type { ConversionResult } from "../../../../engine/types.ts";
import { convertedSecondDest, secondDestFor, secondDestUse } from "./second_dest.ts";

/** The converter after converting `flight` with `converted`, with `typed` in the 2nd Dest box. */
function converter(typed: string, converted: string | null, flight = "AC857/23") {
  const result = { ok: true, flightHeader: `${flight}.LHR.FINAL` } as ConversionResult;
  return converted === null ? { secondDest: typed, made: null, result: null } : {
    secondDest: typed,
    made: { ffm: "", secondDest: converted, showPer: false, lists: "" },
    result,
  };
}

describe("the 2nd Dest of a flight check", () => {
  it("is the one converted with the same flight, and says so", () => {
    const c = converter("YWG", "YWG");
    expect(convertedSecondDest(c)).toEqual({ code: "YWG", flight: "AC857/23" });
    expect(secondDestFor(c, "AC857/23")).toBe("YWG");
    expect(secondDestUse(c, "AC857/23", "YWG")).toEqual({
      used: "YWG",
      flight: "AC857/23",
      leftOut: null,
    });
  });

  it("is none for another flight, naming the flight the converter's was converted with", () => {
    const c = converter("YWG", "YWG");
    expect(secondDestFor(c, "CV1234/01")).toBe("");
    expect(secondDestUse(c, "CV1234/01", "")).toEqual({
      used: "",
      flight: "CV1234/01",
      leftOut: { code: "YWG", typedFor: "AC857/23" },
    });
  });

  it("is none while the typed one is not converted, even for the flight in the converter", () => {
    const typedOnly = converter("AUH", null);
    expect(convertedSecondDest(typedOnly)).toBeNull();
    expect(secondDestFor(typedOnly, "AC857/23")).toBe("");
    expect(secondDestUse(typedOnly, "AC857/23", "").leftOut).toEqual({
      code: "AUH",
      typedFor: null,
    });
    // typed after converting with YWG: the converted YWG is used, the typed HKG named
    const retyped = converter("HKG", "YWG");
    expect(secondDestFor(retyped, "AC857/23")).toBe("YWG");
    expect(secondDestUse(retyped, "AC857/23", "YWG").leftOut).toEqual({
      code: "HKG",
      typedFor: null,
    });
  });

  it("is none after a conversion without one or a failed one, with nothing to name", () => {
    expect(secondDestUse(converter("", ""), "AC857/23", "")).toEqual({
      used: "",
      flight: "AC857/23",
      leftOut: null,
    });
    const failed = { ...converter("", "YWG"), result: { ok: false } as ConversionResult };
    expect(convertedSecondDest(failed)).toBeNull();
  });
});
