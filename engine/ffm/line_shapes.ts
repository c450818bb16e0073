// The shapes of FFM lines, tested in place on the message's bytes (asciiBytes: byte i is
// character i, zero bytes after the text), so that the reader makes no string for a line it
// recognises. Each test takes the line as b[s, e).

import * as characters from "../codes.ts";
import type { Block } from "./scan_state.ts";

// This module's names for the character module's tests and codes: an imported name is read
// through the exporting module's cell at every use, which the compiler cannot hoist out of a loop.
// Measured in pairs on the generated 5 MB FFM (parse+convert, 5 interleaved processes each,
// 2026-11-24): imported names 0.254 of a line scan's speed, these local ones 0.289.
const { HYPHEN, isAlnum, isDigit, isLetter, letterCode, letterCodeAt, SLASH } = characters;

/** Length of `ppp-nnnnnnnnOOODDD/`, the start of a canonical consignment line. */
export const CONSIGNMENT_START = 19;

const TAG_BLOCKS = new Map<number, Block>([
  [letterCode("OSI"), "osi"],
  [letterCode("OCI"), "oci"],
  [letterCode("DIM"), "dim"],
  [letterCode("SSR"), "ssr"],
  [letterCode("COR"), "other"],
  [letterCode("SCI"), "other"],
]);

/** The block a tag line (`OSI/`, `OCI/`, `DIM/`, `SSR/`, `COR/`, `SCI/`) at b[s] opens, if it is one. */
export function tagBlockAt(b: Uint8Array, s: number, e: number): Block | undefined {
  if (e - s < 4 || b[s + 3] !== SLASH) return undefined;
  for (let k = s; k < s + 3; k++) if (!isLetter(b[k])) return undefined;
  return TAG_BLOCKS.get(letterCodeAt(b, s));
}

/**
 * True when the letters and digits b[s, e) are a ULD id of type (letter + 2) + serial (4-5, the
 * first may be a letter) + owner 2.
 */
export function isUldIdAt(b: Uint8Array, s: number, e: number): boolean {
  const n = e - s;
  if (n !== 9 && n !== 10 || !isLetter(b[s])) return false;
  for (let k = s + 4; k < e - 2; k++) if (!isDigit(b[k])) return false;
  return true;
}

/**
 * True when the bytes at s (read four at a time through `words`, little-endian) are
 * `ppp-nnnnnnnnOOODDD/`: 3 digits, a hyphen, 8 digits, origin and destination and a slash. No
 * line end is among them.
 *
 * Fast path (team rule: kept for a measured pair): it runs on every line of a manifest. The plain
 * test (18 byte comparisons, written out) measured 0.85-1.0 of this one's speed in interleaved
 * pairs on the generated 5 MB FFM (2026-11-24; see stopAt in consignments.ts for both together).
 */
export function isConsignmentStart(words: DataView, s: number): boolean {
  const prefix = words.getUint32(s, true);
  const route = words.getUint32(s + 15, true);
  if (prefix >>> 24 !== HYPHEN || route >>> 24 !== SLASH) return false;
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
export function isShcLine(b: Uint8Array, s: number, e: number): boolean {
  if (b[e - 1] === SLASH) e--;
  if (e - s < 4 || (e - s) % 4 !== 0) return false;
  for (let k = s; k < e; k += 4) {
    if (b[k] !== SLASH || !isLetter(b[k + 1]) || !isLetter(b[k + 2]) || !isLetter(b[k + 3])) {
      return false;
    }
  }
  return true;
}

/** Number of letters A-Z from b[i] (before `end`), at most `max`. */
function letters(b: Uint8Array, i: number, end: number, max: number): number {
  let n = 0;
  while (n < max && i + n < end && isLetter(b[i + n])) n++;
  return n;
}

/** Number of digits from b[i] (before `end`), at most `max`. */
function digits(b: Uint8Array, i: number, end: number, max: number): number {
  let n = 0;
  while (n < max && i + n < end && isDigit(b[i + n])) n++;
  return n;
}

/** `/[A-Z]{0,2}/[A-Z]{0,3}/[A-Z0-9]{0,2}/...`: another OCI entry (`///ED/0213`, `/US/AGT/AR/1`). */
export function isOciContinuation(b: Uint8Array, s: number, e: number): boolean {
  if (b[s] !== SLASH) return false;
  let i = s + 1 + letters(b, s + 1, e, 2);
  if (b[i] !== SLASH) return false;
  i += 1 + letters(b, i + 1, e, 3);
  if (b[i] !== SLASH) return false;
  i++;
  for (let n = 0; n < 2 && i < e && isAlnum(b[i]); n++) i++;
  return i < e && b[i] === SLASH;
}

/** `/AAACC[nnnn[a]][/DDMMM[HHMM]]`: an onward or ULD movement line (`/YYZKL667/19MAR`). */
export function isOnwardLine(b: Uint8Array, s: number, e: number): boolean {
  if (e - s < 6 || letters(b, s + 1, e, 3) !== 3 || !isAlnum(b[s + 4]) || !isAlnum(b[s + 5])) {
    return false;
  }
  let i = s + 6;
  const flight = digits(b, i, e, 4);
  i += flight;
  if (flight > 0 && i < e && isLetter(b[i])) i++;
  if (i === e) return true;
  if (b[i] !== SLASH || digits(b, i + 1, e, 2) !== 2) return false;
  i += 3;
  if (letters(b, i, e, 3) !== 3) return false;
  i += 3;
  const time = digits(b, i, e, 4);
  return i + time === e && (time === 0 || time === 4);
}
