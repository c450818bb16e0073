// What the FFM reader keeps while it walks the text: one part of the manifest at a time (a
// header, a flight line and its body up to LAST or CONT), and the line-reading state within it.

import type { EngineWarning } from "../types.ts";
import type { EngineText } from "../messages/texts.ts";
import type { FfmCargoItem, FfmFlight, FfmPointOfUnloading } from "./types.ts";
import { ManifestUlds, NO_POINT } from "./manifest_ulds.ts";

/** The block a tag line opened: its continuation lines are read by its own rules. */
export type Block = "none" | "osi" | "oci" | "dim" | "ssr" | "other";

/** Bulk of one point of unloading while it is read: grams by destination code, few of them. */
export interface BulkAcc {
  pointOfUnloading: string;
  grams: number;
  destCodes: number[];
  destGrams: number[];
}

/** One pasted part of the manifest: header, flight line and body. */
export interface Part {
  sequence: number;
  flightKey: string;
  flight: FfmFlight;
  version: string;
  trailer: "LAST" | "CONT" | null;
  firstLine: number;
  pous: FfmPointOfUnloading[];
  ulds: ManifestUlds;
  /** Consignments per ULD index, when items are kept. */
  uldItems: FfmCargoItem[][];
  bulk: Map<string, BulkAcc>;
  bulkCargo: FfmCargoItem[];
  rejected: number;
}

/** Consignments whose weight was in pounds and the first ten of their lines (one warning). */
export interface PoundLines {
  count: number;
  first: number[];
}

/** What the whole reading shares: the text, the options and where the warnings go. */
export interface ScanContext {
  /** `bytes` read four at a time (the SWAR fast paths, measured). */
  words: DataView;
  text: string;
  /** The text as bytes (asciiBytes): what the fast paths read. */
  bytes: Uint8Array;
  withItems: boolean;
  known: ReadonlySet<string>;
  warnings: EngineWarning[];
  poundLines: PoundLines;
}

/** The reader's state while it walks the body of a part. */
export interface ScanState extends ScanContext {
  part: Part;
  pou: string;
  /** Letter code of pou, NO_POINT before the first point of unloading. */
  pouCode: number;
  bulkAcc: BulkAcc | null;
  /** Index of the current ULD, -1 when consignments are bulk. */
  uld: number;
  /** ULD of the last consignment, -1 when it was bulk. */
  lastUld: number;
  lastItem: FfmCargoItem | null;
  /** An SHC line belongs to the consignment just above. */
  afterConsignment: boolean;
  block: Block;
  blockLines: number;
  /** Quantity element of the consignment being read (set by readQuantity). */
  pounds: boolean;
  amount: number;
  quantityEnd: number;
}

/**
 * The state at the start of the body of `part`. Written out field by field (no spread of
 * `context`, which may be a larger object): every state has the same shape, so the reader's
 * functions see one map.
 */
export function bodyState(context: ScanContext, part: Part): ScanState {
  return {
    words: context.words,
    text: context.text,
    bytes: context.bytes,
    withItems: context.withItems,
    known: context.known,
    warnings: context.warnings,
    part,
    pou: "",
    pouCode: NO_POINT,
    bulkAcc: null,
    uld: -1,
    lastUld: -1,
    lastItem: null,
    afterConsignment: false,
    block: "none",
    blockLines: 0,
    poundLines: context.poundLines,
    pounds: false,
    amount: 0,
    quantityEnd: 0,
  };
}

/** The start of a part, from the match of its flight line (parser.ts FLIGHT_RE). */
export function newPart(
  m: RegExpExecArray,
  version: string,
  headerLine: number,
  textLength: number,
): Part {
  const flight: FfmFlight = {
    flightNumber: m[2] + m[3],
    carrier: m[2],
    day: m[4],
    month: m[5],
    origin: m[6],
    registration: (m[7] ?? "").trim(),
  };
  return {
    sequence: Number(m[1]),
    flightKey: `${flight.flightNumber}/${flight.day}${flight.month}/${flight.origin}`,
    flight,
    version,
    trailer: null,
    firstLine: headerLine,
    pous: [],
    // about one ULD per 256 characters (a ULD line and four consignments); a denser manifest
    // grows the table once or twice
    ulds: new ManifestUlds(textLength / 256),
    uldItems: [],
    bulk: new Map(),
    bulkCargo: [],
    rejected: 0,
  };
}

/** The start of a line for a warning: 40 characters at most. */
export const excerpt = (line: string): string =>
  line.length > 40 ? `${line.slice(0, 40)}...` : line;

/** Adds a warning at `line`: its code, values and English text (texts.ts). */
export function warn(st: { warnings: EngineWarning[] }, line: number, said: EngineText): void {
  st.warnings.push({ line, ...said });
}

/** Matches a line with lower-case letters. */
export const LOWER_RE = /[a-z]/;

/** A line as the slow paths read it: upper-cased when it has lower-case letters. */
export function upperLine(line: string): string {
  return LOWER_RE.test(line) ? line.toUpperCase() : line;
}

/** The bulk of `airport` in `part`, made when it is the first bulk there. */
export function bulkFor(part: Part, airport: string): BulkAcc {
  let acc = part.bulk.get(airport);
  if (acc === undefined) {
    acc = { pointOfUnloading: airport, grams: 0, destCodes: [], destGrams: [] };
    part.bulk.set(airport, acc);
  }
  return acc;
}
