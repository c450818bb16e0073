// CSV reading and writing for every CSV the portal reads or writes, on the server and in the
// browser: RFC 4180 quoting read in one pass, and cells a spreadsheet would run as a formula
// written as text. Pure: no Deno, KV or Hono.

/** Characters that make a spreadsheet read a cell as a formula (or, tab and CR, start one). */
const FORMULA_START = /^[=+\-@\t\r]/;

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
        if (q === -1) return "CSV parsing error: a quoted cell is not closed";
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

/**
 * One cell of CSV output: a value a spreadsheet would run as a formula (a leading =, +, -, @,
 * tab or CR) gets a leading ', and a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell as it was before `csvCell` protected it (a file exported here imports unchanged). */
export function unprotectCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A CSV file: the header, one line per row, CRLF line ends and a byte order mark so that
 * spreadsheet programs read the text as UTF-8. */
export function csvFile(header: readonly string[], rows: Iterable<readonly unknown[]>): string {
  const lines = [header.map(csvCell).join(",")];
  for (const row of rows) lines.push(row.map(csvCell).join(","));
  return `\ufeff${lines.join("\r\n")}\r\n`;
}
