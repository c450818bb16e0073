// The ULDs of a manifest as parallel arrays with an index by serial number. A 5 MB manifest
// holds about 20,000 ULDs: an object and two string-keyed Map operations per ULD cost more than
// the rest of the parse, so the reader keeps numbers in arrays and serials as integer keys.

/** destCodes value of a ULD with no consignment yet. */
export const NO_DESTINATION = -1;
/** destCodes value of a ULD whose consignments go to different destinations. */
export const MIXED_DESTINATIONS = -2;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => c >= 65 && c <= 90;

/**
 * The serial text[start, end) as a positive integer (bijective base 37 over 0-9 and A-Z, so
 * `0123` and `123` differ), or 0 when it is longer than 5 characters or has other characters.
 */
export function serialKeyAt(text: string, start: number, end: number): number {
  if (end - start < 1 || end - start > 5) return 0;
  let key = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) key = key * 37 + (c - 47);
    else if (isLetter(c)) key = key * 37 + (c - 54);
    else return 0;
  }
  return key;
}

/**
 * ULD records by index; `add` keeps the order of first appearance. Numbers live in typed arrays,
 * outside the garbage-collected heap, so they are never copied by a collection.
 */
export class UldTable {
  readonly ids: string[] = [];
  readonly types: string[] = [];
  readonly pointsOfUnloading: string[] = [];
  /** Special handling codes in first-seen order (null until the first one). */
  readonly codes: (string[] | null)[] = [];
  lines = new Int32Array(256);
  itemCounts = new Int32Array(256);
  /** Cargo weight in grams. */
  grams = new Float64Array(256);
  /** Common destination code of the consignments, NO_DESTINATION or MIXED_DESTINATIONS. */
  destCodes = new Int32Array(256);
  serialKeys = new Int32Array(256);
  /** Next index with the same serial and another id, or -1. */
  next = new Int32Array(256);
  /** Heads of serial chains that hold more than one id. */
  readonly collisions: number[] = [];

  private _bits = 10;
  private _slotKeys = new Int32Array(1 << 10);
  private _slotHeads = new Int32Array(1 << 10);
  private _used = 0;
  private _bySerialText = new Map<string, number>();

  /** Number of ULDs. */
  get size(): number {
    return this.ids.length;
  }

  /** The serial of ULD i (type 3 + serial + owner 2). */
  serialOf(i: number): string {
    return this.ids[i].slice(3, -2);
  }

  private _slot(key: number): number {
    const mask = this._slotKeys.length - 1;
    let slot = Math.imul(key, 0x9e3779b1) >>> (32 - this._bits);
    while (this._slotKeys[slot] !== 0 && this._slotKeys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private _growColumns(): void {
    const size = this.lines.length * 2;
    const int = (a: Int32Array) => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.lines = int(this.lines);
    this.itemCounts = int(this.itemCounts);
    this.destCodes = int(this.destCodes);
    this.serialKeys = int(this.serialKeys);
    this.next = int(this.next);
    const grams = new Float64Array(size);
    grams.set(this.grams);
    this.grams = grams;
  }

  private _grow(): void {
    const keys = this._slotKeys;
    const heads = this._slotHeads;
    this._bits++;
    this._slotKeys = new Int32Array(keys.length * 2);
    this._slotHeads = new Int32Array(keys.length * 2);
    for (let s = 0; s < keys.length; s++) {
      if (keys[s] === 0) continue;
      const slot = this._slot(keys[s]);
      this._slotKeys[slot] = keys[s];
      this._slotHeads[slot] = heads[s];
    }
  }

  /** Index of the first ULD with this serial, or -1. */
  private _head(key: number, id: string): number {
    if (key === 0) return this._bySerialText.get(id.slice(3, -2)) ?? -1;
    const slot = this._slot(key);
    return this._slotKeys[slot] === 0 ? -1 : this._slotHeads[slot];
  }

  /** Index of the ULD `id` (whose serial key is `key`, 0 when none), or -1. */
  indexOf(id: string, key: number): number {
    let i = this._head(key, id);
    while (i !== -1 && this.ids[i] !== id) i = this.next[i];
    return i;
  }

  /** Adds a ULD that indexOf did not find; returns its index. */
  add(id: string, type: string, key: number, pointOfUnloading: string, line: number): number {
    const index = this.ids.length;
    if (index === this.lines.length) this._growColumns();
    this.ids.push(id);
    this.types.push(type);
    this.pointsOfUnloading.push(pointOfUnloading);
    this.codes.push(null);
    this.lines[index] = line;
    this.itemCounts[index] = 0;
    this.grams[index] = 0;
    this.destCodes[index] = NO_DESTINATION;
    this.serialKeys[index] = key;
    this.next[index] = -1;
    const head = this._head(key, id);
    if (head !== -1) {
      let tail = head;
      while (this.next[tail] !== -1) tail = this.next[tail];
      this.next[tail] = index;
      if (!this.collisions.includes(head)) this.collisions.push(head);
    } else if (key === 0) {
      this._bySerialText.set(id.slice(3, -2), index);
    } else {
      if ((this._used + 1) * 2 > this._slotKeys.length) this._grow();
      const slot = this._slot(key);
      this._slotKeys[slot] = key;
      this._slotHeads[slot] = index;
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

  /** Adds a special handling code to ULD i unless it has it already. */
  addCode(i: number, code: string): void {
    const list = this.codes[i];
    if (list === null) this.codes[i] = [code];
    else if (!list.includes(code)) list.push(code);
  }

  /** Folds ULD j of `other` into this table (a later part of the same manifest); returns its index. */
  fold(other: UldTable, j: number): number {
    const id = other.ids[j];
    let i = this.indexOf(id, other.serialKeys[j]);
    if (i === -1) {
      i = this.add(
        id,
        other.types[j],
        other.serialKeys[j],
        other.pointsOfUnloading[j],
        other.lines[j],
      );
    }
    this.itemCounts[i] += other.itemCounts[j];
    this.grams[i] += other.grams[j];
    const dest = other.destCodes[j];
    if (dest !== NO_DESTINATION) {
      const current = this.destCodes[i];
      this.destCodes[i] = current === NO_DESTINATION || current === dest
        ? dest
        : MIXED_DESTINATIONS;
    }
    for (const code of other.codes[j] ?? []) this.addCode(i, code);
    return i;
  }
}
