// Consignment (AWB) lines of an FFM body: `ppp-nnnnnnnnOOODDD/[SDC]pieces K|L weight/description`,
// maybe with handling codes glued after the description (FFM/4 and FFM/5), and the SHC lines
// that give the consignment just read more codes. The common line is read in place on the bytes;
// an odd one (no hyphen, a stray space, lower case) is read as a string by readOddConsignment.

import * as characters from "../codes.ts";
import { asciiBytes } from "../text.ts";
import type { FfmCargoItem } from "./types.ts";
import { sayFfm } from "./texts.ts";
import { bulkFor, excerpt, LOWER_RE, type ScanState, upperLine, warn } from "./scan_state.ts";
import { poundsToGrams } from "./weights.ts";

// This module's names for the character module's tests and codes: an imported name is read
// through the exporting module's cell at every use, which the compiler cannot hoist out of a loop.
// Measured in pairs on the generated 5 MB FFM (parse+convert, 5 interleaved processes each,
// 2026-11-24): imported names 0.254 of a line scan's speed, these local ones 0.289.
const {
  COMMA,
  DIGIT_0,
  DIGIT_5,
  FULL_STOP,
  isBlank,
  isDigit,
  letterCode,
  letterCodeAt,
  letterCodeName,
  SLASH,
} = characters;

/** Weight in kilograms. */
const KILOGRAMS = "K".charCodeAt(0);
/** Weight in pounds. */
const POUNDS = "L".charCodeAt(0);
/** Flags by character code: the shipment description codes that may stand before the pieces. */
const SHIPMENT_CODES = new Uint8Array(256);
for (const code of "TPSDM") SHIPMENT_CODES[code.charCodeAt(0)] = 1;

const AWB_RE = /^(\d{3})(\s*-?\s*)(\d{8})([A-Z]{3})([A-Z]{3})\/(.*)$/;

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

/** Gives a special handling code (a letter code) to the consignment just read and its ULD. */
export function attachCode(st: ScanState, code: number): void {
  if (st.lastUld !== -1) st.part.ulds.addCode(st.lastUld, code);
  const item = st.lastItem;
  if (item !== null) {
    const name = letterCodeName(code);
    if (!item.codes.includes(name)) item.codes.push(name);
  }
}

/** Gives the codes of the SHC line b[s, e) (isShcLine) to the consignment just read. */
export function attachShcLine(st: ScanState, b: Uint8Array, s: number, e: number): void {
  for (let k = s + 1; k < e; k += 4) attachCode(st, letterCodeAt(b, k));
}

/** Reads the quantity element `[SDC]pieces K|L weight` at b[i] into st; false when absent. */
function readQuantity(st: ScanState, b: Uint8Array, i: number, end: number): boolean {
  let c = b[i];
  if (SHIPMENT_CODES[c] === 1) c = b[++i];
  const piecesStart = i;
  while (i < end && isDigit(c)) c = b[++i];
  if (i === piecesStart || i - piecesStart > 5 || (c !== KILOGRAMS && c !== POUNDS) || i >= end) {
    return false;
  }
  st.pounds = c === POUNDS;
  const weightStart = ++i;
  let whole = 0;
  c = b[i];
  while (i < end && isDigit(c)) {
    whole = whole * 10 + (c - DIGIT_0);
    c = b[++i];
  }
  const weightDigits = i - weightStart;
  if (weightDigits === 0 || weightDigits > 12) return false;
  let thousandths = whole * 1000;
  if (i < end && (c === FULL_STOP || c === COMMA)) {
    c = b[++i];
    for (let n = 0; i < end && isDigit(c); n++) {
      if (n < 3) thousandths += (c - DIGIT_0) * (n === 0 ? 100 : n === 1 ? 10 : 1);
      else if (n === 3 && c >= DIGIT_5) thousandths += 1; // half up past the gram
      c = b[++i];
    }
  }
  st.amount = thousandths;
  st.quantityEnd = i;
  return true;
}

/**
 * Reads the rest of the consignment line at `lineStart` of `src` (bytes `b`) from `from`, just
 * after the `/` that ends origin and destination; `awbText` is the AWB when it had to be
 * normalised. Returns where the line ends (its `\n` or the end of `src`), which it finds itself so
 * that the reader's loop need not search for it first; -1 when the quantity element before `end`
 * cannot be read (nothing is recorded then).
 */
export function readConsignment(
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
    ? consignmentItem(st, lineNo, awbText ?? src.slice(lineStart, lineStart + 12), b, from, grams)
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
    if (b[i] !== SLASH) return i;
    if (slashes === 1) return gluedCodesToEnd(st, src, b, lineNo, lineStart, i, lineEnd(src, i));
    i++;
  }
}

/**
 * The first `/`, `\n` or end of the text (length n) from b[i], read four bytes at a time through
 * `words` (a zero byte inside the text is read past).
 *
 * Fast path (team rule: kept for a measured pair). Together with isConsignmentStart's, it was
 * measured against the plain versions (a byte loop here, or the string's indexOf; a test per byte
 * there) on the generated 5 MB FFM, parse+convert, interleaved in one process with both orders
 * of loading, 2 runs each, 31 turns: plain 0.60-0.75 of the previous parser's speed, these fast
 * paths 0.73-0.89 (2026-11-24, shared 2-core host, six jobs running: noisy).
 */
function stopAt(words: DataView, b: Uint8Array, i: number, n: number): number {
  for (;;) {
    const w = words.getUint32(i, true);
    const slash = w ^ 0x2f2f2f2f;
    const newline = w ^ 0x0a0a0a0a;
    // a byte of w is zero, `/` or `\n` exactly when the same byte of (x - 0x01) & ~x has its top
    // bit set, for x = w, w ^ slashes, w ^ newlines; the lowest such bit marks the first
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
export function lineEnd(src: string, i: number): number {
  const e = src.indexOf("\n", i);
  return e === -1 ? src.length : e;
}

/**
 * A consignment line with a `/` after its description at `slash`: reads the elements up to the
 * line's end (`end`) as handling codes; returns `end`.
 */
function gluedCodesToEnd(
  st: ScanState,
  src: string,
  b: Uint8Array,
  lineNo: number,
  lineStart: number,
  slash: number,
  end: number,
): number {
  let e = end;
  while (e > lineStart && isBlank(b[e - 1])) e--;
  readGluedCodes(st, src.slice(slash + 1, e), lineNo);
  return end;
}

/** A consignment line whose quantity element could not be read. */
export function consignmentWithoutWeight(
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
    sayFfm("ffm:consignment_no_weight", {
      awb: awbText ?? src.slice(lineStart, lineStart + 12),
      element: excerpt(element),
    }),
  );
}

/** The grams of the weight just read in pounds; notes the line for the pounds warning. */
function poundsRead(st: ScanState, lineNo: number): number {
  if (st.poundLines.count++ < 10) st.poundLines.first.push(lineNo);
  return poundsToGrams(st.amount);
}

/**
 * Warns about a consignment before any point of unloading, and makes its item (origin and
 * destination before b[from]) when the caller wants every consignment (parseFfm); null otherwise.
 */
function consignmentItem(
  st: ScanState,
  lineNo: number,
  awb: string,
  b: Uint8Array,
  from: number,
  grams: number,
): FfmCargoItem | null {
  if (st.pou === "") warn(st, lineNo, sayFfm("ffm:consignment_before_unloading", { awb }));
  if (!st.withItems) return null;
  return {
    awb,
    origin: letterCodeName(letterCodeAt(b, from - 7)),
    destination: letterCodeName(letterCodeAt(b, from - 4)),
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
      warn(st, lineNo, sayFfm("ffm:text_after_description", { token }));
    } else for (const code of codes) attachCode(st, letterCode(code));
  }
}

/** Consignment lines that are not in the canonical `ppp-nnnnnnnnOOODDD/` form. */
export function readOddConsignment(st: ScanState, line: string, lineNo: number): void {
  const m = AWB_RE.exec(line);
  if (m === null) {
    st.part.rejected++;
    warn(st, lineNo, sayFfm("ffm:consignment_unread", { excerpt: excerpt(line) }));
    return;
  }
  const awb = `${m[1]}-${m[3]}`;
  if (m[2] !== "-") {
    warn(
      st,
      lineNo,
      /\s/.test(m[2])
        ? sayFfm("ffm:awb_stray_space", { raw: `${m[1]}${m[2]}${m[3]}`, awb })
        : sayFfm("ffm:awb_without_hyphen", { raw: `${m[1]}${m[3]}`, awb }),
    );
  }
  const bytes = asciiBytes(line);
  const from = line.length - m[6].length;
  if (
    readConsignment(
      st,
      line,
      bytes,
      new DataView(bytes.buffer),
      lineNo,
      0,
      from,
      line.length,
      awb,
    ) === -1
  ) {
    consignmentWithoutWeight(st, line, lineNo, 0, from, line.length, awb);
  }
}
