// Lists of special handling codes (letter codes, first-seen order) as nodes of a trie: node 0 is
// the empty list, node k the list of its parent followed by one code. A big manifest has tens of
// thousands of ULDs but a few hundred different lists, so each ULD holds one number and a
// conversion works out each list's codes once, not once per ULD.

import { letterCodeName } from "../codes.ts";

/** A copy of `a` in a new array of `size` entries. */
export function grown(a: Int32Array, size: number): Int32Array {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/** The trie of code lists; a list is one node, so equal lists are the same number. */
export class CodeLists {
  /** Code, parent and length of the list of each node. */
  private _codes: Int32Array = new Int32Array(256);
  private _parents: Int32Array = new Int32Array(256);
  private _lengths: Int32Array = new Int32Array(256);
  private _count = 1;
  /** Open addressing by (parent, code): 1 + the child node, 0 when empty. */
  private _children: Int32Array = new Int32Array(512);

  /** Number of nodes: every list is below it. */
  get count(): number {
    return this._count;
  }

  /** Number of codes in `list`. */
  lengthOf(list: number): number {
    return this._lengths[list];
  }

  /** `list` followed by `code`, unless the list has it already (then `list` itself). */
  withCode(list: number, code: number): number {
    for (let n = list; n !== 0; n = this._parents[n]) if (this._codes[n] === code) return list;
    return this.child(list, code);
  }

  /** The node of the list `parent` followed by `code`, made when new. */
  child(parent: number, code: number): number {
    const slot = this._childSlot(parent, code);
    if (this._children[slot] !== 0) return this._children[slot] - 1;
    const node = this._count++;
    if (node === this._codes.length) {
      this._codes = grown(this._codes, node * 2);
      this._parents = grown(this._parents, node * 2);
      this._lengths = grown(this._lengths, node * 2);
    }
    this._codes[node] = code;
    this._parents[node] = parent;
    this._lengths[node] = this._lengths[parent] + 1;
    this._children[slot] = node + 1;
    if (this._count * 2 > this._children.length) this._growChildren();
    return node;
  }

  private _growChildren(): void {
    this._children = new Int32Array(this._children.length * 2);
    for (let n = 1; n < this._count; n++) {
      this._children[this._childSlot(this._parents[n], this._codes[n])] = n + 1;
    }
  }

  /** The slot of the child (parent, code) in _children, or the empty slot where it would go. */
  private _childSlot(parent: number, code: number): number {
    const children = this._children;
    const mask = children.length - 1;
    let slot = Math.imul(parent * 32768 + code, 0x9e3779b1) >>> (Math.clz32(children.length) + 1);
    for (let e = children[slot]; e !== 0; e = children[slot]) {
      if (this._parents[e - 1] === parent && this._codes[e - 1] === code) return slot;
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  /** Writes the letter codes of `list`, first-seen order, into `into`; returns how many. */
  listInto(list: number, into: Int32Array): number {
    const length = this._lengths[list];
    let k = length;
    for (let n = list; n !== 0; n = this._parents[n]) into[--k] = this._codes[n];
    return length;
  }

  /** The letter codes of `list` in first-seen order, as a new array. */
  codesOf(list: number): Int32Array {
    const codes = new Int32Array(this._lengths[list]);
    this.listInto(list, codes);
    return codes;
  }

  /** The codes of `list` in first-seen order, as strings. */
  namesOf(list: number): string[] {
    const names = new Array<string>(this._lengths[list]);
    let k = names.length;
    for (let n = list; n !== 0; n = this._parents[n]) names[--k] = letterCodeName(this._codes[n]);
    return names;
  }

  /** The list of those codes of `list` that `keep` flags (keep[code] !== 0), in the same order. */
  filter(list: number, keep: Uint8Array): number {
    let kept = 0;
    for (const code of this.codesOf(list)) if (keep[code] !== 0) kept = this.child(kept, code);
    return kept;
  }
}
