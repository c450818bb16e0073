// The code lists of the ULDs of one conversion. A big manifest has tens of thousands of ULDs but
// only a few hundred different lists of special handling codes: one frozen array per list, shared
// by every ULD that has it, spares two objects per ULD that the collector would otherwise copy.

import { letterCodeName } from "./codes.ts";

/** The list of a ULD without codes, shared by every conversion. */
const NO_CODES: readonly string[] = Object.freeze([]);

/** One frozen array of code names per distinct list of letter codes (sized for one conversion). */
export class SharedCodeLists {
  /** Open addressing by hash: 1 + the index of a list, 0 when empty. */
  private _bits = 8;
  private _slots = new Int32Array(1 << 8);
  private _hashes: number[] = [];
  /** The letter codes of every list, one after the other: list i at _starts[i]. */
  private _pool = new Int32Array(1024);
  private _starts: number[] = [];
  private _lists: (readonly string[])[] = [];
  private _used = 0;

  /** The shared array of the names of the letter codes codes[0, n), in that order. */
  get(codes: Int32Array, n: number): readonly string[] {
    if (n === 0) return NO_CODES;
    let hash = n;
    for (let j = 0; j < n; j++) hash = Math.imul(hash ^ codes[j], 0x9e3779b1);
    const slots = this._slots;
    const mask = slots.length - 1;
    let slot = hash >>> (32 - this._bits);
    for (let entry = slots[slot]; entry !== 0; entry = slots[slot]) {
      const list = entry - 1;
      if (this._hashes[list] === hash && this._same(list, codes, n)) return this._lists[list];
      slot = (slot + 1) & mask;
    }
    return this._add(hash, codes, n);
  }

  /** True when list i holds exactly codes[0, n). */
  private _same(i: number, codes: Int32Array, n: number): boolean {
    if (this._lists[i].length !== n) return false;
    const start = this._starts[i];
    for (let j = 0; j < n; j++) if (this._pool[start + j] !== codes[j]) return false;
    return true;
  }

  private _add(hash: number, codes: Int32Array, n: number): readonly string[] {
    const start = this._used;
    if (start + n > this._pool.length) {
      const pool = new Int32Array(Math.max(this._pool.length * 2, start + n));
      pool.set(this._pool);
      this._pool = pool;
    }
    const names = new Array<string>(n);
    for (let j = 0; j < n; j++) {
      this._pool[start + j] = codes[j];
      names[j] = letterCodeName(codes[j]);
    }
    this._used += n;
    const list = Object.freeze(names);
    const index = this._lists.length;
    this._lists.push(list);
    this._hashes.push(hash);
    this._starts.push(start);
    if (this._lists.length * 2 > this._slots.length) this._rehash();
    else this._place(index);
    return list;
  }

  /** Puts list i in the first free slot of its hash. */
  private _place(i: number): void {
    const slots = this._slots;
    const mask = slots.length - 1;
    let slot = this._hashes[i] >>> (32 - this._bits);
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = i + 1;
  }

  private _rehash(): void {
    this._bits++;
    this._slots = new Int32Array(1 << this._bits);
    for (let i = 0; i < this._lists.length; i++) this._place(i);
  }
}
