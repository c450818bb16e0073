// Exports of an extraction (spec 002 section 7): csv, json and text, sorted and grouped.

import type { UldEntry, UldExtraction } from "./types.ts";

/** Export formats of the extractor. */
export const EXPORT_FORMATS = ["csv", "json", "text"] as const;
/** Keys the rows can be sorted by. */
export const SORT_KEYS = ["uldNumber", "category", "ownership", "destination", "loadType"] as const;
/** Keys the rows can be grouped by. */
export const GROUP_KEYS = ["ownership", "category", "destination", "loadType"] as const;

/** Sort key of an export. */
export type SortKey = (typeof SORT_KEYS)[number];
/** Group key of an export. */
export type GroupKey = (typeof GROUP_KEYS)[number];

/** Options of an export: sort and group keys. */
export interface ExportOptions {
  sortBy?: SortKey;
  groupBy?: GroupKey;
}

/** An export ready to download, or the reason there is none. */
export type ExportResult =
  | { ok: true; content: string; mimeType: string; extension: string }
  | { ok: false; error: string };

/** The spec's CSV columns, in order. */
export const CSV_COLUMNS = [
  "ULD Number",
  "Load Type",
  "Destination",
  "Ownership",
  "Category",
  "Section",
  "Valid",
  "Duplicate",
] as const;

const value = (u: UldEntry, key: SortKey | GroupKey): string =>
  key === "ownership" ? u.ownershipType : key === "uldNumber" ? u.uldNumber : u[key];

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows sorted by the group key first (so groups stay together), then by the sort key. */
function ordered(ulds: readonly UldEntry[], options: ExportOptions): UldEntry[] {
  const keys = [options.groupBy, options.sortBy].filter((k) =>
    k !== undefined
  ) as (SortKey | GroupKey)[];
  if (keys.length === 0) return [...ulds];
  return [...ulds].sort((a, b) => {
    for (const key of keys) {
      const c = value(a, key).localeCompare(value(b, key));
      if (c !== 0) return c;
    }
    return 0;
  });
}

function groups(rows: readonly UldEntry[], key: GroupKey): Map<string, UldEntry[]> {
  const out = new Map<string, UldEntry[]>();
  for (const row of rows) {
    const name = value(row, key) || "(none)";
    const list = out.get(name);
    if (list === undefined) out.set(name, [row]);
    else list.push(row);
  }
  return out;
}

const yesNo = (b: boolean) => (b ? "Yes" : "No");

const jsonRow = (u: UldEntry) => ({
  uldNumber: u.uldNumber,
  loadType: u.loadType,
  destination: u.destination,
  ownership: u.ownershipType,
  category: u.category,
  section: u.section,
  valid: u.isValid,
  duplicate: u.isDuplicate,
  fourDigit: u.isFourDigit,
});

function textRow(u: UldEntry): string {
  const flags = [
    u.isDuplicate ? "DUPLICATE" : "",
    u.isFourDigit ? "4-DIGIT" : "",
    u.isValid ? "" : "INVALID",
  ]
    .filter((f) => f !== "").join(" ");
  return [
    u.uldNumber.padEnd(11),
    (u.loadType || "-").padEnd(4),
    (u.destination || "-").padEnd(5),
    u.ownershipType.padEnd(8),
    u.category.padEnd(7),
    flags,
  ].join(" ").trimEnd();
}

/** Exports the ULDs of an extraction; an unknown format gives 'Unsupported export format'. */
export function exportUlds(
  result: UldExtraction,
  format: string,
  options: ExportOptions = {},
): ExportResult {
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    return { ok: false, error: "Unsupported export format" };
  }
  const opts = typeof options === "object" && options !== null ? options : {};
  if (opts.sortBy !== undefined && !(SORT_KEYS as readonly string[]).includes(opts.sortBy)) {
    return { ok: false, error: `Unsupported sort key ${String(opts.sortBy)}` };
  }
  if (opts.groupBy !== undefined && !(GROUP_KEYS as readonly string[]).includes(opts.groupBy)) {
    return { ok: false, error: `Unsupported group key ${String(opts.groupBy)}` };
  }
  const rows = ordered(result.ulds ?? [], opts);

  if (format === "csv") {
    const lines = [CSV_COLUMNS.join(",")];
    for (const u of rows) {
      lines.push(
        [
          u.uldNumber,
          u.loadType,
          u.destination,
          u.ownershipType,
          u.category,
          u.section,
          yesNo(u.isValid),
          yesNo(u.isDuplicate),
        ]
          .map(csvCell).join(","),
      );
    }
    // UTF-8 with a byte order mark so that spreadsheet programs read it as UTF-8
    return {
      ok: true,
      content: `\ufeff${lines.join("\r\n")}\r\n`,
      mimeType: "text/csv;charset=utf-8",
      extension: "csv",
    };
  }

  const details = {
    messageType: result.messageType,
    flightNumber: result.flightNumber,
    aircraftRegistration: result.aircraftRegistration,
    senderStation: result.senderStation,
    movement: result.movement,
    supplementaryInfo: result.supplementaryInfo,
    ownerCode: result.ownerCode,
  };
  if (format === "json") {
    const body = opts.groupBy === undefined
      ? { ...details, statistics: result.statistics, ulds: rows.map(jsonRow) }
      : {
        ...details,
        statistics: result.statistics,
        groupBy: opts.groupBy,
        groups: Object.fromEntries(
          [...groups(rows, opts.groupBy)].map(([k, list]) => [k, list.map(jsonRow)]),
        ),
      };
    return {
      ok: true,
      content: `${JSON.stringify(body, null, 2)}\n`,
      mimeType: "application/json",
      extension: "json",
    };
  }

  const head = [
    `${details.messageType} ${details.flightNumber}`.trim(),
    details.aircraftRegistration && `Registration: ${details.aircraftRegistration}`,
    details.senderStation && `Station: ${details.senderStation}`,
    details.movement && `Movement: ${details.movement}`,
    `ULDs: ${result.statistics.total} (owned ${result.statistics.owned}, rented ${result.statistics.rented}, foreign ${result.statistics.foreign})`,
  ].filter((l) => l !== "");
  const body: string[] = [];
  // loops, not spread: an export may hold more rows than a call may take arguments
  if (opts.groupBy === undefined) { for (const row of rows) body.push(textRow(row)); }
  else {
    for (const [name, list] of groups(rows, opts.groupBy)) {
      body.push("", `${name} (${list.length})`);
      for (const row of list) body.push(textRow(row));
    }
  }
  if (details.supplementaryInfo !== "") body.push("", `SI: ${details.supplementaryInfo}`);
  return {
    ok: true,
    content: `${[...head, "", ...body].join("\n")}\n`,
    mimeType: "text/plain;charset=utf-8",
    extension: "txt",
  };
}
