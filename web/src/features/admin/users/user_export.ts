// The user list's CSV export kept to what the list shows: the server exports every user the admin
// may see (GET /api/users/export takes no filters), so the rows of the users the search and the
// filters find are kept, with the BOM and the header, as the server wrote them.

/** The CSV records of a text (quoted cells may hold commas and line breaks), without their ends. */
export function csvRecords(text: string): string[] {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) {
      records.push(text.slice(start, i));
      if (ch === "\r" && text[i + 1] === "\n") i++;
      start = i + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records;
}

/** The first cell of a CSV record, unquoted (the export's first column is the employee code). */
export function firstCell(record: string): string {
  if (!record.startsWith('"')) {
    const comma = record.indexOf(",");
    return comma < 0 ? record : record.slice(0, comma);
  }
  let out = "";
  for (let i = 1; i < record.length; i++) {
    if (record[i] === '"') {
      if (record[i + 1] === '"') {
        out += '"';
        i++;
      } else break;
    } else out += record[i];
  }
  return out;
}

/** The export kept to the given employee codes: the BOM, the header and their rows, CRLF ends. */
export function keepRows(csv: string, codes: ReadonlySet<string>): string {
  const bom = csv.startsWith("\ufeff") ? "\ufeff" : "";
  const [header, ...rows] = csvRecords(csv.slice(bom.length)).filter((r) => r !== "");
  if (header === undefined) return csv;
  const kept = rows.filter((r) => codes.has(firstCell(r)));
  return `${bom}${[header, ...kept].join("\r\n")}\r\n`;
}
