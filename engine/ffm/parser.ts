// FFM (Cargo-IMP airline flight manifest) parser: versions 4, 5 and 8 as they arrive in real
// traffic (domain/cargo-messages.md section 2). It never throws; what it skips or repairs is
// reported as a warning with the line number of the pasted text.
//
// It is one pass over the text by index (no array of lines, no object per consignment unless
// the caller asks for the items): a 5 MB manifest must parse at line-scan speed (design 8). The
// fast paths read asciiBytes of the text (byte i is character i) and hand any unusual line to
// the slow paths, which read it as a string. This file walks the lines and the message's frame
// (envelope, header, flight line, trailer); consignments.ts and other_lines.ts read the body,
// parts.ts merges the parts of a multi-part manifest.

import * as characters from "../codes.ts";
import { KNOWN_SHC_CODES } from "../reference_data.ts";
import { FFM_HEADER_RE, isFfmEnvelopeLine } from "../messages/recognise.ts";
import { asciiBytes } from "../text.ts";
import type { EngineWarning } from "../types.ts";
import type { EngineText } from "../messages/texts.ts";
import { sayFfm } from "./texts.ts";
import type { FfmScan, FfmUld, ParsedFfm, ParseFfmOptions } from "./types.ts";
import {
  consignmentWithoutWeight,
  lineEnd,
  readConsignment,
  readOddConsignment,
} from "./consignments.ts";
import { CONSIGNMENT_START, isConsignmentStart, tagBlockAt } from "./line_shapes.ts";
import { readOtherLine, readSlashLine, readUld, startPointOfUnloading } from "./other_lines.ts";
import { failure, flightError, mergeParts } from "./parts.ts";
import {
  bodyState,
  excerpt,
  newPart,
  type Part,
  type ScanContext,
  type ScanState,
  upperLine,
  warn,
} from "./scan_state.ts";

// This module's names for the character module's tests and codes: an imported name is read
// through the exporting module's cell at every use, which the compiler cannot hoist out of a loop.
// Measured in pairs on the generated 5 MB FFM (parse+convert, 5 interleaved processes each,
// 2026-11-24): imported names 0.254 of a line scan's speed, these local ones 0.289.
const {
  alnumCodeName,
  isBlank,
  isDigit,
  isLetter,
  letterCode,
  letterCodeAt,
  letterCodeName,
  SLASH,
} = characters;

const FLIGHT_RE =
  /^(\d{1,2})\/([A-Z0-9]{2})(\d{1,4}[A-Z]?)\/(\d{2})([A-Z]{3})(?:\d{4})?\/([A-Z]{3})(?:\/([^/]*))?/;
const MONTHS = new Set(
  ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"],
);
const ULD = letterCode("ULD");
/** `ULD/` starts a ULD line. */
const ULD_TAG = [..."ULD/"].map((c) => c.charCodeAt(0));
/** The first letter of the `FFM/` header, either case. */
const HEADER_F = "F".charCodeAt(0);
const HEADER_LOWER_F = "f".charCodeAt(0);

/** Where the reader is in the message: before the header, after it, in a body, after a trailer. */
type Stage = "envelope" | "header" | "body" | "after";

/** The reader's state between lines: the stage, the parts read so far and the current body. */
interface Reader extends ScanContext {
  stage: Stage;
  version: string;
  headerLine: number;
  parts: Part[];
  /** The body being read (stage "body", and "after" for its trailer's name). */
  body: ScanState | null;
}

/** Parses the FFM text; the single reader behind parseFfm and convertFfm. */
export function scanFfm(input: string, options: ParseFfmOptions = {}): FfmScan {
  const warnings: EngineWarning[] = [];
  if (typeof input !== "string" || input.trim() === "") {
    return failure(sayFfm("ffm:empty"), warnings);
  }
  // The fast paths read upper-case text in place and hand any line with lower-case letters to
  // the slow paths, which read it upper-cased: no copy of a large message.
  const text = input.indexOf("\r") === -1 ? input : input.replace(/\r\n?/g, "\n");
  const b = asciiBytes(text);
  const r: Reader = {
    words: new DataView(b.buffer, b.byteOffset, b.byteLength),
    text,
    bytes: b,
    withItems: options.items === true,
    known: new Set([...KNOWN_SHC_CODES, ...(options.extraCodes ?? [])]),
    warnings,
    poundLines: { count: 0, first: [] },
    stage: "envelope",
    version: "",
    headerLine: 0,
    parts: [],
    body: null,
  };
  const len = text.length;
  const words = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // the stage and the body are kept in locals (copied back after a frame line): the loop reads
  // them on every line
  let stage = r.stage;
  let st = r.body;
  let lineNo = 0;
  for (let start = 0; start <= len;) {
    lineNo++;
    // the common consignment line is read without a search for its end first: it finds it
    if (stage === "body" && isDigit(b[start]) && isConsignmentStart(words, start)) {
      const end = readConsignment(
        st!,
        text,
        b,
        words,
        lineNo,
        start,
        start + CONSIGNMENT_START,
        len,
        null,
      );
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
    while (s < e && isBlank(b[s])) s++;
    while (e > s && isBlank(b[e - 1])) e--;
    if (s === e) continue;
    if (stage === "body") {
      const c = b[s];
      if (isDigit(c)) {
        readOtherConsignment(st!, lineNo, s, e);
        continue;
      }
      if (c === SLASH) {
        readSlashLine(st!, lineNo, s, e);
        continue;
      }
      if (readBodyLine(st!, lineNo, s, e)) continue;
    }
    const error = readFrameLine(r, lineNo, s, e);
    if (error !== null) return failure(error, warnings);
    stage = r.stage;
    st = r.body;
  }
  return finish(r);
}

/** A consignment line the loop's fast path did not finish: read at b[s, e) or reported. */
function readOtherConsignment(st: ScanState, lineNo: number, s: number, e: number): void {
  st.block = "none";
  const b = st.bytes;
  if (e - s > CONSIGNMENT_START && isConsignmentStart(st.words, s)) {
    const from = s + CONSIGNMENT_START;
    if (readConsignment(st, st.text, b, st.words, lineNo, s, from, e, null) === -1) {
      consignmentWithoutWeight(st, st.text, lineNo, s, from, e, null);
    }
  } else readOddConsignment(st, upperLine(st.text.slice(s, e)), lineNo);
}

/**
 * Reads the body line b[s, e) when it is a ULD line, a tag or a point of unloading; false when
 * the frame rules must read it.
 */
function readBodyLine(st: ScanState, lineNo: number, s: number, e: number): boolean {
  const b = st.bytes;
  const c = b[s];
  if (
    c === ULD_TAG[0] && b[s + 1] === ULD_TAG[1] && b[s + 2] === ULD_TAG[2] &&
    b[s + 3] === ULD_TAG[3]
  ) {
    st.block = "none";
    readUld(st, lineNo, st.text, b, s, e);
    return true;
  }
  const block = tagBlockAt(b, s, e);
  if (block !== undefined) {
    st.block = block;
    st.blockLines = 0;
    return true;
  }
  st.block = "none";
  if (e - s === 3 && isLetter(c) && isLetter(b[s + 1]) && isLetter(b[s + 2])) {
    const airport = letterCodeAt(b, s);
    if (airport !== ULD) {
      startPointOfUnloading(st, letterCodeName(airport), false, lineNo);
      return true;
    }
  }
  return false;
}

/**
 * The lines of the message's frame, and a body line no common rule read: the header (which
 * starts a new part wherever it stands), envelope lines, the flight line, the trailer and what
 * follows it. Returns the error that ends the reading, or null.
 */
function readFrameLine(r: Reader, lineNo: number, s: number, e: number): EngineText | null {
  const c = r.bytes[s];
  if ((c === HEADER_F || c === HEADER_LOWER_F) && e - s <= 7) {
    const m = FFM_HEADER_RE.exec(upperLine(r.text.slice(s, e)));
    if (m !== null) {
      if (r.stage === "body") return sayFfm("ffm:no_trailer");
      if (r.stage === "header") return flightError(lineNo);
      r.stage = "header";
      r.version = m[1];
      r.headerLine = lineNo;
      return null;
    }
  }
  if (r.stage === "envelope") return null;
  const line = upperLine(r.text.slice(s, e));
  if (r.stage === "after") {
    if (!isFfmEnvelopeLine(line)) {
      const trailer = String(r.body!.part.trailer); // set once the stage is "after"
      warn(r, lineNo, sayFfm("ffm:text_after_trailer", { trailer, excerpt: excerpt(line) }));
    }
  } else if (r.stage === "header") return readFlightLine(r, line, lineNo);
  else if (readOtherLine(r.body!, line, lineNo) === "trailer") r.stage = "after";
  return null;
}

/** The line after the header: PDM, or the flight line that starts a part's body. */
function readFlightLine(r: Reader, line: string, lineNo: number): EngineText | null {
  if (line === "PDM") {
    warn(r, lineNo, sayFfm("ffm:possible_duplicate"));
    return null;
  }
  const m = FLIGHT_RE.exec(line);
  if (m === null || !MONTHS.has(m[5]) || !/[A-Z]/.test(m[2])) return flightError(lineNo);
  const part = newPart(m, r.version, r.headerLine, r.text.length);
  r.parts.push(part);
  r.body = bodyState(r, part);
  r.stage = "body";
  return null;
}

/** The end of the text: the stage's error, the pounds warning, and the parts merged. */
function finish(r: Reader): FfmScan {
  const warnings = r.warnings;
  if (r.stage === "envelope") return failure(sayFfm("ffm:no_header"), warnings);
  if (r.stage === "header") return failure(flightError(null), warnings);
  if (r.stage === "body") return failure(sayFfm("ffm:no_trailer"), warnings);
  const { count, first } = r.poundLines;
  if (count > 0) warn(r, first[0], poundsWarning(count, first));
  return mergeParts(r.parts, warnings);
}

/** The pounds warning: `count` lines, the first ten of them by number (`a, b and c`). */
function poundsWarning(count: number, first: readonly number[]): EngineText {
  if (count === 1) return sayFfm("ffm:pounds_line", { count, line: first[0] });
  if (count > 10) {
    return sayFfm("ffm:pounds_lines_more", { count, list: first.join(", "), more: count - 10 });
  }
  const list = first.slice(0, -1).join(", ");
  return sayFfm("ffm:pounds_lines", { count, list, last: first[first.length - 1] });
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
  return { ...rest, ulds };
}
