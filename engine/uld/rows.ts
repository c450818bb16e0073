// The ULDs of an extraction as columns (types.ts UldTable): the reader appends rows as it finds
// them, the classifier fills the other columns, and readers of the result take one row at a time.
// A day of traffic holds 40,000 ULDs: as objects they cost the worker 7 MB and the page a long
// structured clone; as columns they are 2.6 MB of buffers that cross as one copy each. The ULD
// numbers are copied as bytes into one buffer and made one string at the end, so that reading
// them allocates nothing per row (a string per number cost a third of a cold run in collections).

import { isLetter } from "../codes.ts";
import { grow, type Lines, textOf } from "./messages.ts";
import type { Ownership, UldCategory, UldEntry, UldTable } from "../types.ts";

const DECODER = new TextDecoder();

/**
 * Strings every table starts with, so that the section, ownership and category columns (indexes
 * below 256) are bytes: the empty string, the sections, the ownerships, the categories, the
 * section of an offloaded OUT item, then the letters A-Z (load types; a load type of another
 * shape, such as the catering code CSU, is interned as itself).
 */
const FIXED = [
  "",
  "IN",
  "OUT",
  "Owned",
  "Rented",
  "Foreign",
  "Unknown",
  "PLT",
  "AKE",
  "PLA",
  "Others",
  "OUT/OFF",
];
/** The index of each fixed string in every table's strings. */
export const S = {
  IN: 1,
  OUT: 2,
  Owned: 3,
  Rented: 4,
  Foreign: 5,
  Unknown: 6,
  PLT: 7,
  AKE: 8,
  PLA: 9,
  Others: 10,
  /** The section of a UCM OUT item marked `/OFF`: taken off the flight, not loaded. */
  OFF: 11,
  /** The index of letter A; letter c (a char code) is at LETTER_A + c - 65. */
  LETTER_A: 12,
} as const;

/** Rows as the reader finds them: the ULD number's bytes, the text fields, message and line. */
export class RowBuilder {
  count = 0;
  readonly strings: string[] = [...FIXED, ..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
  private readonly index = new Map<string, number>(this.strings.map((s, i) => [s, i]));
  /** The string index of each three-letter code (A-Z base 26), -1 until seen. */
  private readonly letterCodes = new Int32Array(26 * 26 * 26).fill(-1);
  /** The string index of each short code (positions, load types) by its number, until seen. */
  private readonly shortCodes = new Map<number, number>();
  idBytes: Uint8Array;
  idSize = 0;
  idEnd: Uint32Array;
  loadType: Uint32Array;
  destination: Uint32Array;
  section: Uint8Array;
  position: Uint32Array;
  message: Uint32Array;
  line: Uint32Array;

  /**
   * Room for `rows` rows (the paste's item count, see lineTable): a day of traffic then reads
   * without growing a column, and the table takes the columns as they are.
   */
  constructor(rows = 0) {
    const n = Math.max(16, rows);
    this.idBytes = new Uint8Array(n * 11);
    this.idEnd = new Uint32Array(n);
    this.loadType = new Uint32Array(n);
    this.destination = new Uint32Array(n);
    this.section = new Uint8Array(n);
    this.position = new Uint32Array(n);
    this.message = new Uint32Array(n);
    this.line = new Uint32Array(n);
  }

  /** The index of a string in the shared table. */
  intern(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(s);
      this.index.set(s, i);
    }
    return i;
  }

  /** The string index of the 3 capital letters at bytes[a] (an airport), made once per code. */
  internLetters3(lines: Lines, a: number): number {
    const bytes = lines.bytes;
    const code = (bytes[a] - 65) * 676 + (bytes[a + 1] - 65) * 26 + (bytes[a + 2] - 65);
    let i = this.letterCodes[code];
    if (i === -1) i = this.letterCodes[code] = this.intern(textOf(lines, a, a + 3));
    return i;
  }

  /**
   * The string index of text[a..b) for a code of 1-4 letters and digits (a CPM position, a load
   * type letter), made once per code; anything else is interned as a string.
   */
  internShort(lines: Lines, a: number, b: number): number {
    if (b - a > 4) return this.intern(textOf(lines, a, b));
    const bytes = lines.bytes;
    let code = 1;
    for (let k = a; k < b; k++) {
      const c = bytes[k];
      const v = c >= 48 && c <= 57 ? c - 47 : isLetter(c) ? c - 54 : -1;
      if (v === -1) return this.intern(textOf(lines, a, b));
      code = code * 38 + v;
    }
    let i = this.shortCodes.get(code);
    if (i === undefined) this.shortCodes.set(code, i = this.intern(textOf(lines, a, b)));
    return i;
  }

  private reserve(idLength: number): void {
    if (this.idSize + idLength > this.idBytes.length) {
      this.idBytes = grow(this.idBytes, Math.max(this.idBytes.length * 2, this.idSize + idLength));
    }
    const i = this.count;
    if (i < this.line.length) return;
    const size = i * 2;
    this.idEnd = grow(this.idEnd, size);
    this.loadType = grow(this.loadType, size);
    this.destination = grow(this.destination, size);
    this.section = grow(this.section, size);
    this.position = grow(this.position, size);
    this.message = grow(this.message, size);
    this.line = grow(this.line, size);
  }

  /**
   * Appends a ULD whose number is bytes[a..b) (a character outside ASCII, byte 255, becomes `?`),
   * with its fields as string indexes.
   */
  add(
    bytes: Uint8Array,
    a: number,
    b: number,
    loadType: number,
    destination: number,
    section: number,
    position: number,
    message: number,
    line: number,
  ): void {
    this.reserve(b - a);
    const ids = this.idBytes;
    let size = this.idSize;
    for (let k = a; k < b; k++) ids[size++] = bytes[k] === 255 ? 63 : bytes[k];
    this.idSize = size;
    const i = this.count;
    this.idEnd[i] = size;
    this.loadType[i] = loadType;
    this.destination[i] = destination;
    this.section[i] = section;
    this.position[i] = position;
    this.message[i] = message;
    this.line[i] = line;
    this.count = i + 1;
  }
}

/**
 * A table with the builder's rows, the classification columns zero. A column that is nearly full
 * is taken as a view (no copy); one with much room left is copied, so that the result does not
 * carry (nor send to the page) empty room.
 */
export function tableOf(rows: RowBuilder): UldTable {
  const n = rows.count;
  const fit = <T extends Uint32Array | Uint8Array>(a: T): T =>
    (a.length - n <= (n >> 3) + 16 ? a.subarray(0, n) : a.slice(0, n)) as T;
  return {
    count: n,
    numbers: DECODER.decode(rows.idBytes.subarray(0, rows.idSize)),
    numberEnd: fit(rows.idEnd),
    strings: rows.strings,
    loadType: fit(rows.loadType),
    destination: fit(rows.destination),
    section: fit(rows.section),
    position: fit(rows.position),
    ownershipType: new Uint8Array(n),
    category: new Uint8Array(n),
    message: fit(rows.message),
    line: fit(rows.line),
    occurrenceNumber: new Uint32Array(n),
    nextSame: new Int32Array(n),
    firstSame: new Int32Array(n),
    isValid: new Uint8Array(n),
    isDuplicate: new Uint8Array(n),
    isFourDigit: new Uint8Array(n),
    hasThreeLetterOwner: new Uint8Array(n),
    isUnknownLoadType: new Uint8Array(n),
    isInOtherMessage: new Uint8Array(n),
    isConflict: new Uint8Array(n),
  };
}

/** A table without rows (a failed extraction). */
export function emptyTable(): UldTable {
  return tableOf(new RowBuilder());
}

/** The ULD number of row i. */
export function numberAt(t: UldTable, i: number): string {
  return t.numbers.slice(i === 0 ? 0 : t.numberEnd[i - 1], t.numberEnd[i]);
}

/** Row i as a plain entry (design 4.6). */
export function rowAt(t: UldTable, i: number): UldEntry {
  const s = t.strings;
  return {
    uldNumber: numberAt(t, i),
    loadType: s[t.loadType[i]],
    destination: s[t.destination[i]],
    section: s[t.section[i]],
    position: s[t.position[i]],
    ownershipType: s[t.ownershipType[i]] as Ownership,
    category: s[t.category[i]] as UldCategory,
    isValid: t.isValid[i] === 1,
    isDuplicate: t.isDuplicate[i] === 1,
    occurrenceNumber: t.occurrenceNumber[i],
    isFourDigit: t.isFourDigit[i] === 1,
    line: t.line[i],
    message: t.message[i],
    hasThreeLetterOwner: t.hasThreeLetterOwner[i] === 1,
    isUnknownLoadType: t.isUnknownLoadType[i] === 1,
    isInOtherMessage: t.isInOtherMessage[i] === 1,
    isConflict: t.isConflict[i] === 1,
  };
}

/** Every row as plain entries, in the order of the paste. */
export function rowsOf(t: UldTable): UldEntry[] {
  const out: UldEntry[] = new Array(t.count);
  for (let i = 0; i < t.count; i++) out[i] = rowAt(t, i);
  return out;
}
