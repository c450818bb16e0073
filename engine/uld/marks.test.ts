// The smaller findings of issue 23 on how rows are read and marked: a ULD in the IN and the OUT of
// one UCM is a through ULD, not a duplicate; the catering code CSU is shown as itself with its
// meaning and the load-type mark, never blank; a UCM item's `/OFF` means taken off (domain note
// 8.1), not a destination. Expected values come from the messages as written here.

import { describe, expect, it } from "vitest";
import { exportUlds } from "./export.ts";
import { extractUlds } from "./extractor.ts";

const THROUGH = [
  "UCM",
  "AC856/22.C-GITS.YYZ",
  "IN",
  ".AKE11111AC/YYZ/B.AKE22222AC/YYZ/C",
  "OUT",
  ".AKE11111AC/LHR/B.AKE33333AC/LHR/C.AKE33333AC/LHR/C",
].join("\n");

describe("a ULD in the IN and the OUT of one UCM", () => {
  const r = extractUlds(THROUGH);

  it("is a through ULD: not a duplicate; a number twice in OUT still is", () => {
    expect(r.ulds.map((u) => [u.uldNumber, u.section, u.isDuplicate])).toEqual([
      ["AKE11111AC", "IN", false],
      ["AKE22222AC", "IN", false],
      ["AKE11111AC", "OUT", false],
      ["AKE33333AC", "OUT", true],
      ["AKE33333AC", "OUT", true],
    ]);
  });

  it("is a duplicate again when it stands twice in IN", () => {
    const twice = extractUlds(THROUGH.replace(".AKE22222AC/YYZ/C", ".AKE11111AC/YYZ/C"));
    expect(twice.ulds.filter((u) => u.uldNumber === "AKE11111AC").map((u) => u.isDuplicate))
      .toEqual([true, true, false]);
  });

  it("the text export names IN and OUT on each row", () => {
    const out = exportUlds(r, "text");
    expect(out.ok && out.content.split("\n").filter((l) => l.startsWith("AKE11111AC"))).toEqual([
      "AKE11111AC  B    YYZ   IN      Owned    AKE",
      "AKE11111AC  B    LHR   OUT     Owned    AKE",
    ]);
  });
});

describe("the catering load type CSU", () => {
  it("is shown as CSU with the load-type mark and a warning that says catering (CPM)", () => {
    const r = extractUlds("CPM\nAC857/23.C-GITS.LHR\n-41L/AKE12345AC/LHR/120/CSU");
    expect(r.ulds.map((u) => [u.uldNumber, u.loadType, u.destination, u.isUnknownLoadType]))
      .toEqual([["AKE12345AC", "CSU", "LHR", true]]);
    expect(r.warnings).toEqual([{
      line: 3,
      code: "uld:load_type_catering",
      params: { id: "AKE12345AC", code: "CSU" },
      message: "AKE12345AC: load type CSU (catering) is not one of B, C, M, E, X, F, Q",
    }]);
  });

  it("is read the same in a UCM item", () => {
    const r = extractUlds("UCM\nAC856/22.C-GITS.YYZ\nOUT\n.AKE12345AC/LHR/CSU");
    expect(r.ulds.map((u) => [u.loadType, u.destination, u.isUnknownLoadType]))
      .toEqual([["CSU", "LHR", true]]);
    expect(r.warnings.map((w) => w.message)).toEqual([
      "AKE12345AC: load type CSU (catering) is not one of B, C, M, E, X, F, Q",
    ]);
  });

  it("an unknown code in the load type's place is shown as itself, marked, never blank", () => {
    const r = extractUlds("CPM\nAC857/23.C-GITS.LHR\n-41L/AKE12345AC/LHR/120/ZZZ");
    expect(r.ulds.map((u) => [u.loadType, u.isUnknownLoadType])).toEqual([["ZZZ", true]]);
    expect(r.warnings.map((w) => w.message)).toEqual([
      "AKE12345AC: load type ZZZ is not one of B, C, M, E, X, F, Q",
    ]);
  });
});

describe("a UCM item's /OFF", () => {
  const r = extractUlds("UCM\nXS863/14OCT.ABCDE.YUL\nIN\n.AKE2592XS//B\nOUT\n.PAP0039XS/OFF");

  it("is read as taken off, not as the destination OFF", () => {
    expect(r.ulds.map((u) => [u.uldNumber, u.section, u.destination])).toEqual([
      ["AKE2592XS", "IN", ""],
      ["PAP0039XS", "OUT/OFF", ""],
    ]);
    expect(r.warnings).toEqual([]);
  });
});
