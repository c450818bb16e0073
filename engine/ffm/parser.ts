// FFM (Cargo-IMP airline flight manifest) parser: versions 4, 5 and 8 as they arrive in real
// traffic (domain/cargo-messages.md section 2). It never throws; what it skips or repairs is
// reported as a warning with the line number of the pasted text.
//
// It is one pass over the text by index (no array of lines, no object per consignment unless
// the caller asks for the items): a 5 MB manifest must parse at line-scan speed (design 8). The
// fast paths read asciiBytes of the text (byte i is character i) and hand any unusual line to
// the slow paths, which read it as a string.

import { alnumCodeAt, alnumCodeName, letterCode, letterCodeAt, letterCodeName } from "../codes.ts";
import { KNOWN_SHC_CODES } from "../reference_data.ts";
import { asciiBytes, isEnvelopeLine, listWords, messageBytes } from "../text.ts";
import type { EngineWarning } from "../types.ts";
import { NO_POINT, serialKeyAt, UldTable } from "./manifest_ulds.ts";
import { poundsToGrams } from "./weights.ts";

/** One consignment (AWB line) of the manifest. */
export interface FfmCargoItem {
  /** `ppp-nnnnnnnn`, normalised with its hyphen. */
  awb: string;
  origin: string;
  destination: string;
  /** Weight in grams (pounds already converted). */
  grams: number;
  /** Special handling codes in first-seen order, without repeats. */
  codes: string[];
  /** Point of unloading the consignment is listed under ('' when none came before it). */
  pointOfUnloading: string;
  line: number;
}

/** One ULD of the manifest with what is loaded in it (all parts merged). */
export interface FfmUld {
  id: string;
  type: string;
  serial: string;
  owner: string;
  pointOfUnloading: string;
  line: number;
  /** Number of consignments loaded in it. */
  itemCount: number;
  /** Sum of their weights in grams. */
  grams: number;
  /** Their special handling codes in first-seen order, without repeats. */
  codes: string[];
  /** The destination of all its consignments when they share one, else null (none or mixed). */
  commonDestination: string | null;
  /** The consignments, when the caller asked for items. */
  items: FfmCargoItem[];
}

/** Bulk (not in a ULD) weights listed under one point of unloading. */
export interface FfmBulk {
  pointOfUnloading: string;
  grams: number;
  /** Grams by the consignments' own destinations. */
  byDestination: Record<string, number>;
}

/** A point-of-unloading line. */
export interface FfmPointOfUnloading {
  airport: string;
  nil: boolean;
  line: number;
}

/** The flight line of the manifest. */
export interface FfmFlight {
  /** Carrier + number as written, e.g. `AC857`. */
  flightNumber: string;
  carrier: string;
  /** Day of the month, two digits. */
  day: string;
  month: string;
  /** Airport of loading. */
  origin: string;
  registration: string;
}

/** Parsed FFM: the manifest with all pasted parts merged (spec 'Parsed FFM'). */
export interface ParsedFfm {
  ok: boolean;
  error?: string;
  warnings: EngineWarning[];
  version: string;
  flight: FfmFlight | null;
  /** `flight/day.origin.FINAL`, the UWS flight line. */
  flightHeader: string;
  partNumbers: number[];
  isMultiPart: boolean;
  isComplete: boolean;
  pointsOfUnloading: FfmPointOfUnloading[];
  ulds: FfmUld[];
  bulk: FfmBulk[];
  /** Bulk consignments one by one, when the caller asked for items. */
  bulkCargo: FfmCargoItem[];
}

/** The reader's result for the converter: ULDs still in their table, `kept` after the dedupe. */
export interface FfmScan extends Omit<ParsedFfm, "ulds"> {
  ulds: UldTable;
  kept: number[];
  /** Consignments per ULD index, when items were asked for. */
  uldItems: FfmCargoItem[][];
}

/** Options of the parser. */
export interface ParseFfmOptions {
  /** More codes (the caller's DGSL/XDGSL lists) used to split glued code tokens. */
  extraCodes?: readonly string[];
  /** Keep every consignment as an object (ulds[].items, bulkCargo); off for conversion. */
  items?: boolean;
}

/** Spec error texts (portal-and-converter.md sections 5 and 8). */
export const FFM_ERRORS = {
  empty: "Empty string passed.",
  header: "Invalid FFM header - FFM/8 not found!",
  footer: "Message does not end with LAST or CONT",
} as const;

const HEADER_RE = /^FFM\/(\d{1,3})$/;
const FLIGHT_RE =
  /^(\d{1,2})\/([A-Z0-9]{2})(\d{1,4}[A-Z]?)\/(\d{2})([A-Z]{3})(?:\d{4})?\/([A-Z]{3})(?:\/([^/]*))?/;
const MONTHS = new Set(
  ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"],
);
const AWB_RE = /^(\d{3})(\s*-?\s*)(\d{8})([A-Z]{3})([A-Z]{3})\/(.*)$/;
const AWB_LIKE_RE = /\d{8}[A-Z]{6}\//;
const POU_RE = /^([A-Z]{3})((?:\/[A-Z0-9]*)*)$/;
const POU_TIME_RE = /^\d{2}[A-Z]{3}\d{4}$/;
const OCI_CONT_RE = /^\/[A-Z]{0,2}\/[A-Z]{0,3}\/[A-Z0-9]{0,2}\//;
const SHC_LINE_RE = /^(?:\/[A-Z]{3})+\/?$/;
const ONWARD_RE = /^\/[A-Z]{3}[A-Z0-9]{2}(?:\d{1,4}[A-Z]?)?(?:\/\d{2}[A-Z]{3}(?:\d{4})?)?$/;
const TRAILER_RE = /^(LAST|CONT)(?![A-Z0-9/])/;

type Block = "none" | "osi" | "oci" | "dim" | "ssr" | "other";

/** Bulk of one point of unloading while it is read: grams by destination code, few of them. */
interface BulkAcc {
  pointOfUnloading: string;
  grams: number;
  destCodes: number[];
  destGrams: number[];
}

interface Part {
  sequence: number;
  flightKey: string;
  flight: FfmFlight;
  version: string;
  trailer: "LAST" | "CONT" | null;
  firstLine: number;
  pous: FfmPointOfUnloading[];
  ulds: UldTable;
  /** Consignments per ULD index, when items are kept. */
  uldItems: FfmCargoItem[][];
  bulk: Map<string, BulkAcc>;
  bulkCargo: FfmCargoItem[];
  rejected: number;
}

/** The reader's state while it walks the text. */
interface ScanState {
  text: string;
  /** The text as bytes (asciiBytes): what the fast paths read. */
  bytes: Uint8Array;
  withItems: boolean;
  known: ReadonlySet<string>;
  warnings: EngineWarning[];
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
  /** Consignments whose weight was in pounds and the first ten of their lines (one warning). */
  poundLines: { count: number; first: number[] };
  /** Quantity element of the consignment being read (set by readQuantity). */
  pounds: boolean;
  amount: number;
  quantityEnd: number;
}

// The reader's own character tests, not codes.ts's: calling the imported ones in the hot loop
// measured 4-5% slower in pairs (the same tests, the same inlining otherwise).
const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => c >= 65 && c <= 90;
const isAlnum = (c: number) => (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
const excerpt = (line: string) => (line.length > 40 ? `${line.slice(0, 40)}...` : line);

function warn(st: { warnings: EngineWarning[] }, line: number, message: string): void {
  st.warnings.push({ line, message });
}

const PIP = alnumCodeAt(asciiBytes("PIP"), 0);
const P1P = alnumCodeAt(asciiBytes("P1P"), 0);
const ULD = letterCode("ULD");

const TAG_BLOCKS = new Map<number, Block>([
  [letterCode("OSI"), "osi"],
  [letterCode("OCI"), "oci"],
  [letterCode("DIM"), "dim"],
  [letterCode("SSR"), "ssr"],
  [letterCode("COR"), "other"],
  [letterCode("SCI"), "other"],
]);

/** The block a tag line (`OSI/`, `OCI/`, `DIM/`, `SSR/`, `COR/`, `SCI/`) at b[s] opens, if it is one. */
function tagBlockAt(b: Uint8Array, s: number, e: number): Block | undefined {
  if (e - s < 4 || b[s + 3] !== 47) return undefined;
  for (let k = s; k < s + 3; k++) if (!isLetter(b[k])) return undefined;
  return TAG_BLOCKS.get(letterCodeAt(b, s));
}

/**
 * True when the letters and digits b[s, e) are a ULD id of type (letter + 2) + serial (4-5, the
 * first may be a letter) + owner 2.
 */
function isUldIdAt(b: Uint8Array, s: number, e: number): boolean {
  const n = e - s;
  if (n !== 9 && n !== 10 || !isLetter(b[s])) return false;
  for (let k = s + 4; k < e - 2; k++) if (!isDigit(b[k])) return false;
  return true;
}

const LOWER_RE = /[a-z]/;

/** A line as the slow paths read it: upper-cased when it has lower-case letters. */
function upperLine(line: string): string {
  return LOWER_RE.test(line) ? line.toUpperCase() : line;
}

/**
 * True when the bytes at s (read four at a time through `words`, little-endian) are
 * `ppp-nnnnnnnnOOODDD/`: 3 digits, a hyphen, 8 digits, origin and destination and a slash. No
 * line end is among them. One function without calls, so the compiler inlines it whole.
 */
function isConsignmentStart(words: DataView, s: number): boolean {
  const prefix = words.getUint32(s, true);
  const route = words.getUint32(s + 15, true);
  if (prefix >>> 24 !== 45 || route >>> 24 !== 47) return false;
  // digits: the high half of every byte is 3, and still is after adding 6 (so 0x30-0x39)
  const d0 = (prefix & 0xffffff) | 0x30000000;
  const d1 = words.getUint32(s + 4, true);
  const d2 = words.getUint32(s + 8, true);
  const D = 0x30303030;
  if ((((d0 ^ D) | (d1 ^ D) | (d2 ^ D)) & 0xf0f0f0f0) !== 0) return false;
  const e0 = d0 + 0x06060606;
  const e1 = d1 + 0x06060606;
  const e2 = d2 + 0x06060606;
  if ((((e0 ^ D) | (e1 ^ D) | (e2 ^ D)) & 0xf0f0f0f0) !== 0) return false;
  // letters: below 0x80, at least 0x41 (adding 0x3F sets the top bit), below 0x5B (adding 0x25
  // does not)
  const l0 = words.getUint32(s + 12, true);
  const l1 = (route & 0xffffff) | 0x41000000;
  return ((l0 | l1) & 0x80808080) === 0 &&
    ((l0 + 0x3f3f3f3f) & (l1 + 0x3f3f3f3f) & 0x80808080) === (0x80808080 | 0) &&
    (((l0 + 0x25252525) | (l1 + 0x25252525)) & 0x80808080) === 0;
}

/** True when b[s, e) is an SHC line: `/AAA` repeated, maybe with a final `/`. */
function isShcLine(b: Uint8Array, s: number, e: number): boolean {
  if (b[e - 1] === 47) e--;
  if (e - s < 4 || (e - s) % 4 !== 0) return false;
  for (let k = s; k < e; k += 4) {
    if (b[k] !== 47 || !isLetter(b[k + 1]) || !isLetter(b[k + 2]) || !isLetter(b[k + 3])) {
      return false;
    }
  }
  return true;
}

/** Number of bytes from b[i] (before `end`, at most `max`) within the range [low, high]. */
function span(b: Uint8Array, i: number, end: number, max: number, low: number, high: number) {
  let n = 0;
  while (n < max && i + n < end && b[i + n] >= low && b[i + n] <= high) n++;
  return n;
}

/** Number of letters A-Z from b[i] (before `end`), at most `max`. */
const letters = (b: Uint8Array, i: number, end: number, max: number) =>
  span(b, i, end, max, 65, 90);

/** Number of digits from b[i] (before `end`), at most `max`. */
const digits = (b: Uint8Array, i: number, end: number, max: number) => span(b, i, end, max, 48, 57);

/** `/[A-Z]{0,2}/[A-Z]{0,3}/[A-Z0-9]{0,2}/...`: another OCI entry (`///ED/0213`, `/US/AGT/AR/1`). */
function isOciContinuation(b: Uint8Array, s: number, e: number): boolean {
  if (b[s] !== 47) return false;
  let i = s + 1 + letters(b, s + 1, e, 2);
  if (b[i] !== 47) return false;
  i += 1 + letters(b, i + 1, e, 3);
  if (b[i] !== 47) return false;
  i++;
  for (let n = 0; n < 2 && i < e && isAlnum(b[i]); n++) i++;
  return i < e && b[i] === 47;
}

/** `/AAACC[nnnn[a]][/DDMMM[HHMM]]`: an onward or ULD movement line (`/YYZKL667/19MAR`). */
function isOnwardLine(b: Uint8Array, s: number, e: number): boolean {
  if (e - s < 6 || letters(b, s + 1, e, 3) !== 3 || !isAlnum(b[s + 4]) || !isAlnum(b[s + 5])) {
    return false;
  }
  let i = s + 6;
  const flight = digits(b, i, e, 4);
  i += flight;
  if (flight > 0 && i < e && isLetter(b[i])) i++;
  if (i === e) return true;
  if (b[i] !== 47 || digits(b, i + 1, e, 2) !== 2) return false;
  i += 3;
  if (letters(b, i, e, 3) !== 3) return false;
  i += 3;
  const time = digits(b, i, e, 4);
  return i + time === e && (time === 0 || time === 4);
}

/** Splits a token of 3k letters into 3-letter codes when every chunk is a known code. */
function splitGluedCodes(token: string, known: ReadonlySet<string>): string[] | null {
  if (token.length === 3) return /^[A-Z]{3}$/.test(token) ? [token] : null;
  if (token.length % 3 !== 0 || !/^[A-Z]+$/.test(token)) return null;
  const codes: string[] = [];
  for (let i = 0; i < token.length; i += 3) {
    const chunk = token.slice(i, i + 3);
    if (!known.has(chunk)) return null;
    codes.push(chunk);
  }
  return codes;
}

function addCode(list: string[], code: string): void {
  if (!list.includes(code)) list.push(code);
}

/** Gives a special handling code (a letter code) to the consignment just read and its ULD. */
function attachCode(st: ScanState, code: number): void {
  if (st.lastUld !== -1) st.part.ulds.addCode(st.lastUld, code);
  if (st.lastItem !== null) addCode(st.lastItem.codes, letterCodeName(code));
}

/** Gives the codes of the SHC line b[s, e) (isShcLine) to the consignment just read. */
function attachShcLine(st: ScanState, b: Uint8Array, s: number, e: number): void {
  for (let k = s + 1; k < e; k += 4) attachCode(st, letterCodeAt(b, k));
}

/** Reads the quantity element `[SDC]pieces K|L weight` at b[i] into st; false when absent. */
function readQuantity(st: ScanState, b: Uint8Array, i: number, end: number): boolean {
  let c = b[i];
  if (c === 84 || c === 80 || c === 83 || c === 68 || c === 77) c = b[++i]; // TPSDM
  const piecesStart = i;
  while (i < end && isDigit(c)) c = b[++i];
  if (i === piecesStart || i - piecesStart > 5 || (c !== 75 && c !== 76) || i >= end) return false;
  st.pounds = c === 76;
  const weightStart = ++i;
  let whole = 0;
  c = b[i];
  while (i < end && isDigit(c)) {
    whole = whole * 10 + (c - 48);
    c = b[++i];
  }
  const weightDigits = i - weightStart;
  if (weightDigits === 0 || weightDigits > 12) return false;
  let thousandths = whole * 1000;
  if (i < end && (c === 46 || c === 44)) {
    c = b[++i];
    let n = 0;
    while (i < end && isDigit(c)) {
      if (n < 3) thousandths += (c - 48) * (n === 0 ? 100 : n === 1 ? 10 : 1);
      else if (n === 3 && c >= 53) thousandths += 1; // half up past the gram
      n++;
      c = b[++i];
    }
  }
  st.amount = thousandths;
  st.quantityEnd = i;
  return true;
}

function bulkFor(part: Part, airport: string): BulkAcc {
  let acc = part.bulk.get(airport);
  if (acc === undefined) {
    acc = { pointOfUnloading: airport, grams: 0, destCodes: [], destGrams: [] };
    part.bulk.set(airport, acc);
  }
  return acc;
}

/**
 * Reads the rest of the consignment line at `lineStart` of `src` (bytes `b`, read four at a time
 * through `words`) from `from`, just after the `/` that ends origin and destination; `awbText` is
 * the AWB when it had to be normalised. Returns where the line ends (its `\n` or the end of
 * `src`), which it finds itself so that the reader's loop need not search for it first; -1 when
 * the quantity element before `end` cannot be read (nothing is recorded then). The common case
 * stays small enough for the compiler to keep the reading of the quantity in it; the rest is in
 * the functions it calls.
 */
function readConsignment(
  st: ScanState,
  src: string,
  b: Uint8Array,
  words: DataView,
  lineNo: number,
  lineStart: number,
  from: number,
  end: number,
  awbText: string | null,
): number {
  if (!readQuantity(st, b, from, end)) return -1;
  const grams = st.pounds ? poundsRead(st, lineNo) : st.amount;
  const dest = letterCodeAt(b, from - 4);
  const item = st.pou === "" || st.withItems
    ? consignmentItem(
      st,
      lineNo,
      awbText ?? src.slice(lineStart, lineStart + 12),
      letterCodeAt(b, from - 7),
      grams,
      dest,
    )
    : null;
  st.lastItem = item;
  st.afterConsignment = true;
  const uld = st.uld;
  st.lastUld = uld;
  if (uld !== -1) {
    st.part.ulds.addConsignment(uld, grams, dest);
    if (item !== null) st.part.uldItems[uld].push(item);
  } else addBulk(st, grams, dest, item);
  // the description's `/`, then either the line's end or the `/` of codes glued in FFM/4 and
  // FFM/5 (`/EAWGEN`); the text's own end is the first zero byte after it
  let i = st.quantityEnd;
  for (let slashes = 0;; slashes++) {
    i = stopAt(words, b, i, src.length);
    if (b[i] !== 47) return i;
    if (slashes === 1) return gluedCodesToEnd(st, src, b, lineNo, lineStart, i);
    i++;
  }
}

/**
 * The first `/`, `\n` or end of the text (length n) from b[i], read four bytes at a time through
 * `words` (a zero byte inside the text is read past).
 */
function stopAt(words: DataView, b: Uint8Array, i: number, n: number): number {
  for (;;) {
    const w = words.getUint32(i, true);
    const slash = w ^ 0x2f2f2f2f;
    const newline = w ^ 0x0a0a0a0a;
    // the lowest bit set marks the first zero byte of w, slash or newline
    const m = (((w - 0x01010101) & ~w) | ((slash - 0x01010101) & ~slash) |
      ((newline - 0x01010101) & ~newline)) & 0x80808080;
    if (m === 0) i += 4;
    else {
      i += (31 - Math.clz32(m & -m)) >> 3;
      if (b[i] !== 0 || i >= n) return i;
      i++;
    }
  }
}

/** Where the line holding src[i] ends: its `\n`, or the end of src. */
function lineEnd(src: string, i: number): number {
  const e = src.indexOf("\n", i);
  return e === -1 ? src.length : e;
}

/**
 * A consignment line with a `/` after its description at `slash`: reads the elements up to the
 * line's end as handling codes; returns where the line ends.
 */
function gluedCodesToEnd(
  st: ScanState,
  src: string,
  b: Uint8Array,
  lineNo: number,
  lineStart: number,
  slash: number,
): number {
  const end = lineEnd(src, slash);
  let e = end;
  while (e > lineStart && b[e - 1] <= 32) e--;
  readGluedCodes(st, src.slice(slash + 1, e), lineNo);
  return end;
}

/** A consignment line whose quantity element could not be read. */
function consignmentWithoutWeight(
  st: ScanState,
  src: string,
  lineNo: number,
  lineStart: number,
  from: number,
  end: number,
  awbText: string | null,
): void {
  if (awbText === null && LOWER_RE.test(src.slice(from, end))) {
    readOddConsignment(st, src.slice(lineStart, end).toUpperCase(), lineNo);
    return;
  }
  st.part.rejected++;
  const slash = src.indexOf("/", from);
  const element = src.slice(from, slash === -1 || slash > end ? end : slash);
  warn(
    st,
    lineNo,
    `Consignment ${awbText ?? src.slice(lineStart, lineStart + 12)} not read: no weight (K or L) ` +
      `in ${excerpt(element)}; its weight is not in the UWS`,
  );
}

/** The grams of the weight just read in pounds; notes the line for the pounds warning. */
function poundsRead(st: ScanState, lineNo: number): number {
  if (st.poundLines.count++ < 10) st.poundLines.first.push(lineNo);
  return poundsToGrams(st.amount);
}

/**
 * Warns about a consignment before any point of unloading, and makes its item when the caller
 * wants every consignment (parseFfm); null otherwise.
 */
function consignmentItem(
  st: ScanState,
  lineNo: number,
  awb: string,
  origin: number,
  grams: number,
  dest: number,
): FfmCargoItem | null {
  if (st.pou === "") warn(st, lineNo, `Consignment ${awb} comes before any point of unloading`);
  if (!st.withItems) return null;
  return {
    awb,
    origin: letterCodeName(origin),
    destination: letterCodeName(dest),
    grams,
    codes: [],
    pointOfUnloading: st.pou,
    line: lineNo,
  };
}

/** Adds a consignment outside any ULD to the bulk of the current point of unloading. */
function addBulk(st: ScanState, grams: number, dest: number, item: FfmCargoItem | null): void {
  let bulk = st.bulkAcc;
  if (bulk === null) bulk = st.bulkAcc = bulkFor(st.part, st.pou);
  bulk.grams += grams;
  const k = bulk.destCodes.indexOf(dest);
  if (k === -1) {
    bulk.destCodes.push(dest);
    bulk.destGrams.push(grams);
  } else bulk.destGrams[k] += grams;
  if (item !== null) st.part.bulkCargo.push(item);
}

/** The elements after the description (`ELI/HEA`, `EAWGEN`): handling codes, or a warning. */
function readGluedCodes(st: ScanState, rest: string, lineNo: number): void {
  for (const raw of rest.split("/")) {
    const token = upperLine(raw.trim());
    if (token === "") continue;
    const codes = splitGluedCodes(token, st.known);
    if (codes === null) {
      warn(st, lineNo, `Text after the description not read as handling codes: ${token}`);
    } else for (const code of codes) attachCode(st, letterCode(code));
  }
}

/** Consignment lines that are not in the canonical `ppp-nnnnnnnnOOODDD/` form. */
function readOddConsignment(st: ScanState, line: string, lineNo: number): void {
  const m = AWB_RE.exec(line);
  if (m === null) {
    st.part.rejected++;
    warn(
      st,
      lineNo,
      `Consignment line not read (AWB must be 3 digits, a hyphen and 8 digits, then origin ` +
        `and destination); its weight is not in the UWS: ${excerpt(line)}`,
    );
    return;
  }
  const awb = `${m[1]}-${m[3]}`;
  if (m[2] !== "-") {
    warn(
      st,
      lineNo,
      /\s/.test(m[2])
        ? `Stray space in AWB ${m[1]}${m[2]}${m[3]} read as ${awb}`
        : `AWB without hyphen ${m[1]}${m[3]} read as ${awb}`,
    );
  }
  const bytes = asciiBytes(line);
  const from = line.length - m[6].length;
  const words = new DataView(bytes.buffer);
  if (readConsignment(st, line, bytes, words, lineNo, 0, from, line.length, awb) === -1) {
    consignmentWithoutWeight(st, line, lineNo, 0, from, line.length, awb);
  }
}

/** `ULD/` line at text[s, e) (bytes `b`): the id is the token before any `-` loading indicator or `/` remarks. */
function readUld(
  st: ScanState,
  lineNo: number,
  text: string,
  b: Uint8Array,
  s: number,
  e: number,
): void {
  st.lastUld = -1;
  st.lastItem = null;
  st.afterConsignment = false;
  st.bulkAcc = null;
  let t = s + 4;
  while (t < e && isAlnum(b[t])) t++;
  const stop = b[t];
  if (t < e && stop >= 97 && stop <= 122) {
    const line = text.slice(s, e).toUpperCase(); // a lower-case id: read the line upper-cased
    readUld(st, lineNo, line, asciiBytes(line), 0, line.length);
    return;
  }
  if (t - (s + 4) < 6) {
    st.uld = -1;
    warn(
      st,
      lineNo,
      `ULD line without a readable ULD id: the consignments after it are counted as bulk: ${
        excerpt(text.slice(s, e))
      }`,
    );
    return;
  }
  let id = text.slice(s + 4, t);
  let type = alnumCodeAt(b, s + 4); // letters and digits: the loop above has checked them
  if (type === PIP) {
    warn(st, lineNo, `ULD type PIP read as P1P (${id})`);
    type = P1P;
    id = `P1P${id.slice(3)}`;
  }
  const table = st.part.ulds;
  const key = serialKeyAt(b, s + 7, t - 2);
  const size = table.size;
  const index = table.intern(id, type, key, st.pouCode, lineNo);
  if (table.size !== size) {
    if (!isUldIdAt(b, s + 4, t)) {
      warn(
        st,
        lineNo,
        `ULD id ${id} is not type + 4-5 digit serial + 2-character owner; kept as written`,
      );
    }
    if (st.withItems) st.part.uldItems.push([]);
  }
  st.uld = index;
}

/**
 * A line that starts with `/`: SHC codes, or a continuation that carries no cargo. The common
 * case, codes after a consignment, is small enough to be inlined into the reader's loop.
 */
function readSlashLine(st: ScanState, lineNo: number, s: number, e: number): void {
  const b = st.bytes;
  if (st.block === "none" && st.afterConsignment && isShcLine(b, s, e)) {
    attachShcLine(st, b, s, e);
  } else readAnySlashLine(st, lineNo, s, e);
}

/** Any `/` line, in the order of the rules: blocks first, then codes, then continuations. */
function readAnySlashLine(st: ScanState, lineNo: number, s: number, e: number): void {
  const text = st.text;
  const b = st.bytes;
  if ((st.block === "osi" && st.blockLines < 1) || (st.block === "ssr" && st.blockLines < 2)) {
    st.blockLines++;
    return;
  }
  if (st.block === "dim" && (b[s + 1] === 75 || b[s + 1] === 76) && isDigit(b[s + 2])) {
    return; // another dimension set: /K15/CMT29-80-47/2
  }
  if (st.block !== "oci" && st.block !== "dim" && isShcLine(b, s, e)) {
    if (!st.afterConsignment) {
      warn(
        st,
        lineNo,
        `Special handling codes without a consignment ignored: ${excerpt(text.slice(s, e))}`,
      );
    } else attachShcLine(st, b, s, e);
    return;
  }
  // the common continuation lines, read in place: no string for them
  if (st.block === "oci" && isOciContinuation(b, s, e)) return;
  if (e - s === 2 && (isLetter(b[s + 1]) || (b[s + 1] >= 48 && b[s + 1] <= 51))) return;
  if (isOnwardLine(b, s, e)) return;
  const line = upperLine(text.slice(s, e));
  if (st.block === "oci" && OCI_CONT_RE.test(line)) return;
  if (st.block === "dim" && /^\/[KL]\d/.test(line)) return;
  if (SHC_LINE_RE.test(line)) {
    if (!st.afterConsignment) {
      warn(st, lineNo, `Special handling codes without a consignment ignored: ${excerpt(line)}`);
    } else {
      for (const code of line.split("/")) if (code.length === 3) attachCode(st, letterCode(code));
    }
    return;
  }
  // ULD utilisation (/2), movement priority (/X), onward or ULD movement (/YYZKL667/19MAR)
  if (/^\/[0-3]$/.test(line) || /^\/[A-Z]$/.test(line) || ONWARD_RE.test(line)) return;
  warn(st, lineNo, `Unknown line skipped: ${excerpt(line)}`);
}

/** A point-of-unloading line: the ULDs and bulk after it are unloaded at `airport`. */
function startPointOfUnloading(st: ScanState, airport: string, nil: boolean, lineNo: number): void {
  st.pou = airport;
  st.pouCode = letterCode(airport);
  st.uld = -1;
  st.bulkAcc = null;
  st.lastUld = -1;
  st.lastItem = null;
  st.afterConsignment = false;
  if (!st.part.pous.some((x) => x.airport === airport)) {
    st.part.pous.push({ airport, nil, line: lineNo });
  }
}

/** Lines that are neither consignments, ULD nor `/` lines: trailer, tags, points of unloading. */
function readOtherLine(st: ScanState, line: string, lineNo: number): "trailer" | null {
  const part = st.part;
  const trailer = TRAILER_RE.exec(line);
  if (trailer !== null) {
    part.trailer = trailer[1] as "LAST" | "CONT";
    return "trailer";
  }
  // only lines first written in lower case reach here as tags or ULD lines
  const bytes = asciiBytes(line);
  const block = tagBlockAt(bytes, 0, line.length);
  if (block !== undefined) {
    st.block = block;
    st.blockLines = 0;
    return null;
  }
  st.block = "none";
  if (line.startsWith("ULD/")) {
    readUld(st, lineNo, line, bytes, 0, line.length);
    return null;
  }
  const pm = POU_RE.exec(line);
  if (pm !== null && pm[1] !== "ULD") {
    const extra = pm[2].split("/").slice(1);
    if (extra.every((t) => t === "" || t === "NIL" || POU_TIME_RE.test(t))) {
      startPointOfUnloading(st, pm[1], extra.includes("NIL"), lineNo);
      return null;
    }
  }
  if (AWB_LIKE_RE.test(line)) {
    part.rejected++;
    warn(
      st,
      lineNo,
      `Consignment line not read (the AWB prefix must be 3 digits); its weight is not in the UWS: ${
        excerpt(line)
      }`,
    );
    return null;
  }
  warn(st, lineNo, `Unknown line skipped: ${excerpt(line)}`);
  return null;
}

function newPart(
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
    ulds: new UldTable(textLength / 256),
    uldItems: [],
    bulk: new Map(),
    bulkCargo: [],
    rejected: 0,
  };
}

/** Parses the FFM text; the single reader behind parseFfm and convertFfm. */
export function scanFfm(input: string, options: ParseFfmOptions = {}): FfmScan {
  const warnings: EngineWarning[] = [];
  if (typeof input !== "string" || input.trim() === "") return failure(FFM_ERRORS.empty, warnings);
  // The fast paths below read upper-case text in place and hand any line with lower-case letters
  // to the slow paths, which read it upper-cased: no copy of a large message.
  let text = input;
  if (text.indexOf("\r") !== -1) text = text.replace(/\r\n?/g, "\n");
  const len = text.length;
  const b = messageBytes(text);
  const words = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const parts: Part[] = [];
  let st: ScanState | null = null;
  let state: "envelope" | "header" | "body" | "after" = "envelope";
  let version = "";
  let headerLine = 0;
  const known = new Set([...KNOWN_SHC_CODES, ...(options.extraCodes ?? [])]);
  const withItems = options.items === true;
  const poundLines = { count: 0, first: [] as number[] };

  let lineNo = 0;
  let start = 0;
  while (start <= len) {
    lineNo++;
    // the common consignment line is read without a search for its end first: it finds it
    if (state === "body" && isDigit(b[start]) && isConsignmentStart(words, start)) {
      const end = readConsignment(st!, text, b, words, lineNo, start, start + 19, len, null);
      if (end !== -1) {
        st!.block = "none";
        start = end + 1;
        continue;
      }
    }
    let e = lineEnd(text, start);
    let s = start;
    start = e + 1;
    // trim spaces and control characters at both ends
    while (s < e && b[s] <= 32) s++;
    while (e > s && b[e - 1] <= 32) e--;
    if (s === e) continue;
    const c = b[s];

    if (state === "body") {
      const scan = st!;
      if (c >= 48 && c <= 57) {
        scan.block = "none";
        if (e - s > 19 && isConsignmentStart(words, s)) {
          if (readConsignment(scan, text, b, words, lineNo, s, s + 19, e, null) === -1) {
            consignmentWithoutWeight(scan, text, lineNo, s, s + 19, e, null);
          }
        } else readOddConsignment(scan, upperLine(text.slice(s, e)), lineNo);
        continue;
      }
      if (c === 47) {
        readSlashLine(scan, lineNo, s, e);
        continue;
      }
      if (c === 85 && b[s + 1] === 76 && b[s + 2] === 68 && b[s + 3] === 47) {
        scan.block = "none";
        readUld(scan, lineNo, text, b, s, e);
        continue;
      }
      const block = tagBlockAt(b, s, e);
      if (block !== undefined) {
        scan.block = block;
        scan.blockLines = 0;
        continue;
      }
      scan.block = "none";
      if (e - s === 3 && isLetter(c) && isLetter(b[s + 1]) && isLetter(b[s + 2])) {
        const airport = letterCodeAt(b, s);
        if (airport !== ULD) {
          startPointOfUnloading(scan, letterCodeName(airport), false, lineNo);
          continue;
        }
      }
    }

    // A header starts a new part wherever it stands.
    if ((c === 70 || c === 102) && e - s <= 7) {
      const m = HEADER_RE.exec(upperLine(text.slice(s, e)));
      if (m !== null) {
        if (state === "body") return failure(FFM_ERRORS.footer, warnings);
        if (state === "header") return failure(flightError(lineNo), warnings);
        state = "header";
        version = m[1];
        headerLine = lineNo;
        continue;
      }
    }
    if (state === "envelope") continue;
    const line = upperLine(text.slice(s, e));
    if (state === "after") {
      if (!isEnvelopeLine(line)) {
        warn({ warnings }, lineNo, `Text after ${st!.part.trailer} ignored: ${excerpt(line)}`);
      }
      continue;
    }
    if (state === "header") {
      if (line === "PDM") {
        warn(
          { warnings },
          lineNo,
          "PDM: the message is marked as a possible duplicate (retransmission)",
        );
        continue;
      }
      const m = FLIGHT_RE.exec(line);
      if (m === null || !MONTHS.has(m[5]) || !/[A-Z]/.test(m[2])) {
        return failure(flightError(lineNo), warnings);
      }
      const part = newPart(m, version, headerLine, len);
      parts.push(part);
      st = {
        text,
        bytes: b,
        withItems,
        known,
        warnings,
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
        poundLines,
        pounds: false,
        amount: 0,
        quantityEnd: 0,
      };
      state = "body";
      continue;
    }
    if (readOtherLine(st!, line, lineNo) === "trailer") state = "after";
  }

  if (state === "envelope") return failure(FFM_ERRORS.header, warnings);
  if (state === "header") return failure(flightError(null), warnings);
  if (state === "body") return failure(FFM_ERRORS.footer, warnings);
  if (poundLines.count > 0) {
    const { count: n, first } = poundLines;
    const shown: (number | string)[] = n > 10 ? [...first, `${n - 10} more`] : first;
    warn(
      { warnings },
      first[0],
      `Weight in pounds converted to kg on ${n} consignment line${n === 1 ? "" : "s"} ` +
        `(line${n === 1 ? "" : "s"} ${listWords(shown)})`,
    );
  }
  return mergeParts(parts, warnings);
}

function flightError(lineNo: number | null): string {
  return `Could not extract FFM content: the flight line is missing or invalid${
    lineNo === null ? "" : ` (line ${lineNo})`
  }. Expected part/flight/date/airport, e.g. 1/MS985/22NOV/CAI`;
}

function failure(error: string, warnings: EngineWarning[]): FfmScan {
  return {
    ok: false,
    error,
    warnings,
    version: "",
    flight: null,
    flightHeader: "",
    partNumbers: [],
    isMultiPart: false,
    isComplete: false,
    pointsOfUnloading: [],
    ulds: new UldTable(),
    kept: [],
    uldItems: [],
    bulk: [],
    bulkCargo: [],
  };
}

const plural = (items: readonly number[], word: string) =>
  `${word}${items.length === 1 ? "" : "s"} ${listWords(items)}`;

/** Checks that parts 1..n are all there and the last ends LAST; returns the error or null. */
function partSetError(parts: readonly Part[]): string | null {
  const numbers = parts.map((p) => p.sequence);
  const highest = Math.max(...numbers);
  const missing: number[] = [];
  for (let k = 1; k <= highest; k++) if (!numbers.includes(k)) missing.push(k);
  const last = parts[parts.length - 1];
  if (missing.includes(1)) {
    return `Multi-part message: part 1 must be parsed first (missing ${plural(missing, "part")})`;
  }
  if (missing.length > 0) {
    return `Incomplete multi-part message: missing ${plural(missing, "part")}`;
  }
  if (last.trailer === "CONT") {
    return parts.length === 1
      ? "Incomplete message: part 1 ends with CONT; a complete message is required " +
        "(missing part 2 and any after it)"
      : `Incomplete multi-part message: part ${highest} ends with CONT (missing part ${
        highest + 1
      } and any after it)`;
  }
  return null;
}

/** Folds `from` into `into`: the parts of a multi-part manifest become one, in sequence order. */
function foldPart(into: Part, from: Part): void {
  into.rejected += from.rejected;
  for (const p of from.pous) {
    const seen = into.pous.find((x) => x.airport === p.airport);
    if (seen === undefined) into.pous.push(p);
    else if (!p.nil) seen.nil = false;
  }
  for (let j = 0; j < from.ulds.size; j++) {
    const before = into.ulds.size;
    const i = into.ulds.fold(from.ulds, j);
    if (from.uldItems.length > j) {
      if (i === before) into.uldItems.push([]);
      for (const item of from.uldItems[j]) into.uldItems[i].push(item);
    }
  }
  for (const b of from.bulk.values()) {
    const seen = into.bulk.get(b.pointOfUnloading);
    if (seen === undefined) {
      into.bulk.set(b.pointOfUnloading, b);
      continue;
    }
    seen.grams += b.grams;
    b.destCodes.forEach((dest, k) => {
      const at = seen.destCodes.indexOf(dest);
      if (at === -1) {
        seen.destCodes.push(dest);
        seen.destGrams.push(b.destGrams[k]);
      } else seen.destGrams[at] += b.destGrams[k];
    });
  }
  for (const item of from.bulkCargo) into.bulkCargo.push(item);
}

/** Merges the parts in sequence order: a point of unloading or a ULD repeated across parts is one. */
function mergeParts(parts: Part[], warnings: EngineWarning[]): FfmScan {
  const flightKeys = [...new Set(parts.map((p) => p.flightKey))];
  if (flightKeys.length > 1) {
    return failure(
      `The pasted parts belong to different flights (${
        flightKeys.join(", ")
      }); paste one manifest at a time`,
      warnings,
    );
  }
  const ordered: Part[] = [];
  for (const part of [...parts].sort((a, b) => a.sequence - b.sequence)) {
    if (ordered.some((p) => p.sequence === part.sequence)) {
      warn(
        { warnings },
        part.firstLine,
        `Part ${part.sequence} was pasted twice: this copy is ignored`,
      );
    } else ordered.push(part);
  }
  const setError = partSetError(ordered);
  if (setError !== null) return failure(setError, warnings);
  const merged = ordered[0];
  for (let k = 1; k < ordered.length; k++) foldPart(merged, ordered[k]);
  const table = merged.ulds;

  if (merged.pous.length === 0) {
    return failure(
      "No point of unloading found: the line after the flight line must be the airport of unloading (e.g. JFK)",
      warnings,
    );
  }
  const anyBulk = [...merged.bulk.values()].some((b) => b.destCodes.length > 0);
  if (merged.rejected > 0 && table.size === 0 && !anyBulk) {
    const n = merged.rejected;
    return failure(
      `No consignment could be read: ${n} consignment line${
        n === 1 ? "" : "s"
      } not read (see the warnings)`,
      warnings,
    );
  }

  // Several ULD ids with the same serial: the one with the most cargo items is kept (spec rule).
  const dropped = new Uint8Array(table.size);
  for (const head of table.collisions) {
    let winner = head;
    for (let u = table.next[head]; u !== -1; u = table.next[u]) {
      if (table.itemCounts[u] > table.itemCounts[winner]) winner = u;
    }
    for (let u = head; u !== -1; u = table.next[u]) {
      if (u === winner) continue;
      dropped[u] = 1;
      const n = table.itemCounts[u];
      warn(
        { warnings },
        table.lines[u],
        `ULD ${table.ids[u]} dropped: ${
          table.ids[winner]
        } has the same serial number and more cargo ` +
          `items (${n} item${n === 1 ? "" : "s"} of ${table.grams[u] / 1000} kg not in the UWS)`,
      );
    }
  }
  let keptCount = 0;
  for (let u = 0; u < table.size; u++) keptCount += 1 - dropped[u];
  const kept: number[] = new Array(keptCount);
  for (let u = 0, n = 0; u < table.size; u++) if (dropped[u] === 0) kept[n++] = u;

  const flight = merged.flight;
  warnings.sort((a, b) => a.line - b.line);
  return {
    ok: true,
    warnings,
    version: merged.version,
    flight,
    flightHeader: `${flight.flightNumber}/${flight.day}.${flight.origin}.FINAL`,
    partNumbers: ordered.map((p) => p.sequence),
    isMultiPart: ordered.length > 1 || ordered[0].sequence > 1,
    isComplete: ordered[ordered.length - 1].trailer === "LAST",
    pointsOfUnloading: merged.pous,
    ulds: table,
    kept,
    uldItems: merged.uldItems,
    bulk: [...merged.bulk.values()].map((b) => ({
      pointOfUnloading: b.pointOfUnloading,
      grams: b.grams,
      byDestination: Object.fromEntries(
        b.destCodes.map((d, k) => [letterCodeName(d), b.destGrams[k]]),
      ),
    })),
    bulkCargo: merged.bulkCargo,
  };
}

/** Parses an FFM message, or several parts of one pasted together, with every consignment. */
export function parseFfm(input: string, extraCodes: readonly string[] = []): ParsedFfm {
  const scan = scanFfm(input, { extraCodes, items: true });
  const { ulds: table, kept, uldItems, ...rest } = scan;
  const ulds = kept.map((u): FfmUld => ({
    id: table.ids[u],
    type: alnumCodeName(table.typeCodes[u]),
    serial: table.serialOf(u),
    owner: table.ids[u].slice(-2),
    pointOfUnloading: table.pointOfUnloading(u),
    line: table.lines[u],
    itemCount: table.itemCounts[u],
    grams: table.grams[u],
    codes: table.codesOf(u),
    commonDestination: table.destCodes[u] >= 0 ? letterCodeName(table.destCodes[u]) : null,
    items: uldItems[u] ?? [],
  }));
  table.release();
  return { ...rest, ulds };
}
