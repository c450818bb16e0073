// CSV reading and writing for every CSV the portal reads or writes, on the server and in the
// browser: RFC 4180 quoting read in one pass, and cells a spreadsheet would run as a formula
// written as text. Pure: no Deno, KV or Hono. The writing lives in engine/csv_cells.ts (the
// engine may import nothing outside engine/, and api may import the engine): one implementation.

/** The cell and file writers, re-used from the engine: `csvCell`, `unprotectCell`, `csvFile`. */
export { csvCell, csvFile, unprotectCell } from "../../engine/csv_cells.ts";
import { MESSAGES } from "./messages.ts";

/**
 * Splits CSV text into rows of cells; quoted cells may hold commas, quotes ("") and line breaks.
 * One pass over the text, so the time is linear whatever it holds. A string is the error.
 */
export function parseCsv(text: string): string[][] | string {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  let atRowStart = true;
  while (i < n || !atRowStart) {
    let cell: string;
    if (text[i] === '"') {
      // a quoted cell: up to the quote that is not doubled
      let value = "";
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q === -1) return MESSAGES["import:quote_open"];
        value += text.slice(from, q);
        if (text[q + 1] === '"') {
          value += '"';
          from = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      // anything between the closing quote and the delimiter belongs to the cell, as spreadsheets do
      const end = nextDelimiter(text, i);
      cell = value + text.slice(i, end);
      i = end;
    } else {
      const end = nextDelimiter(text, i);
      cell = text.slice(i, end);
      i = end;
    }
    row.push(cell);
    if (i < n && text[i] === ",") {
      i++;
      atRowStart = false;
      continue;
    }
    // a line end, or the end of the text
    if (text[i] === "\r" && text[i + 1] === "\n") i++;
    i++;
    rows.push(row);
    row = [];
    atRowStart = true;
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

/** Where the cell starting at `from` ends: the next comma or line end, or the end of the text. */
function nextDelimiter(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44 || c === 10 || c === 13) return i; // , \n \r
  }
  return text.length;
}
