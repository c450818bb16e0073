// What the converter's status line says: the spec's words for a failure, amber for any doubt,
// red for a failed copy, green only for a clean result.

import { describe, expect, it } from "vitest";
import { sayFfm } from "../../../../engine/ffm/texts.ts";
import type { ConversionResult, MatchResult } from "../../../../engine/types.ts";
import {
  convertedStatus,
  CONVERTER_TEXTS,
  doubtsOf,
  failure,
  flightOf,
  outOfDate,
} from "./status.ts";

describe("the converter's status line", () => {
  it("says a failure in the spec's words", () => {
    expect(failure(sayFfm("ffm:no_header"))).toEqual({
      tone: "error",
      text: "Failed to convert FFM to UWS: Invalid FFM header",
      detail: "Error: Invalid FFM header",
    });
    expect(failure(sayFfm("ffm:no_trailer")).detail).toBe(
      "Error: Invalid FFM footer - must end with LAST or CONT",
    );
    expect(failure("No ULDs").text).toBe("Failed to convert FFM to UWS: No ULDs");
  });

  it("is amber with any doubt, red for a failed copy, green otherwise", () => {
    expect(convertedStatus(2, true, [])).toEqual({
      tone: "warning",
      text: "Converted with 2 warnings: check before sending.",
    });
    expect(convertedStatus(1, null, []).text).toBe(
      `Converted with 1 warning: check before sending. ${CONVERTER_TEXTS.copyAnyway}`,
    );
    expect(convertedStatus(0, false, [])).toEqual({
      tone: "error",
      text: CONVERTER_TEXTS.copyFailed,
    });
    expect(convertedStatus(0, true, ["NTM matched"])).toEqual({
      tone: "success",
      text: `${CONVERTER_TEXTS.copied}. NTM matched.`,
    });
    expect(outOfDate("the FFM").tone).toBe("stale");
  });

  it("counts the engine's warnings and a mismatched NTM as doubts", () => {
    const WARNING = {
      line: 3,
      code: "ffm:unknown_uld_type",
      params: { type: "XYZ", id: "XYZ1234MS" },
      message: "Unknown ULD type XYZ (XYZ1234MS): tare 0 kg",
    };
    const result = {
      ok: true,
      warnings: [WARNING],
      flightHeader: "MS985/22.CAI.FINAL",
    } as unknown as ConversionResult;
    const match = {
      ok: true,
      matched: false,
      message: "RFL on the NOTOC is not on the UWS",
      warnings: [{ line: 1, message: "no flight line" }],
      findings: [],
    } as unknown as MatchResult;
    expect(doubtsOf(result, match)).toEqual([
      WARNING, // with its code and values, by which the screen translates it
      { line: 0, message: "NTM match: RFL on the NOTOC is not on the UWS" },
      { line: 0, message: "NTM: no flight line" },
    ]);
    expect(doubtsOf(null, null)).toEqual([]);
    expect(flightOf(result)).toBe("MS985/22");
  });
});
