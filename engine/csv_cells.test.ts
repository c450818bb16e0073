// The CSV writer: formula-like cells written as text, quoting, and the file's BOM and CRLF.

import { expect, it } from "vitest";
import { csvCell, csvFile, unprotectCell } from "./csv_cells.ts";

it("writes cells a spreadsheet would run as text, and unprotects them back", () => {
  for (const evil of ["=1+1", "+20 100", "-5", "@SUM(A1)", "\tx", "\rx"]) {
    const cell = csvCell(evil);
    expect(cell.replace(/^"/, "")[0]).toBe("'");
    expect(unprotectCell(cell.replace(/^"|"$/g, ""))).toBe(evil);
  }
  expect(csvCell("plain")).toBe("plain");
  expect(csvCell(null)).toBe("");
  expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
  expect(unprotectCell("'plain")).toBe("'plain");
});

it("writes a file with a byte order mark and CRLF line ends", () => {
  expect(csvFile(["a", "b"], [[1, "x,y"], [null, "=2"]])).toBe('\ufeffa,b\r\n1,"x,y"\r\n,\'=2\r\n');
});
