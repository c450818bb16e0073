// Reading one message of a paste (design 4.5): its flight or station line, then UCM items, CPM
// positions or SCM type lines, into the rows of the extraction. Fields are told apart by their
// shape, not their place; what is skipped or doubted is a warning with the paste's line number.
// UCM and CPM lines are read in place from the paste's bytes: a day of traffic has 40,000 of
// their items, and a string per field cost most of a cold run.

import { isDigit } from "../codes.ts";
import { loadCodeWarning } from "./ids.ts";
import {
  CSU,
  DASH,
  DOT,
  field,
  find,
  holdsUld,
  isCode3,
  isLoadCode,
  isLoadType,
  isPositionStart,
  isSiLine,
  isUldCandidate,
  letters,
  nextField,
  OFF,
  SCM_HEADER_RE,
  SLASH,
  startsMessage,
  trimmed,
} from "./fields.ts";
import { type FlightLine, readFlightLine } from "./flight.ts";
import {
  type Lines,
  lineText,
  type MessageType,
  SCM_LINE_RE,
  type Segment,
  textOf,
} from "./messages.ts";
import { type RowBuilder, S } from "./rows.ts";

/** Adds a warning at a 1-based line of the paste. */
export type Warn = (line: number, message: string) => void;

/** What a message says about itself. */
export interface MessageHead {
  flight: FlightLine;
  movement: string;
  supplementaryInfo: string;
  /** Where another message without its type line starts inside this one, else null. */
  next: { line: number; type: MessageType } | null;
}

const CPM_END_RE = /^(END|ENDPART\s*\d*|PART\s*\d+\s*END)$/;

const short = (line: string) => (line.length > 40 ? `${line.slice(0, 40)}...` : line);

/** The place of one message's reading: the paste, the rows, the message number, the warnings. */
interface Reader {
  lines: Lines;
  rows: RowBuilder;
  message: number;
  warn: Warn;
}

/**
 * UCM items: `.ID[/dest][/code]`, several a line; `.N` is none. The fields are read by shape too:
 * a 3-letter airport is the destination, a load type (1-2 letters, a volume digit) gives its
 * first letter; a load type in the destination's place is read and named in a warning.
 */
function readUcmItems(r: Reader, i: number, section: number): void {
  const { lines } = r;
  const bytes = lines.bytes;
  const end = lines.to[i];
  let at = r.lines.from[i];
  while (at < end) {
    const itemEnd = find(bytes, DOT, at + 1, end);
    const slash = find(bytes, SLASH, at + 1, itemEnd);
    trimmed(bytes, at + 1, slash, field);
    const idFrom = field[0];
    const idTo = field[1];
    at = itemEnd;
    if (idFrom === idTo || (idTo - idFrom === 1 && bytes[idFrom] === 78 && slash === itemEnd)) {
      continue; // empty, or `.N`
    }
    let destination = 0;
    let loadType = 0;
    let code = 0; // a load code of another shape (CSU), used when no load type letter comes
    for (let k = 1, a = slash + 1; a <= itemEnd; k++) {
      a = nextField(bytes, a, itemEnd);
      const x = field[0];
      const y = field[1];
      if (x === y) continue;
      if (isCode3(bytes, x, y, OFF)) {
        // `/OFF`: taken off the flight (domain note 8.1), not a destination
        if (section === S.OUT) section = S.OFF;
      } else if (isCode3(bytes, x, y, CSU) && code === 0) code = r.rows.internLetters3(lines, x);
      else if (destination === 0 && y - x === 3 && letters(bytes, x, y)) {
        destination = r.rows.internLetters3(lines, x);
      } else if (loadType === 0 && isLoadCode(bytes, x, y)) {
        loadType = S.LETTER_A + bytes[x] - 65;
        if (k === 1) {
          const [id, f] = [textOf(lines, idFrom, idTo), textOf(lines, x, y)];
          r.warn(i + 1, `${id}: load type ${f} written in the destination field`);
        }
      } else if (k > 1 && code === 0 && destination !== 0 && y - x <= 4 && letters(bytes, x, y)) {
        code = r.rows.internShort(lines, x, y);
      } else {
        const [id, f] = [textOf(lines, idFrom, idTo), textOf(lines, x, y)];
        r.warn(
          i + 1,
          k === 1
            ? `${id}: destination ${f} is not a 3-letter airport code`
            : `${id}: ${f} is neither a destination nor a load type`,
        );
      }
    }
    if (loadType === 0 && code !== 0) loadType = codeLoadType(r, i, idFrom, idTo, code);
    r.rows.add(bytes, idFrom, idTo, loadType, destination, section, 0, r.message, i + 1);
    if (section === S.OFF) section = S.OUT;
  }
}

/**
 * A load code that is no load type letter (CSU for catering, or a code the reader does not know)
 * becomes the row's load type as written, with a warning that names it and its meaning: never a
 * blank load type (issue 23).
 */
function codeLoadType(r: Reader, i: number, idFrom: number, idTo: number, code: number): number {
  r.warn(i + 1, loadCodeWarning(textOf(r.lines, idFrom, idTo), r.rows.strings[code]));
  return code;
}

/**
 * One CPM position `-pos/...` at bytes[from..to): a ULD line, an empty position (`/N`) or bulk (no
 * ULD). After the ULD each field is read by its shape: a 3-letter airport is the destination (a
 * 4-letter one too right after the ULD), a number the weight, a contour code (`Q4`, `QM`) is
 * skipped, and a load type with its sub-code, volume and IMP codes gives its first letter.
 */
function readCpmPosition(r: Reader, i: number, from: number, to: number): void {
  const { lines } = r;
  const bytes = lines.bytes;
  const s1 = find(bytes, SLASH, from, to);
  if (s1 >= to) return;
  const s2 = find(bytes, SLASH, s1 + 1, to);
  trimmed(bytes, s1 + 1, s2, field);
  const idFrom = field[0];
  const idTo = field[1];
  if (!isUldCandidate(bytes, idFrom, idTo)) return; // an empty position, a bulk hold, loose load
  let destination = 0;
  let loadType = 0;
  let code = 0; // a load code of another shape (CSU), used when no load type letter comes
  for (let k = 2, a = s2 + 1; a <= to; k++) {
    a = nextField(bytes, a, to);
    const x = field[0];
    const n = field[1] - x;
    if (n === 0 || isDigit(bytes[x])) continue; // weight
    if (isCode3(bytes, x, x + n, CSU)) {
      if (code === 0) code = r.rows.internLetters3(lines, x);
    } else if (destination === 0 && (n === 3 || (n === 4 && k === 2)) && letters(bytes, x, x + n)) {
      destination = n === 3 ? r.rows.internLetters3(lines, x) : r.rows.internShort(lines, x, x + n);
    } else if (n === 2 && bytes[x] === 81 /* Q */) continue; // contour
    else if (loadType === 0 && isLoadType(bytes, x, x + n)) {
      loadType = S.LETTER_A + bytes[x] - 65;
    } else if (code === 0 && destination !== 0 && n <= 4 && letters(bytes, x, x + n)) {
      code = r.rows.internShort(lines, x, x + n);
    }
  }
  if (loadType === 0 && code !== 0) loadType = codeLoadType(r, i, idFrom, idTo, code);
  trimmed(bytes, from + 1, s1, field);
  const position = r.rows.internShort(lines, field[0], field[1]);
  r.rows.add(bytes, idFrom, idTo, loadType, destination, 0, position, r.message, i + 1);
}

/** The positions of CPM line i, two on a line split at a position boundary only. */
function readCpmLine(r: Reader, i: number): void {
  const bytes = r.lines.bytes;
  const end = r.lines.to[i];
  let from = r.lines.from[i];
  for (let k = find(bytes, DASH, from + 1, end); k < end; k = find(bytes, DASH, k + 1, end)) {
    if (!isPositionStart(bytes, k, end)) continue;
    readCpmPosition(r, i, from, k);
    from = k;
  }
  readCpmPosition(r, i, from, end);
}

/** SCM type line `.TYPE.serialOWNER/serialOWNER.T<n>`; warns when the count does not match. */
function readScmLine(r: Reader, i: number): void {
  const line = lineText(r.lines, i);
  const tokens = line.slice(1).split(".").map((t) => t.trim());
  const type = tokens[0];
  let count: number | null = null;
  if (tokens.length > 1 && /^T\d+$/.test(tokens[tokens.length - 1])) {
    count = Number(tokens.pop()!.slice(1));
  }
  const items = tokens.slice(1).join("/").split("/").map((t) => t.trim()).filter((t) => t !== "");
  for (const item of items) {
    const id = type + item;
    const bytes = new Uint8Array(id.length);
    for (let k = 0; k < id.length; k++) bytes[k] = Math.min(id.charCodeAt(k), 255);
    r.rows.add(bytes, 0, id.length, 0, 0, 0, 0, r.message, i + 1);
  }
  if (count !== null && count !== items.length) {
    const s = items.length === 1 ? "" : "s";
    r.warn(i + 1, `${type}: the line counts T${count} but lists ${items.length} ULD${s}`);
  }
}

const NO_FLIGHT: FlightLine = { flightNumber: "", date: "", registration: "", station: "" };

/** Reads the flight (UCM, CPM) or station (SCM) line at i; returns the line after it. */
function readHead(r: Reader, i: number, type: MessageType, head: { flight: FlightLine }): number {
  const line = lineText(r.lines, i);
  if (type === "SCM") {
    const m = SCM_HEADER_RE.exec(line);
    if (m !== null) {
      head.flight = { ...NO_FLIGHT, station: m[1] };
      return i + 1;
    }
    if (!line.startsWith(".")) r.warn(i + 1, `Station line not recognised: ${short(line)}`);
    return i;
  }
  const flight = readFlightLine(line);
  if (flight !== null) {
    head.flight = flight;
    return i + 1;
  }
  if (line === "IN" || line === "OUT" || line.startsWith("-") || line.startsWith(".")) return i;
  r.warn(i + 1, `Flight line not recognised: ${short(line)}`);
  return i + 1;
}

/** The movement a message reports: a CPM is outbound, a UCM by its IN and OUT sections. */
function movementOf(type: MessageType, seenIn: boolean, seenOut: boolean): string {
  if (type === "CPM") return "Outbound";
  if (type === "SCM") return "";
  if (seenIn && seenOut) return "Inbound/Outbound";
  return seenOut ? "Outbound" : seenIn ? "Inbound" : "";
}

/** First letters of the UCM section words (`IN`, `OUT`) and the CPM end lines (`END`, `PART`). */
const LETTER_I = "I".charCodeAt(0);
const LETTER_O = "O".charCodeAt(0);
const LETTER_E = "E".charCodeAt(0);
const LETTER_P = "P".charCodeAt(0);

/** Reads one message of the paste into `rows` (as message number `message`). */
export function readMessage(
  lines: Lines,
  gateway: Uint8Array,
  seg: Segment,
  type: MessageType,
  message: number,
  rows: RowBuilder,
  warn: Warn,
): MessageHead {
  const r: Reader = { lines, rows, message, warn };
  const { bytes, from, to } = lines;
  const blank = (k: number) => from[k] === to[k];
  // text before the type line that is no envelope is reported, not read
  for (let k = seg.from; k < seg.typeLine; k++) {
    if (!blank(k) && gateway[k] === 0) warn(k + 1, `Line not read: ${short(lineText(lines, k))}`);
  }
  let i = seg.typeLine >= 0 ? seg.typeLine + 1 : seg.from;
  while (i < seg.to && (blank(i) || gateway[i] === 1)) i++;
  const head = { flight: NO_FLIGHT };
  if (i < seg.to) i = readHead(r, i, type, head);

  const si: string[] = [];
  let section = 0;
  let inSi = false;
  let seenIn = false;
  let seenOut = false;
  let next: MessageHead["next"] = null;
  for (; i < seg.to; i++) {
    if (blank(i)) continue;
    const a = from[i];
    const length = to[i] - a;
    const c = bytes[a];
    if (type === "UCM" && (length === 2 || length === 3) && (c === LETTER_I || c === LETTER_O)) {
      const word = lineText(lines, i);
      if (word === "IN" || word === "OUT") {
        section = word === "IN" ? S.IN : S.OUT;
        seenIn ||= word === "IN";
        seenOut ||= word === "OUT";
        inSi = false;
        continue;
      }
    }
    // a flight line followed by ULD lines is another message, whose type line was not pasted
    const other = c !== DOT && c !== DASH ? startsMessage(lines, i, seg.to) : null;
    if (other !== null) {
      const where = inSi ? "the SI text" : "the message";
      warn(
        i + 1,
        `${short(lineText(lines, i))} starts another message (a ${other} without its ${other} ` +
          `line): it is read apart from ${where} before it`,
      );
      next = { line: i, type: other };
      break;
    }
    if (inSi) {
      if ((c === DOT || c === DASH) && holdsUld(lines, i)) {
        warn(i + 1, `SI text holds a ULD line, not read: ${short(lineText(lines, i))}`);
      }
      si.push(lineText(lines, i));
      continue;
    }
    if (isSiLine(lines, i)) {
      inSi = true;
      const text = lineText(lines, i).slice(2).trim();
      if (text !== "") si.push(text);
      continue;
    }
    if (type === "UCM" && c === DOT) readUcmItems(r, i, section);
    else if (type === "CPM" && isPositionStart(bytes, a, to[i])) readCpmLine(r, i);
    else if (
      type === "CPM" && (c === LETTER_E || c === LETTER_P) && CPM_END_RE.test(lineText(lines, i))
    ) {
      break; // END, ENDPART or PART n END
    } else if (type === "SCM" && SCM_LINE_RE.test(lineText(lines, i))) readScmLine(r, i);
    else if (gateway[i] === 0) warn(i + 1, `Line not read: ${short(lineText(lines, i))}`);
  }

  const movement = movementOf(type, seenIn, seenOut);
  return { flight: head.flight, movement, supplementaryInfo: si.join("\n"), next };
}
