// The shapes of the fields and lines of a UCM or CPM (design 4.5), read in place from the paste's
// bytes: load codes, ULD candidates, CPM positions, and the lines where a message without its type
// line starts (issue 23: such a message after an SI line is read apart, never taken for SI text;
// the rule is messages/recognise.ts's, this is its fast path on the bytes).

import { isAlnum, isDigit, isLetter } from "../codes.ts";
import { extractorMessageStart, SCM_LINE_RE } from "../messages/recognise.ts";
import { type Lines, lineText, type MessageType } from "./messages.ts";

/** The bytes `/`, `.` and `-`. */
export const SLASH = 47;
export const DOT = 46;
export const DASH = 45;

/** True when bytes[a..b) are all capital letters. */
export function letters(bytes: Uint8Array, a: number, b: number): boolean {
  for (let k = a; k < b; k++) if (!isLetter(bytes[k])) return false;
  return true;
}

/** The first index in [a, b) of byte c, else b. */
export function find(bytes: Uint8Array, c: number, a: number, b: number): number {
  while (a < b && bytes[a] !== c) a++;
  return a;
}

/** Narrows [a, b) to its part without spaces around it, into `range` ([from, to]). */
export function trimmed(bytes: Uint8Array, a: number, b: number, range: Int32Array): void {
  while (a < b && bytes[a] <= 32) a++;
  while (b > a && bytes[b - 1] <= 32) b--;
  range[0] = a;
  range[1] = b;
}

/**
 * Reads the `/`-separated field that starts at a, up to `end`, into `field` ([from, to], trimmed:
 * one array of the caller's for every field); returns where the next one starts (past `end` after
 * the last).
 */
export function nextField(bytes: Uint8Array, a: number, end: number, field: Int32Array): number {
  const b = find(bytes, SLASH, a, end);
  trimmed(bytes, a, b, field);
  return b + 1;
}

/** A UCM load code at bytes[a..b): 1-2 letters and an optional volume digit (`B`, `BY`, `B1`). */
export function isLoadCode(bytes: Uint8Array, a: number, b: number): boolean {
  if (b - a < 1 || b - a > 3 || !isLetter(bytes[a])) return false;
  let i = a + 1;
  if (i < b && isLetter(bytes[i])) i++;
  if (i < b && isDigit(bytes[i])) i++;
  return i === b;
}

/**
 * A CPM load type at bytes[a..b): a letter, a sub-code letter, a volume digit, then `.IMP` codes
 * (`C`, `BY1`, `C.ELI.VUN`).
 */
export function isLoadType(bytes: Uint8Array, a: number, b: number): boolean {
  if (!isLetter(bytes[a])) return false;
  let i = a + 1;
  if (i < b && isLetter(bytes[i])) i++;
  if (i < b && isDigit(bytes[i])) i++;
  while (i < b) {
    if (bytes[i] !== DOT || i + 4 > b) return false;
    if (!isAlnum(bytes[i + 1]) || !isAlnum(bytes[i + 2]) || !isAlnum(bytes[i + 3])) return false;
    i += 4;
  }
  return true;
}

/**
 * True when bytes[a..b) may be a ULD id: a letter, 2 letters or digits, an optional letter or
 * digit, 3-6 digits, up to 3 letters or digits (`AKE12345MS`, `PAJ3425`, `PAG72801AGH`).
 */
export function isUldCandidate(bytes: Uint8Array, a: number, b: number): boolean {
  const n = b - a;
  if (n < 7 || n > 13 || !isLetter(bytes[a]) || !isAlnum(bytes[a + 1]) || !isAlnum(bytes[a + 2])) {
    return false;
  }
  let i = a + 3;
  if (isAlnum(bytes[i]) && !isDigit(bytes[i])) i++;
  const digits = i;
  while (i < b && isDigit(bytes[i])) i++;
  if (i - digits < 3) return false;
  // up to six digits, then up to three letters or digits of the owner
  if (i - digits > 6) i = digits + 6;
  if (b - i > 3) return false;
  while (i < b && isAlnum(bytes[i])) i++;
  return i === b;
}

/** True when bytes[a..] starts a position: `-`, 1-4 letters or digits, `/`. */
export function isPositionStart(bytes: Uint8Array, a: number, b: number): boolean {
  if (bytes[a] !== DASH) return false;
  for (let k = a + 1; k < b && k <= a + 5; k++) {
    if (bytes[k] === SLASH) return k > a + 1;
    if (!isAlnum(bytes[k])) return false;
  }
  return false;
}

/** The next line after i that is not blank, else `to`. */
export function nextLine(lines: Lines, i: number, to: number): number {
  let k = i + 1;
  while (k < to && lines.from[k] === lines.to[k]) k++;
  return k;
}

/**
 * The type of a message without its type line that starts at line i (recognise.ts
 * extractorMessageStart); else null. Only lines that start with two letters or digits, followed
 * by a line that starts with `-` (a position), `I`, `O` or `.`, are made strings.
 */
export function startsMessage(lines: Lines, i: number, to: number): MessageType | null {
  const { bytes, from } = lines;
  const a = from[i];
  if (!isAlnum(bytes[a]) || !isAlnum(bytes[a + 1]) || lines.to[i] - a < 6) return null;
  const k = nextLine(lines, i, to);
  if (k >= to) return null;
  const c = bytes[from[k]];
  const position = c === DASH && isPositionStart(bytes, from[k], lines.to[k]);
  if (!position && c !== 73 /* I */ && c !== 79 /* O */ && c !== DOT) return null;
  return extractorMessageStart(lineText(lines, i), position ? "" : lineText(lines, k), position);
}

/**
 * True when line i holds ULDs as a message writes them: a CPM position with a ULD, a UCM item
 * with a ULD, or an SCM type line (SI text that does is named in a warning).
 */
export function holdsUld(lines: Lines, i: number, field: Int32Array): boolean {
  const { bytes } = lines;
  const a = lines.from[i];
  const b = lines.to[i];
  if (bytes[a] === DASH && isPositionStart(bytes, a, b)) {
    const s1 = find(bytes, SLASH, a, b);
    trimmed(bytes, s1 + 1, find(bytes, SLASH, s1 + 1, b), field);
    return isUldCandidate(bytes, field[0], field[1]);
  }
  if (bytes[a] !== DOT) return false;
  if (SCM_LINE_RE.test(lineText(lines, i))) return true;
  trimmed(bytes, a + 1, Math.min(find(bytes, SLASH, a + 1, b), find(bytes, DOT, a + 1, b)), field);
  return isUldCandidate(bytes, field[0], field[1]);
}

/** The field `OFF` and the catering code `CSU`, as char codes. */
export const OFF = [79, 70, 70];
export const CSU = [67, 83, 85];

/** True when bytes[a..b) are the 3 letters of `word` (char codes). */
export function isCode3(bytes: Uint8Array, a: number, b: number, word: readonly number[]): boolean {
  return b - a === 3 && bytes[a] === word[0] && bytes[a + 1] === word[1] &&
    bytes[a + 2] === word[2];
}

/** True when line i starts with SI as a word or glued to its text (`SI NIL`, `SITWO`). */
export function isSiLine(lines: Lines, i: number): boolean {
  const a = lines.from[i];
  const b = lines.bytes;
  return b[a] === 83 && b[a + 1] === 73 && (a + 2 === lines.to[i] || b[a + 2] <= 32 ||
    isLetter(b[a + 2]));
}
