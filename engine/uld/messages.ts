// A paste split into its messages (design 4.5): envelope and gateway lines of any length are
// skipped, each type line (UCM, CPM, SCM, or another message's identifier) starts a message, and
// a message without its type line is recognised by its shape (the rules: messages/recognise.ts).
// Lines are bounds in the paste's bytes (text.ts asciiBytes, one buffer per call); a line is made a string only
// when a rule needs one, which the ULD lines of a message never do.

import { isLetter } from "../codes.ts";
import {
  type ExtractorKind,
  extractorLineShape,
  isExtractorKind,
  isGatewayLine,
  mayBeTypeLine,
  originStation,
  typeLineKind,
} from "../messages/recognise.ts";
import { asciiBytes, upperAscii } from "../text.ts";

/** A copy of a typed array with room for `size` entries (the extractor's columns grow by it). */
export function grow<T extends Uint32Array | Int32Array | Uint8Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

/** The lines of a paste: its text, its bytes (upper-cased), and each line's trimmed bounds. */
export interface Lines {
  /** The paste as given (its letters may be lower case: slice through textOf). */
  text: string;
  bytes: Uint8Array;
  count: number;
  /** Line i is text[from[i]..to[i]), without the spaces and control characters around it. */
  from: Int32Array;
  to: Int32Array;
  /** At most this many ULD items and positions: the paste's `.` and `-` characters. */
  itemsAtMost: number;
}

/**
 * Splits a paste into lines on CRLF, LF or CR (line i is line i + 1 of the paste). The bytes are
 * upper-cased in place rather than the text copied upper-cased (a megabyte saved), and the same
 * single pass counts the items, so that the rows' columns are made at their size once. A first
 * run meets this loop before the compiler does: one pass instead of two is a third of its time.
 */
export function lineTable(input: string): Lines {
  const bytes = asciiBytes(input);
  const n = input.length;
  let from = new Int32Array((n >> 5) + 16);
  let to = new Int32Array(from.length);
  let count = 0;
  let items = 0;
  let start = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? bytes[i] : 10;
    if (c > 13) {
      if (c >= 97 && c <= 122) bytes[i] = c - 32;
      else if (c === 46 || c === 45) items++;
      continue;
    }
    if (c !== 10 && c !== 13) continue;
    if (count === from.length) {
      from = grow(from, count * 2);
      to = grow(to, count * 2);
    }
    let a = start;
    let b = i;
    while (a < b && bytes[a] <= 32) a++;
    while (b > a && bytes[b - 1] <= 32) b--;
    from[count] = a;
    to[count++] = b;
    if (c === 13 && i + 1 < n && bytes[i + 1] === 10) i++;
    start = i + 1;
  }
  return { text: input, bytes, count, from, to, itemsAtMost: items };
}

/** text[a..b) of the paste, upper-cased as the parsers read it (one string when it is already). */
export function textOf(lines: Lines, a: number, b: number): string {
  const s = lines.text.slice(a, b);
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c >= 97 && c <= 122) return upperAscii(s);
  }
  return s;
}

/** Line i as a string (trimmed, upper-cased). */
export function lineText(lines: Lines, i: number): string {
  return textOf(lines, lines.from[i], lines.to[i]);
}

/** The message types the extractor reads. */
export type MessageType = ExtractorKind;

/** One message of a paste, as line indexes (0-based) of the paste. */
export interface Segment {
  /** Its type; "other" for a message the extractor does not read (FFM, LDM, ...), null unknown. */
  type: MessageType | "other" | null;
  /** The first line of its envelope (or of the message when it has none). */
  from: number;
  /** The type line, or -1 when the message has none. */
  typeLine: number;
  /** The line after the last one of the message. */
  to: number;
  /** The station of a Type-B origin line (`.CAIUCMS 221530`) in its envelope, '' when none. */
  origin: string;
}

/**
 * True for a line that may be a gateway or envelope line, from its first bytes alone; only these
 * are made strings for isGatewayLine's patterns (a message's IN, OUT, SI and flight lines are not).
 */
function mayBeGateway(lines: Lines, i: number): boolean {
  // the byte shapes of recognise.ts isGatewayLine's lines
  const a = lines.from[i];
  const n = lines.to[i] - a;
  if (n === 0) return false;
  const b = lines.bytes;
  const c = b[a];
  if (c === 60 /* < */) return true;
  if (c === 61 /* = */) return isLetter(b[a + 1]);
  if (c === 46 /* . */) {
    // an origin line: '.', a 3-letter location and a 2-letter office (a ULD item has digits there)
    return isLetter(b[a + 1]) && isLetter(b[a + 2]) && isLetter(b[a + 3]) && isLetter(b[a + 4]) &&
      isLetter(b[a + 5]);
  }
  if (!isLetter(c)) return false;
  // a priority line (QU ADDRESS), an address line (seven letters and digits), ZCZC or NNNN
  if (c === 81 /* Q */ && b[a + 2] === 32) return true;
  let k = a;
  while (k < a + n && k < a + 8 && (isLetter(b[k]) || (b[k] >= 48 && b[k] <= 57))) k++;
  if (k - a === 7 && (n === 7 || b[a + 7] === 32)) return true;
  if (n >= 4 && (k - a >= 4) && (c === 90 /* Z */ || c === 78 /* N */)) return true;
  // an e-mail header: a name of letters, digits and dashes, then a colon
  for (k = a; k < a + n && k < a + 40; k++) {
    const d = b[k];
    if (d === 58 /* : */) return k > a;
    if (!isLetter(d) && !(d >= 48 && d <= 57) && d !== 45) return false;
  }
  return false;
}

/**
 * Which lines are gateway lines: every line of a `<HEADER>` ... `</HEADER>` block (whatever its
 * length), and the lines isGatewayLine names. An opening line that never closes, or whose block
 * another opening line or a message's type line would interrupt, stands alone: a stray tag must
 * not swallow the messages after it. Blocks are found from the tag lines and type lines alone.
 */
function gatewayLines(lines: Lines): Uint8Array {
  const n = lines.count;
  const gateway = new Uint8Array(n);
  const tags: number[] = [];
  const types: number[] = [];
  for (let i = 0; i < n; i++) {
    if (lines.bytes[lines.from[i]] === 60) tags.push(i);
    else if (isTypeLine(lines, i)) types.push(i);
  }
  // an opening tag's block closes at the first closing tag after it, unless another opening tag
  // or a type line comes first; each tag line is looked at by one opening at most
  let nextType = 0;
  for (let k = 0; k < tags.length; k++) {
    const i = tags[k];
    const line = lineText(lines, i);
    if (!line.startsWith("<HEADER") || line.includes("</HEADER>")) continue;
    while (nextType < types.length && types[nextType] < i) nextType++;
    const typeAt = nextType < types.length ? types[nextType] : n;
    let j = k + 1;
    while (j < tags.length && tags[j] < typeAt) {
      const tag = lineText(lines, tags[j]);
      if (tag.startsWith("<HEADER") || tag.includes("</HEADER>")) break;
      j++;
    }
    if (j < tags.length && tags[j] < typeAt && lineText(lines, tags[j]).includes("</HEADER>")) {
      gateway.fill(1, i, tags[j] + 1);
      k = j;
    } else k = j - 1;
  }
  for (let i = 0; i < n; i++) {
    if (gateway[i] === 0 && mayBeGateway(lines, i) && isGatewayLine(lineText(lines, i))) {
      gateway[i] = 1;
    }
  }
  return gateway;
}

/** True when line i names a message type on its own (recognise.ts typeLineKind). */
function isTypeLine(lines: Lines, i: number): boolean {
  // the shapes of the identifiers, checked before a string is made
  const a = lines.from[i];
  return mayBeTypeLine(lines.bytes, a, lines.to[i] - a) && identifier(lineText(lines, i)) !== null;
}

/** The message type a line names on its own, "other" for a kind the extractor does not read. */
function identifier(line: string): MessageType | "other" | null {
  const kind = typeLineKind(line);
  if (kind === null || kind === "other") return kind;
  return isExtractorKind(kind) ? kind : "other";
}

/** The type of a message without its type line, from the shape of its first 5 lines. */
function detectByShape(
  lines: Lines,
  gateway: Uint8Array,
  from: number,
  to: number,
): MessageType | "other" | null {
  let seen = 0;
  for (let i = from; i < to && seen < 5; i++) {
    const line = lineText(lines, i);
    if (line === "" || gateway[i] === 1) continue;
    seen++;
    const named = identifier(line);
    if (named !== null) return named;
    const shaped = extractorLineShape(line);
    if (shaped !== null) return shaped;
  }
  return null;
}

function originIn(lines: Lines, from: number, to: number): string {
  for (let i = from; i < to; i++) {
    if (lines.bytes[lines.from[i]] !== 46) continue;
    const station = originStation(lineText(lines, i));
    if (station !== null) return station;
  }
  return "";
}

/**
 * Splits a paste (its lines, upper-cased) into messages. Lines between two messages that are
 * envelope or gateway lines belong to the next one; text before the first type line is a message
 * of its own when it has a message's shape, else the first message's envelope.
 */
export function splitMessages(lines: Lines): {
  segments: Segment[];
  gateway: Uint8Array;
} {
  const gateway = gatewayLines(lines);
  const starts: number[] = [];
  for (let i = 0; i < lines.count; i++) {
    if (gateway[i] === 0 && isTypeLine(lines, i)) starts.push(i);
  }
  // the end of a message: before the blank and gateway lines that lead to the next one
  const endBefore = (next: number, floor: number) => {
    let end = next;
    while (end > floor && (gateway[end - 1] === 1 || lines.from[end - 1] === lines.to[end - 1])) {
      end--;
    }
    return end;
  };
  const segments: Segment[] = [];
  const firstStart = starts.length > 0 ? starts[0] : lines.count;
  const preEnd = endBefore(firstStart, 0);
  const shape = detectByShape(lines, gateway, 0, preEnd);
  let from = 0;
  if (starts.length === 0 || shape !== null) {
    segments.push({
      type: shape,
      from: 0,
      typeLine: -1,
      to: preEnd,
      origin: originIn(lines, 0, preEnd),
    });
    from = preEnd;
  }
  for (let k = 0; k < starts.length; k++) {
    const typeLine = starts[k];
    const to = k + 1 < starts.length
      ? endBefore(starts[k + 1], typeLine + 1)
      : endBefore(lines.count, typeLine + 1);
    segments.push({
      type: identifier(lineText(lines, typeLine)),
      from,
      typeLine,
      to,
      origin: originIn(lines, from, typeLine),
    });
    from = to;
  }
  return { segments, gateway };
}
