// Reading an extraction's table in the page (design 4.5: the view reads rows on demand): one row's
// number and fields, the rows of a list for all messages or one, the owner code in use, and the
// texts the screen copies. The engine's types only: the web imports no engine code.

import type {
  UldMessageDetails,
  UldStatistics,
  UldTable,
  UldTableResult,
} from "../../../../engine/types.ts";

/** The message selector's value for all messages of the paste. */
export const ALL = -1;

/** The three lists of the screen, in screen order, by the ownership each holds. */
export const OWNERSHIPS = ["Owned", "Rented", "Foreign"] as const;

/** One of the three lists. */
export type ListOwnership = (typeof OWNERSHIPS)[number];

/** The text columns of a row. */
export type TextColumn = "loadType" | "destination" | "section" | "position" | "ownershipType";

/**
 * Counts written as `toLocaleString("en")` writes them (`46,000`), by one formatter made once:
 * a call of toLocaleString with a locale makes a formatter each time.
 */
const COUNTS = new Intl.NumberFormat("en");

/** A count as the screen writes it: `46,000`. */
export function countText(n: number): string {
  return COUNTS.format(n);
}

/** The ULD number of row i. */
export function numberAt(t: UldTable, i: number): string {
  return t.numbers.slice(i === 0 ? 0 : t.numberEnd[i - 1], t.numberEnd[i]);
}

/** A text field of row i. */
export function textAt(t: UldTable, column: TextColumn, i: number): string {
  return t.strings[t[column][i]];
}

/** Load types as AHM 510 names them (domain note 7.1), and CSU, the catering code. */
const LOAD_TYPE_MEANINGS: Readonly<Record<string, string>> = {
  B: "Baggage",
  C: "Cargo",
  D: "Crew baggage",
  E: "Equipment",
  F: "First-class baggage",
  H: "To be transhipped to one connecting flight",
  M: "Mail",
  N: "No ULD at position",
  Q: "Courier baggage",
  S: "Sort on arrival",
  T: "For transfer to various connecting flights",
  U: "Unserviceable ULD",
  W: "Cargo in service-controlled ULD",
  X: "Empty ULD",
  Z: "Load mixed by destination",
  CSU: "Catering",
};

/** What a load type code means (shown on hover), undefined when unknown or empty. */
export function loadTypeMeaning(code: string): string | undefined {
  return LOAD_TYPE_MEANINGS[code];
}

/**
 * How the lists show a UCM section: IN and OUT as they are; `OUT/OFF` (an OUT item marked `/OFF`)
 * as OFF, explained on hover.
 */
export function sectionCell(section: string): { text: string; title?: string } {
  if (section === "OUT/OFF") {
    return { text: "OFF", title: "In OUT, marked /OFF: taken off the flight" };
  }
  return { text: section };
}

/** The rows (of all messages, or of one) in a paste's order. */
function rangeOf(r: UldTableResult, message: number): [number, number] {
  const m = r.messages[message];
  return message === ALL || m === undefined
    ? [0, r.rows.count]
    : [m.firstRow, m.firstRow + m.rowCount];
}

/** The lists already read, per result and message: the screen and the copy share them. */
const listCache = new WeakMap<UldTableResult, Map<number, Record<ListOwnership, Uint32Array>>>();

/**
 * The three lists of all messages (ALL) or one, read in one pass over the rows: a day of traffic
 * has 46,000 of them, and a pass per list took three times as long in the run's first render.
 */
function listsOf(r: UldTableResult, message: number): Record<ListOwnership, Uint32Array> {
  const t = r.rows;
  const ids = OWNERSHIPS.map((o) => t.strings.indexOf(o));
  const [from, to] = rangeOf(r, message);
  const counts = [0, 0, 0];
  for (let i = from; i < to; i++) {
    const k = ids.indexOf(t.ownershipType[i]);
    if (k >= 0) counts[k]++;
  }
  const out = counts.map((n) => new Uint32Array(n));
  counts.fill(0);
  for (let i = from; i < to; i++) {
    const k = ids.indexOf(t.ownershipType[i]);
    if (k >= 0) out[k][counts[k]++] = i;
  }
  return { Owned: out[0], Rented: out[1], Foreign: out[2] };
}

/** The rows of one list, for all messages (ALL) or one, in the order of the paste. */
export function listRows(
  r: UldTableResult,
  message: number,
  ownership: ListOwnership,
): Uint32Array {
  let lists = listCache.get(r);
  if (lists === undefined) listCache.set(r, lists = new Map());
  let known = lists.get(message);
  if (known === undefined) lists.set(message, known = listsOf(r, message));
  return known[ownership];
}

/** The rows in no list (a number without a readable owner). */
export function unsortedRows(r: UldTableResult, message: number): number[] {
  const t = r.rows;
  const unknown = t.strings.indexOf("Unknown");
  const [from, to] = rangeOf(r, message);
  const out: number[] = [];
  for (let i = from; i < to; i++) if (t.ownershipType[i] === unknown) out.push(i);
  return out;
}

/** What the screen shows of all messages or one: details, counts, SI, conflicts. */
export interface ExtractorView {
  details: Pick<
    UldMessageDetails,
    | "messageType"
    | "flightNumber"
    | "aircraftRegistration"
    | "senderStation"
    | "movement"
    | "supplementaryInfo"
    | "ownerCode"
  >;
  statistics: UldStatistics;
  /** The owner code in use, or `Owned` when the messages' airlines differ. */
  ownerLabel: string;
  conflicts: UldTableResult["conflicts"];
}

/** The view of all messages (ALL) or of one. */
export function viewOf(r: UldTableResult, message: number): ExtractorView {
  const m = message === ALL ? undefined : r.messages[message];
  const details = m ?? r;
  return {
    details,
    statistics: details.statistics,
    ownerLabel: details.ownerCode !== "" ? details.ownerCode : "Owned",
    conflicts: m === undefined
      ? r.conflicts
      : r.conflicts.filter((c) => c.readings.some((x) => x.message === message)),
  };
}

/** A list's title: the owner code in use for the owned list (`PK ULD List`), else its kind. */
export function listTitle(ownership: ListOwnership, ownerLabel: string): string {
  return `${ownership === "Owned" ? ownerLabel : ownership} ULD List`;
}

/** Rows turned into text per task: a day of traffic's lists are 46,000 numbers. */
const ROWS_PER_TASK = 8000;

/**
 * A list's numbers, one a line, as its Copy button copies them; made a slice of rows at a time
 * with the main thread given back between slices, so that no task of it passes 50 ms.
 */
export async function listText(t: UldTable, rows: Uint32Array): Promise<string> {
  const out: string[] = new Array(rows.length);
  for (let k = 0; k < rows.length; k++) {
    if (k > 0 && k % ROWS_PER_TASK === 0) await new Promise((done) => setTimeout(done, 0));
    out[k] = numberAt(t, rows[k]);
  }
  return out.join("\n");
}

/**
 * What Run + Copy puts on the clipboard: the three lists, each under its title and count, one
 * ULD number a line (as each list's Copy gives it), so that it pastes into a mail or a load sheet.
 */
export async function resultText(r: UldTableResult, message: number): Promise<string> {
  const label = viewOf(r, message).ownerLabel;
  const parts: string[] = [];
  for (const ownership of OWNERSHIPS) {
    const rows = listRows(r, message, ownership);
    const title = `${listTitle(ownership, label)} (${rows.length})`;
    parts.push(rows.length === 0 ? title : `${title}\n${await listText(r.rows, rows)}`);
  }
  return parts.join("\n\n");
}
