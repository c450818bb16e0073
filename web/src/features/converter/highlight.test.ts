import { describe, expect, it } from "vitest";
import { KNOWN_SHC_CODES } from "../../../../engine/reference_data.ts";
import {
  ffmMarks,
  indexLines,
  lineOf,
  lineText,
  matchMarks,
  segments,
  uwsMarks,
} from "./highlight.ts";

describe("indexLines", () => {
  it("finds lines of LF, CRLF and CR text", () => {
    const text = "FFM/8\r\n1/MS985\rCAI\nLAST";
    const index = indexLines(text);
    expect(index.count).toBe(4);
    expect([0, 1, 2, 3].map((i) => lineText(text, index, i))).toEqual([
      "FFM/8",
      "1/MS985",
      "CAI",
      "LAST",
    ]);
    expect(lineOf(index, 0)).toBe(0);
    expect(lineOf(index, text.indexOf("CAI"))).toBe(2);
    expect(lineOf(index, text.length)).toBe(3);
  });

  it("marks the lines after a '/N/' line yellow up to OSI or LAST", () => {
    const text = ["FFM/8", "A/N/B", "ONE", "TWO", "OSI/X", "THREE", "X/N/", "FOUR", "LAST", ""]
      .join("\n");
    expect([...indexLines(text).yellow]).toEqual([0, 0, 1, 1, 0, 0, 0, 1, 0, 0]);
  });

  it("grows past its first buffer on long texts", () => {
    const text = "X\n".repeat(5000);
    const index = indexLines(text);
    expect(index.count).toBe(5001);
    expect(lineText(text, index, 4999)).toBe("X");
  });
});

/** The engine's known codes, as the worker hands them to the page. */
const known = new Set(KNOWN_SHC_CODES);

describe("marks", () => {
  it("colours DGSL codes blue and XDGSL codes red in FFM parts", () => {
    const line = "176-12345675CAIJFK/T2K50/BOOKS/RFL/AVD";
    const marks = ffmMarks(line, { dgsl: new Set(["RFL"]), xdgsl: new Set(["AVD"]), known });
    expect(marks.map((m) => [line.slice(m.from, m.to), m.className])).toEqual([
      ["RFL", "hl-dgsl"],
      ["AVD", "hl-xdgsl"],
    ]);
  });

  it("colours codes glued together (/BUCELI, /EAWGEN) as the UWS counts them", () => {
    const show = (line: string) =>
      ffmMarks(line, { dgsl: new Set(["ELI", "RFL"]), xdgsl: new Set(["AVD"]), known }).map((m) => [
        line.slice(m.from, m.to),
        m.className,
      ]);
    expect(show("172-00122474CDGDXB/T4K800MC4.8/BATTERIES/BUCELI")).toEqual([["ELI", "hl-dgsl"]]);
    expect(show("172-00122474CDGDXB/T4K800/PARTS/RFLAVDGEN")).toEqual([
      ["RFL", "hl-dgsl"],
      ["AVD", "hl-xdgsl"],
    ]);
    // not every chunk a known code: not codes (the engine warns about the text)
    expect(show("172-00122474CDGDXB/T4K800/PARTS/ELIXYZ")).toEqual([]);
    expect(show("172-00122474CDGDXB/T4K800/DELIVERY")).toEqual([]);
  });

  it("colours the second destination and XDGSL codes in UWS lines", () => {
    const xdgsl = new Set(["AVD"]);
    const uld = "-PMC12345MS/BRU/1250A/C.RFL.AVD";
    expect(uwsMarks(uld, "BRU", xdgsl).map((m) => [uld.slice(m.from, m.to), m.className]))
      .toEqual([["BRU", "hl-second"], ["AVD", "hl-xdgsl"]]);
    const bulk = "-BRU/120A/C";
    expect(uwsMarks(bulk, "BRU", xdgsl).map((m) => bulk.slice(m.from, m.to))).toEqual(["BRU"]);
    expect(uwsMarks("-JFK/340A/C", "BRU", xdgsl)).toEqual([]);
    expect(uwsMarks("MS985/22.CAI.FINAL", "CAI", xdgsl)).toEqual([]);
  });

  it("places match results on their lines", () => {
    const text = "UWS\n-AKE12345MS/JFK/100A/C\n-PMC11111MS/JFK/900A/C";
    const index = indexLines(text);
    const byLine = matchMarks(index, [
      { offset: text.indexOf("AKE12345MS"), length: 10, color: "green" },
      { offset: text.indexOf("PMC11111MS"), length: 10, color: "red" },
    ]);
    expect(byLine.get(1)).toEqual([{ from: 1, to: 11, className: "hl-green" }]);
    expect(byLine.get(2)).toEqual([{ from: 1, to: 11, className: "hl-red" }]);
  });

  it("splits a line at mark edges and combines overlapping classes", () => {
    expect(segments("ABCDEF", [
      { from: 1, to: 4, className: "a" },
      { from: 3, to: 5, className: "b" },
    ])).toEqual([
      { text: "A", className: "" },
      { text: "BC", className: "a" },
      { text: "D", className: "a b" },
      { text: "E", className: "b" },
      { text: "F", className: "" },
    ]);
    expect(segments("PLAIN", [])).toEqual([{ text: "PLAIN", className: "" }]);
  });
});
