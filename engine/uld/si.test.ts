// No message is lost in another's SI text (issue 23): a message pasted after an `SI` line without
// its type line starts a message of its own when a flight line is followed by ULD lines, with a
// warning naming the line; ULD lines that SI text still holds are named in a warning, never
// silent. The expected counts are those of the messages as written here.

import { describe, expect, it } from "vitest";
import { extractUlds } from "./extractor.ts";

const UCM_THEN_CPM = [
  "UCM", //                                1
  "AC856/22.C-GITS.YYZ", //                2
  "IN", //                                 3
  ".AKE11111AC/YYZ/B.AKE22222AC/YYZ/C", // 4
  "OUT", //                                5
  ".PMC33333AC/LHR/C", //                  6
  "SI CHECKED BY J.DOE", //                7
  "AC857/23.C-GITS.LHR", //                8 (the CPM's flight line, its CPM line not pasted)
  "-41L/AKE12345AC/LHR/600/B", //          9
  "-41R/AKE12346R7/LHR/550/C", //         10
  "-42L/AKE12347LH/LHR/480/M", //         11
  "SI NIL", //                            12
].join("\n");

describe("a CPM without its CPM line, pasted after a UCM's SI", () => {
  const r = extractUlds(UCM_THEN_CPM);

  it("starts a message of its own at its flight line, with its 3 ULDs", () => {
    expect(r.ok).toBe(true);
    expect(r.messages?.map((m) => [m.messageType, m.flightNumber, m.firstLine, m.lastLine]))
      .toEqual([["UCM", "AC856", 1, 7], ["CPM", "AC857", 8, 12]]);
    expect(r.ulds.filter((u) => u.message === 1).map((u) => [u.uldNumber, u.position]))
      .toEqual([["AKE12345AC", "41L"], ["AKE12346R7", "41R"], ["AKE12347LH", "42L"]]);
    expect(r.statistics.total).toBe(6);
    expect([r.statistics.owned, r.statistics.rented, r.statistics.foreign]).toEqual([4, 1, 1]);
  });

  it("keeps the UCM's SI text to its own lines and says where the new message starts", () => {
    expect(r.messages?.[0].supplementaryInfo).toBe("CHECKED BY J.DOE");
    expect(r.warnings).toEqual([
      {
        line: 8,
        code: "uld:next_message_after_si",
        params: { line: "AC857/23.C-GITS.LHR", type: "CPM" },
        message:
          "AC857/23.C-GITS.LHR starts another message (a CPM without its CPM line): it is read apart from the SI text before it",
      },
    ]);
  });
});

describe("a UCM without its UCM line after a CPM's SI", () => {
  const text = [
    "CPM",
    "AC857/23.C-GITS.LHR",
    "-41L/AKE12345AC/LHR/600/B",
    "SI NIL",
    "AC858/24.C-GITS.YUL",
    "IN",
    ".AKE55555AC/YUL/B",
  ].join("\n");
  const r = extractUlds(text);

  it("reads the UCM apart, its ULD in its own message", () => {
    expect(r.messages?.map((m) => [m.messageType, m.flightNumber])).toEqual([
      ["CPM", "AC857"],
      ["UCM", "AC858"],
    ]);
    expect(r.ulds.map((u) => [u.uldNumber, u.message, u.section])).toEqual([
      ["AKE12345AC", 0, ""],
      ["AKE55555AC", 1, "IN"],
    ]);
    expect(r.warnings.map((w) => w.line)).toEqual([5]);
  });
});

describe("ULD lines inside SI text with no flight line before them", () => {
  const text = [
    "CPM",
    "AC857/23.C-GITS.LHR",
    "-41L/AKE12345AC/LHR/600/B",
    "SI MOVED FROM 41R:",
    "-41R/AKE12346AC/LHR/550/C",
    "PLEASE CHECK",
  ].join("\n");
  const r = extractUlds(text);

  it("stay SI text (design 4.5) but are named in a warning", () => {
    expect(r.ulds.map((u) => u.uldNumber)).toEqual(["AKE12345AC"]);
    expect(r.supplementaryInfo).toBe(
      "MOVED FROM 41R:\n-41R/AKE12346AC/LHR/550/C\nPLEASE CHECK",
    );
    expect(r.warnings).toEqual([
      {
        line: 5,
        code: "uld:si_uld_line",
        params: { line: "-41R/AKE12346AC/LHR/550/C" },
        message: "SI text holds a ULD line, not read: -41R/AKE12346AC/LHR/550/C",
      },
    ]);
  });

  it("plain SI text gives no warning", () => {
    const plain = extractUlds(
      "CPM\nAC857/23.C-GITS.LHR\n-41L/AKE12345AC/LHR/600/B\nSI 2 WHEELCHAIRS HOLD 1\nAC857 DELAYED",
    );
    expect(plain.warnings).toEqual([]);
    expect(plain.supplementaryInfo).toBe("2 WHEELCHAIRS HOLD 1\nAC857 DELAYED");
  });
});

describe("a type line after SI", () => {
  it("starts its message as any type line does", () => {
    const r = extractUlds(UCM_THEN_CPM.replace("SI CHECKED BY J.DOE\n", "SI CHECKED\nCPM\n"));
    expect(r.messages?.map((m) => m.messageType)).toEqual(["UCM", "CPM"]);
    expect(r.statistics.total).toBe(6);
  });
});
