// The ULDs of a manifest as parallel arrays with an index by serial number. A 5 MB manifest
// holds about 20,000 ULDs: an object and two string-keyed Map operations per ULD cost more than
// the rest of the parse, so the reader keeps numbers in arrays and serials as integer keys.

import * as characters from "../codes.ts";
import { CodeLists, grown } from "./code_lists.ts";

// This module's names for the character module's tests and codes: an imported name is read
// through the exporting module's cell at every use, which the compiler cannot hoist out of a loop.
// Measured in pairs on the generated 5 MB FFM (parse+convert, 5 interleaved processes each,
// 2026-11-24): imported names 0.254 of a line scan's speed, these local ones 0.289.
const { isDigit, isLetter, letterCodeName } = characters;

/** pointCodes value of a ULD listed before any point of unloading. */
export const NO_POINT = -1;
/** destCodes value of a ULD with no consignment yet. */
export const NO_DESTINATION = -1;
/** destCodes value of a ULD whose consignments go to different destinations. */
export const MIXED_DESTINATIONS = -2;

/**
 * The serial b[start, end) (asciiBytes of the text) as a positive integer (bijective base 37
 * over 0-9 and A-Z, so `0123` and `123` differ), or 0 when it is longer than 5 characters or has
 * other characters.
 */
export function serialKeyAt(b: Uint8Array, start: number, end: number): number {
  if (end - start < 1 || end - start > 5) return 0;
  let key = 0;
  for (let i = start; i < end; i++) {
    const c = b[i];
    if (isDigit(c)) key = key * 37 + (c - 47);
    else if (isLetter(c)) key = key * 37 + (c - 54);
    else return 0;
  }
  return key;
}

/** The typed arrays of a table. */
type Columns =
  & Pick<
    ManifestUlds,
    | "typeCodes"
    | "pointCodes"
    | "lines"
    | "itemCounts"
    | "grams"
    | "destCodes"
    | "serialKeys"
    | "next"
    | "codeSets"
  >
  & { slots: Int32Array };

/**
 * New columns of `rows` rows and `slots` index slots, views of one buffer: one allocation instead
 * of ten, which a small manifest feels (a generated 4 KB FFM converted in 52 µs of CPU instead of
 * 59 µs, median of 5 processes each taking turns, busy 2-core host, 2026-12-03). A column that
 * grows gets a buffer of its own.
 */
function newColumns(rows: number, slots: number): Columns {
  const buffer = new ArrayBuffer(rows * (8 + 8 * 4) + slots * 4);
  let at = rows * 8; // grams first: a Float64Array starts at a multiple of 8
  const int32s = (n: number) => {
    const column = new Int32Array(buffer, at, n);
    at += n * 4;
    return column;
  };
  return {
    grams: new Float64Array(buffer, 0, rows),
    typeCodes: int32s(rows),
    pointCodes: int32s(rows),
    lines: int32s(rows),
    itemCounts: int32s(rows),
    destCodes: int32s(rows),
    serialKeys: int32s(rows),
    next: int32s(rows),
    codeSets: int32s(rows),
    slots: int32s(slots),
  };
}

/**
 * ULD records by index; `intern` keeps the order of first appearance. Numbers live in typed arrays,
 * outside the garbage-collected heap, so they are never copied by a collection. Columns and the
 * serial index start at the size the caller expects (`capacity`) and grow by doubling.
 */
export class ManifestUlds {
  /** The ids, valid below `size` (the array may be longer, as may the typed columns). */
  readonly ids: string[];
  /** The ULD type (alnum code, `AKE`, `P1P`). */
  typeCodes!: Int32Array;
  /** The point of unloading the ULD is listed under (letter code), or NO_POINT. */
  pointCodes!: Int32Array;
  lines!: Int32Array;
  itemCounts!: Int32Array;
  /** Cargo weight in grams. */
  grams!: Float64Array;
  /** Common destination code of the consignments, NO_DESTINATION or MIXED_DESTINATIONS. */
  destCodes!: Int32Array;
  serialKeys!: Int32Array;
  /** Next index with the same serial and another id, or -1. */
  next!: Int32Array;
  /** The ULD's special handling codes (first-seen order) as a list of `codeLists`. */
  codeSets!: Int32Array;
  /** The code lists of this table's ULDs (code_lists.ts). */
  readonly codeLists = new CodeLists();
  /** Heads of serial chains that hold more than one id. */
  readonly collisions: number[] = [];

  /**
   * Open-addressing index by serial key: a slot holds 1 + the first ULD with that key (its key is
   * in serialKeys), 0 when empty. Four bytes a slot keep a 20,000-ULD index in the CPU's cache.
   */
  private _bits!: number;
  private _slots!: Int32Array;
  private _used = 0;
  private _size = 0;
  private _bySerialText = new Map<string, number>();

  /** A table sized for about `capacity` ULDs. */
  constructor(capacity = 0) {
    const rows = Math.max(256, Math.min(1 << 20, Math.ceil(capacity)));
    this.ids = new Array(rows);
    this._use(newColumns(rows, 1 << Math.max(10, 32 - Math.clz32(rows * 2 - 1))));
  }

  /** Reads and writes its typed arrays from now on in `c`. */
  private _use(c: Columns): void {
    this.typeCodes = c.typeCodes;
    this.pointCodes = c.pointCodes;
    this.lines = c.lines;
    this.itemCounts = c.itemCounts;
    this.grams = c.grams;
    this.destCodes = c.destCodes;
    this.serialKeys = c.serialKeys;
    this.next = c.next;
    this.codeSets = c.codeSets;
    this._slots = c.slots;
    this._bits = 31 - Math.clz32(c.slots.length);
  }

  /** Number of ULDs. */
  get size(): number {
    return this._size;
  }

  /** The point of unloading ULD i is listed under, '' when none. */
  pointOfUnloading(i: number): string {
    return this.pointCodes[i] === NO_POINT ? "" : letterCodeName(this.pointCodes[i]);
  }

  /** The serial of ULD i (type 3 + serial + owner 2). */
  serialOf(i: number): string {
    return this.ids[i].slice(3, -2);
  }

  /** The slot of `key`, or the empty slot where it would go. */
  private _slot(key: number): number {
    const slots = this._slots;
    const mask = slots.length - 1;
    let slot = Math.imul(key, 0x9e3779b1) >>> (32 - this._bits);
    while (slots[slot] !== 0 && this.serialKeys[slots[slot] - 1] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private _growColumns(): void {
    const size = this.lines.length * 2;
    this.typeCodes = grown(this.typeCodes, size);
    this.pointCodes = grown(this.pointCodes, size);
    this.lines = grown(this.lines, size);
    this.itemCounts = grown(this.itemCounts, size);
    this.destCodes = grown(this.destCodes, size);
    this.serialKeys = grown(this.serialKeys, size);
    this.next = grown(this.next, size);
    this.codeSets = grown(this.codeSets, size);
    const grams = new Float64Array(size);
    grams.set(this.grams);
    this.grams = grams;
  }

  private _grow(): void {
    const old = this._slots;
    this._bits++;
    this._slots = new Int32Array(old.length * 2);
    for (let s = 0; s < old.length; s++) {
      if (old[s] !== 0) this._slots[this._slot(this.serialKeys[old[s] - 1])] = old[s];
    }
  }

  /**
   * Index of the ULD `id` (whose serial key is `key`, 0 when none), added with these fields when
   * the table does not have it yet (then `size` grows by one). One probe of the index either way.
   */
  intern(id: string, typeCode: number, key: number, pointCode: number, line: number): number {
    let slot = -1;
    let head: number;
    if (key === 0) head = this._bySerialText.get(id.slice(3, -2)) ?? -1;
    else {
      slot = this._slot(key);
      head = this._slots[slot] - 1;
    }
    let tail = -1;
    for (let i = head; i !== -1; i = this.next[i]) {
      if (this.ids[i] === id) return i;
      tail = i;
    }
    const index = this._size++;
    if (index === this.lines.length) this._growColumns();
    this.ids[index] = id;
    this.typeCodes[index] = typeCode;
    this.pointCodes[index] = pointCode;
    this.lines[index] = line;
    this.itemCounts[index] = 0;
    this.grams[index] = 0;
    this.destCodes[index] = NO_DESTINATION;
    this.serialKeys[index] = key;
    this.next[index] = -1;
    this.codeSets[index] = 0;
    if (tail !== -1) {
      // another id with the same serial
      this.next[tail] = index;
      if (!this.collisions.includes(head)) this.collisions.push(head);
    } else if (key === 0) {
      this._bySerialText.set(id.slice(3, -2), index);
    } else {
      if ((this._used + 1) * 2 > 1 << this._bits) {
        this._grow();
        slot = this._slot(key);
      }
      this._slots[slot] = index + 1;
      this._used++;
    }
    return index;
  }

  /** Records one consignment of `grams` going to `dest` in ULD i. */
  addConsignment(i: number, grams: number, dest: number): void {
    this.itemCounts[i]++;
    this.grams[i] += grams;
    const current = this.destCodes[i];
    this.destCodes[i] = current === NO_DESTINATION || current === dest ? dest : MIXED_DESTINATIONS;
  }

  /** Number of code lists: every codeSets value is below it. */
  get codeSetCount(): number {
    return this.codeLists.count;
  }

  /** Adds a special handling code (a letter code) to ULD i unless it has it already. */
  addCode(i: number, code: number): void {
    this.codeSets[i] = this.codeLists.withCode(this.codeSets[i], code);
  }

  /**
   * Writes the special handling codes of ULD i (letter codes, first-seen order) into `into` from
   * index 0 and returns how many there are; `into` must hold LETTER_CODES entries.
   */
  codeList(i: number, into: Int32Array): number {
    return this.codeLists.listInto(this.codeSets[i], into);
  }

  /** The special handling codes of ULD i in first-seen order, as a new array. */
  codesOf(i: number): string[] {
    return this.codeLists.namesOf(this.codeSets[i]);
  }

  /** The codes of code set `set` (a codeSets value) in first-seen order, as a new array. */
  setCodes(set: number): string[] {
    return this.codeLists.namesOf(set);
  }

  /**
   * The code set of those codes of `set` that `keep` flags (keep[code] !== 0), in the same order.
   * A list is one node, so sets whose kept codes are the same list give the same set.
   */
  filterSet(set: number, keep: Uint8Array): number {
    return this.codeLists.filter(set, keep);
  }

  /** Folds ULD j of `other` into this table (a later part of the same manifest); returns its index. */
  fold(other: ManifestUlds, j: number): number {
    const i = this.intern(
      other.ids[j],
      other.typeCodes[j],
      other.serialKeys[j],
      other.pointCodes[j],
      other.lines[j],
    );
    this.itemCounts[i] += other.itemCounts[j];
    this.grams[i] += other.grams[j];
    const dest = other.destCodes[j];
    if (dest !== NO_DESTINATION) {
      const current = this.destCodes[i];
      this.destCodes[i] = current === NO_DESTINATION || current === dest
        ? dest
        : MIXED_DESTINATIONS;
    }
    for (const code of other.codeLists.codesOf(other.codeSets[j])) this.addCode(i, code);
    return i;
  }
}
