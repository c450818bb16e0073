// Writing CSV cells and files: the one implementation, used by the engine's ULD export and,
// through api/rules/csv.ts, by every CSV the portal writes (the engine imports nothing outside
// engine/, so the core lives here). Cells a spreadsheet would run as a formula are written as text.

/** Characters that make a spreadsheet read a cell as a formula (or, tab and CR, start one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell that starts as a formula would or holds a character that needs quoting. Fast path
 * (team rule: kept for a measured pair): most cells need neither, and one test instead of two
 * writes the 1.8 million cells of a 100,000-user export in 106 ms instead of 151 (medians of 9,
 * in turns, on the seed-load users). */
const NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n]/;

/**
 * One cell of CSV output: a value a spreadsheet would run as a formula (a leading =, +, -, @,
 * tab or CR) gets a leading ', and a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (!NEEDS_CARE.test(text)) return text;
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
