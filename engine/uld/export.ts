// Exports of an extraction (spec 002 section 7): csv, json and text, sorted and grouped; of a
// paste of several messages, all of them (with each row's message and flight) or one.

// every CSV the portal writes goes through the shared writer (pasted text may start like a
// formula): one rule for the browser, the server and the engine
import { csvFile } from "../csv_cells.ts";
import type { UldEntry, UldExtraction, UldTableResult } from "../types.ts";
import { plainResult } from "./extractor.ts";
import { type EngineText, errorFields, type TextParams } from "../messages/texts.ts";
import { sayUld } from "./texts.ts";

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

/** Options of an export: sort and group keys, and one message of several (0-based). */
export interface ExportOptions {
  sortBy?: SortKey;
  groupBy?: GroupKey;
  message?: number;
}

/** An export ready to download, or the reason there is none. */
export type ExportResult =
  | { ok: true; content: string; mimeType: string; extension: string }
  | { ok: false; error: string; errorCode: string; errorParams?: TextParams };

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
  threeLetterOwner: u.hasThreeLetterOwner,
  unknownLoadType: u.isUnknownLoadType,
  conflict: u.isConflict,
});

/** The text flags of an entry, as the CLI prints them too. */
export function flagWords(u: UldEntry): string[] {
  return [
    u.isDuplicate ? "DUPLICATE" : "",
    u.isFourDigit ? "4-DIGIT" : "",
    u.isValid ? "" : "INVALID",
    u.hasThreeLetterOwner ? "OWNER-3" : "",
    u.isUnknownLoadType ? "LOAD-TYPE" : "",
    u.isConflict ? "CONFLICT" : "",
  ].filter((f) => f !== "");
}

function textRow(u: UldEntry): string {
  const flags = flagWords(u).join(" ");
  return [
    u.uldNumber.padEnd(11),
    (u.loadType || "-").padEnd(4),
    (u.destination || "-").padEnd(5),
    (u.section || u.position || "-").padEnd(7),
    u.ownershipType.padEnd(8),
    u.category.padEnd(7),
    flags,
  ].join(" ").trimEnd();
}

/** The extraction to export: plain, one message of it, and the flight of each message. */
function subject(
  result: UldExtraction | UldTableResult,
  message: number | undefined,
): { r: UldExtraction; flights: string[] | null } | EngineText {
  const r = "rows" in result ? plainResult(result) : result;
  const messages = r.messages;
  const flights = messages === undefined ? null : messages.map((m) => m.flightNumber);
  if (message === undefined) return { r, flights };
  const m = messages?.[message];
  if (!Number.isInteger(message) || (m === undefined && message !== 0)) {
    return sayUld("uld:no_such_message", { n: String(message) });
  }
  if (m === undefined) return { r, flights: null };
  const { firstRow, rowCount, statistics } = m;
  return {
    r: {
      ...r,
      ...m,
      isValid: r.isValid,
      ok: r.ok,
      warnings: r.warnings.filter((w) => w.line >= m.firstLine && w.line <= m.lastLine),
      ulds: r.ulds.slice(firstRow, firstRow + rowCount),
      statistics,
      messages: undefined,
      conflicts: r.conflicts?.filter((c) => c.readings.some((x) => x.message === message)),
      balance: undefined,
    },
    flights: null,
  };
}

/**
 * Exports the ULDs of an extraction (plain or as a table); an unknown format gives 'Unsupported
 * export format'. A paste of several messages exports all of them, each row with its message
 * and flight, or the one `options.message` names.
 */
export function exportUlds(
  result: UldExtraction | UldTableResult,
  format: string,
  options: ExportOptions = {},
): ExportResult {
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    return { ok: false, ...errorFields(sayUld("uld:export_format")) };
  }
  const opts = typeof options === "object" && options !== null ? options : {};
  if (opts.sortBy !== undefined && !(SORT_KEYS as readonly string[]).includes(opts.sortBy)) {
    return { ok: false, ...errorFields(sayUld("uld:sort_key", { key: String(opts.sortBy) })) };
  }
  if (opts.groupBy !== undefined && !(GROUP_KEYS as readonly string[]).includes(opts.groupBy)) {
    return { ok: false, ...errorFields(sayUld("uld:group_key", { key: String(opts.groupBy) })) };
  }
  const chosen = subject(result, opts.message);
  if ("code" in chosen) return { ok: false, ...errorFields(chosen) };
  const { r, flights } = chosen;
  const rows = ordered(r.ulds ?? [], opts);
  if (format === "csv") return csv(rows, flights);
  if (format === "json") return json(r, rows, flights, opts.groupBy);
  return text(r, rows, flights, opts.groupBy);
}

function csv(rows: readonly UldEntry[], flights: string[] | null): ExportResult {
  const header = flights === null ? [...CSV_COLUMNS] : [...CSV_COLUMNS, "Message", "Flight"];
  const cells = rows.map((u) => {
    const row = [
      u.uldNumber,
      u.loadType,
      u.destination,
      u.ownershipType,
      u.category,
      u.section,
      yesNo(u.isValid),
      yesNo(u.isDuplicate),
    ];
    if (flights !== null) row.push(String(u.message + 1), flights[u.message] ?? "");
    return row;
  });
  return {
    ok: true,
    content: csvFile(header, cells),
    mimeType: "text/csv;charset=utf-8",
    extension: "csv",
  };
}

const detailsOf = (r: UldExtraction) => ({
  messageType: r.messageType,
  flightNumber: r.flightNumber,
  aircraftRegistration: r.aircraftRegistration,
  senderStation: r.senderStation,
  movement: r.movement,
  supplementaryInfo: r.supplementaryInfo,
  ownerCode: r.ownerCode,
});

function json(
  r: UldExtraction,
  rows: readonly UldEntry[],
  flights: string[] | null,
  groupBy: GroupKey | undefined,
): ExportResult {
  const row = flights === null
    ? jsonRow
    : (u: UldEntry) => ({ ...jsonRow(u), message: u.message + 1, flight: flights[u.message] });
  const several = flights === null
    ? {}
    : { messages: r.messages, conflicts: r.conflicts, balance: r.balance };
  const body = groupBy === undefined
    ? { ...detailsOf(r), statistics: r.statistics, ...several, ulds: rows.map(row) }
    : {
      ...detailsOf(r),
      statistics: r.statistics,
      ...several,
      groupBy,
      groups: Object.fromEntries(
        [...groups(rows, groupBy)].map(([k, list]) => [k, list.map(row)]),
      ),
    };
  return {
    ok: true,
    content: `${JSON.stringify(body, null, 2)}\n`,
    mimeType: "application/json",
    extension: "json",
  };
}

function text(
  r: UldExtraction,
  rows: readonly UldEntry[],
  flights: string[] | null,
  groupBy: GroupKey | undefined,
): ExportResult {
  const s = r.statistics;
  const head = [
    `${r.messageType} ${r.flightNumber}`.trim(),
    r.aircraftRegistration && `Registration: ${r.aircraftRegistration}`,
    r.senderStation && `Station: ${r.senderStation}`,
    r.movement && `Movement: ${r.movement}`,
    flights !== null && `Messages: ${flights.length}`,
    `ULDs: ${s.total} (owned ${s.owned}, rented ${s.rented}, foreign ${s.foreign})`,
  ].filter((l): l is string => typeof l === "string" && l !== "");
  const line = (u: UldEntry) =>
    flights === null ? textRow(u) : `${textRow(u).padEnd(48)} #${u.message + 1}`.trimEnd();
  const body: string[] = [];
  // loops, not spread: an export may hold more rows than a call may take arguments
  if (groupBy === undefined) { for (const row of rows) body.push(line(row)); }
  else {
    for (const [name, list] of groups(rows, groupBy)) {
      body.push("", `${name} (${list.length})`);
      for (const row of list) body.push(line(row));
    }
  }
  for (const c of r.conflicts ?? []) {
    const readings = c.readings.map((x) => `${x.value} (#${x.message + 1}, line ${x.line})`);
    body.push(`CONFLICT ${c.uldNumber} ${c.field}: ${readings.join(" / ")}`);
  }
  for (const b of r.balance ?? []) {
    body.push(
      `Balance ${
        b.station || "-"
      }: in ${b.in}, out ${b.out}, out without in ${b.outWithoutIn.length}` +
        (b.outWithoutIn.length > 0 ? ` (${b.outWithoutIn.join(" ")})` : ""),
    );
  }
  if (r.supplementaryInfo !== "") body.push("", `SI: ${r.supplementaryInfo}`);
  return {
    ok: true,
    content: `${[...head, "", ...body].join("\n")}\n`,
    mimeType: "text/plain;charset=utf-8",
    extension: "txt",
  };
}
