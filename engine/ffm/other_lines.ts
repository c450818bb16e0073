// The FFM body lines that are not consignments: ULD lines, `/` lines (handling codes and the
// continuations of tag blocks), points of unloading, the trailer and what is not read.

import * as characters from "../codes.ts";
import { asciiBytes } from "../text.ts";
import { attachCode, attachShcLine } from "./consignments.ts";
import { serialKeyAt } from "./manifest_ulds.ts";
import {
  isOciContinuation,
  isOnwardLine,
  isShcLine,
  isUldIdAt,
  tagBlockAt,
} from "./line_shapes.ts";
import { sayFfm } from "./texts.ts";
import { excerpt, type ScanState, upperLine, warn } from "./scan_state.ts";

// This module's names for the character module's tests and codes: an imported name is read
// through the exporting module's cell at every use, which the compiler cannot hoist out of a loop.
// Measured in pairs on the generated 5 MB FFM (parse+convert, 5 interleaved processes each,
// 2026-11-24): imported names 0.254 of a line scan's speed, these local ones 0.289.
const { alnumCodeAt, DIGIT_0, DIGIT_3, isAlnum, isDigit, isLetter, isLower, letterCode } =
  characters;

/** Dimension sets in kilograms or pounds (`/K15/CMT29-80-47/2`). */
const DIM_UNITS = new Set(["K", "L"].map((c) => c.charCodeAt(0)));

const PIP = alnumCodeAt(asciiBytes("PIP"), 0);
const P1P = alnumCodeAt(asciiBytes("P1P"), 0);

const POU_RE = /^([A-Z]{3})((?:\/[A-Z0-9]*)*)$/;
const POU_TIME_RE = /^\d{2}[A-Z]{3}\d{4}$/;
const AWB_LIKE_RE = /\d{8}[A-Z]{6}\//;
const OCI_CONT_RE = /^\/[A-Z]{0,2}\/[A-Z]{0,3}\/[A-Z0-9]{0,2}\//;
const SHC_LINE_RE = /^(?:\/[A-Z]{3})+\/?$/;
const ONWARD_RE = /^\/[A-Z]{3}[A-Z0-9]{2}(?:\d{1,4}[A-Z]?)?(?:\/\d{2}[A-Z]{3}(?:\d{4})?)?$/;
const TRAILER_RE = /^(LAST|CONT)(?![A-Z0-9/])/;

/** `ULD/` line at text[s, e) (bytes `b`): the id is the token before any `-` loading indicator or `/` remarks. */
export function readUld(
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
  if (t < e && isLower(b[t])) {
    const line = text.slice(s, e).toUpperCase(); // a lower-case id: read the line upper-cased
    readUld(st, lineNo, line, asciiBytes(line), 0, line.length);
    return;
  }
  if (t - (s + 4) < 6) {
    st.uld = -1;
    warn(st, lineNo, sayFfm("ffm:uld_id_unreadable", { excerpt: excerpt(text.slice(s, e)) }));
    return;
  }
  st.uld = internUld(st, lineNo, text.slice(s + 4, t), b, s + 4, t);
}

/** The index of the ULD id b[s, t) (`id`, its text) in the part's table, added when new. */
function internUld(
  st: ScanState,
  lineNo: number,
  id: string,
  b: Uint8Array,
  s: number,
  t: number,
): number {
  let type = alnumCodeAt(b, s); // letters and digits: readUld has checked them
  if (type === PIP) {
    warn(st, lineNo, sayFfm("ffm:uld_type_pip", { id }));
    type = P1P;
    id = `P1P${id.slice(3)}`;
  }
  const table = st.part.ulds;
  const size = table.size;
  const index = table.intern(id, type, serialKeyAt(b, s + 3, t - 2), st.pouCode, lineNo);
  if (table.size !== size) {
    if (!isUldIdAt(b, s, t)) {
      warn(st, lineNo, sayFfm("ffm:uld_id_shape", { id }));
    }
    if (st.withItems) st.part.uldItems.push([]);
  }
  return index;
}

/**
 * A line that starts with `/`: SHC codes, or a continuation that carries no cargo. The common
 * case, codes after a consignment, is small enough to be inlined into the reader's loop.
 */
export function readSlashLine(st: ScanState, lineNo: number, s: number, e: number): void {
  const b = st.bytes;
  if (st.block === "none" && st.afterConsignment && isShcLine(b, s, e)) {
    attachShcLine(st, b, s, e);
  } else readAnySlashLine(st, lineNo, s, e);
}

/** Any `/` line, in the order of the rules: blocks first, then codes, then continuations. */
function readAnySlashLine(st: ScanState, lineNo: number, s: number, e: number): void {
  const b = st.bytes;
  if ((st.block === "osi" && st.blockLines < 1) || (st.block === "ssr" && st.blockLines < 2)) {
    st.blockLines++;
    return;
  }
  if (st.block === "dim" && DIM_UNITS.has(b[s + 1]) && isDigit(b[s + 2])) {
    return; // another dimension set: /K15/CMT29-80-47/2
  }
  if (st.block !== "oci" && st.block !== "dim" && isShcLine(b, s, e)) {
    if (!st.afterConsignment) {
      const shown = excerpt(st.text.slice(s, e));
      warn(st, lineNo, sayFfm("ffm:codes_without_consignment", { excerpt: shown }));
    } else attachShcLine(st, b, s, e);
    return;
  }
  // the common continuation lines, read in place: no string for them
  if (st.block === "oci" && isOciContinuation(b, s, e)) return;
  if (e - s === 2 && (isLetter(b[s + 1]) || (b[s + 1] >= DIGIT_0 && b[s + 1] <= DIGIT_3))) return;
  if (isOnwardLine(b, s, e)) return;
  readSlashLineText(st, lineNo, upperLine(st.text.slice(s, e)));
}

/** A `/` line the byte tests did not place (lower case, odd spacing), read as a string. */
function readSlashLineText(st: ScanState, lineNo: number, line: string): void {
  if (st.block === "oci" && OCI_CONT_RE.test(line)) return;
  if (st.block === "dim" && /^\/[KL]\d/.test(line)) return;
  if (SHC_LINE_RE.test(line)) {
    if (!st.afterConsignment) {
      warn(st, lineNo, sayFfm("ffm:codes_without_consignment", { excerpt: excerpt(line) }));
    } else {
      for (const code of line.split("/")) if (code.length === 3) attachCode(st, letterCode(code));
    }
    return;
  }
  // ULD utilisation (/2), movement priority (/X), onward or ULD movement (/YYZKL667/19MAR)
  if (/^\/[0-3]$/.test(line) || /^\/[A-Z]$/.test(line) || ONWARD_RE.test(line)) return;
  warn(st, lineNo, sayFfm("ffm:unknown_line", { excerpt: excerpt(line) }));
}

/** A point-of-unloading line: the ULDs and bulk after it are unloaded at `airport`. */
export function startPointOfUnloading(
  st: ScanState,
  airport: string,
  nil: boolean,
  lineNo: number,
): void {
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
export function readOtherLine(st: ScanState, line: string, lineNo: number): "trailer" | null {
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
  if (line.startsWith("ULD/")) readUld(st, lineNo, line, bytes, 0, line.length);
  else if (!readPointOfUnloading(st, line, lineNo)) readUnknownLine(st, line, lineNo);
  return null;
}

/** A point of unloading with times or NIL (`ORD//14APR1235`, `BOS/NIL`); false when it is not. */
function readPointOfUnloading(st: ScanState, line: string, lineNo: number): boolean {
  const pm = POU_RE.exec(line);
  if (pm === null || pm[1] === "ULD") return false;
  const extra = pm[2].split("/").slice(1);
  if (!extra.every((t) => t === "" || t === "NIL" || POU_TIME_RE.test(t))) return false;
  startPointOfUnloading(st, pm[1], extra.includes("NIL"), lineNo);
  return true;
}

/** A line no rule reads: a consignment with a bad AWB prefix is counted as rejected. */
function readUnknownLine(st: ScanState, line: string, lineNo: number): void {
  if (AWB_LIKE_RE.test(line)) {
    st.part.rejected++;
    warn(st, lineNo, sayFfm("ffm:awb_prefix_unread", { excerpt: excerpt(line) }));
    return;
  }
  warn(st, lineNo, sayFfm("ffm:unknown_line", { excerpt: excerpt(line) }));
}
