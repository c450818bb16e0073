import { describe, expect, it } from "vitest";
import { LETTER_CODES, letterCode, letterCodeName } from "../codes.ts";
import { ManifestUlds, NO_POINT } from "./manifest_ulds.ts";

/** A deterministic pseudo-random sequence (the same every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s / 0x80000000;
  };
}

/** Adds ULD `AKE<serial>MS` to the table; returns its index. */
const addUld = (table: ManifestUlds, serial: number) =>
  table.intern(`AKE${serial}MS`, 0, serial, NO_POINT, serial);

describe("ManifestUlds special handling codes", () => {
  it("keeps each ULD's codes in first-seen order without repeats, across thousands of lists", () => {
    const table = new ManifestUlds();
    const next = random(7);
    const expected: string[][] = [];
    for (let u = 0; u < 3000; u++) {
      expect(addUld(table, 10000 + u)).toBe(u);
      expected.push([]);
    }
    // codes from a small pool (shared lists) and a large one (thousands of distinct lists),
    // given to the ULDs in an interleaved order with repeats
    for (let k = 0; k < 20000; k++) {
      const u = Math.floor(next() * 3000);
      const code = next() < 0.7 ? Math.floor(next() * 12) : Math.floor(next() * LETTER_CODES);
      table.addCode(u, code);
      const name = letterCodeName(code);
      if (!expected[u].includes(name)) expected[u].push(name);
    }
    const into = new Int32Array(LETTER_CODES);
    for (let u = 0; u < 3000; u++) {
      expect(table.codesOf(u)).toEqual(expected[u]);
      const n = table.codeList(u, into);
      expect(Array.from(into.subarray(0, n), letterCodeName)).toEqual(expected[u]);
      expect(table.codeSets[u]).toBeLessThan(table.codeSetCount);
    }
  });

  it("gives ULDs with the same list the same code set, and ULDs with other lists another", () => {
    const table = new ManifestUlds();
    const [a, b, c, d] = [1, 2, 3, 4].map((serial) => addUld(table, serial));
    for (const code of [5, 9, 5]) table.addCode(a, code);
    for (const code of [5, 9, 9]) table.addCode(b, code);
    for (const code of [9, 5]) table.addCode(c, code);
    expect(table.codeSets[a]).toBe(table.codeSets[b]);
    expect(table.codeSets[c]).not.toBe(table.codeSets[a]);
    expect(table.codesOf(d)).toEqual([]);
  });

  it("keeps every filtered list apart when there are thousands of them", () => {
    const table = new ManifestUlds();
    const hidden = letterCode("PER");
    const keep = new Uint8Array(LETTER_CODES).fill(1);
    keep[hidden] = 0;
    const names = (i: number) =>
      [
        String.fromCharCode(
          65 + (i % 26),
          65 + (Math.floor(i / 26) % 26),
          65 + Math.floor(i / 676),
        ),
        "AAA",
        "ZZZ",
      ].slice(0, 1 + (i % 3));
    // each list twice: alone, and with a code that is filtered out somewhere in it
    for (let i = 0; i < 5000; i++) {
      const codes = names(i).map(letterCode);
      const a = addUld(table, 2 * i + 1);
      const b = addUld(table, 2 * i + 2);
      for (const code of codes) table.addCode(a, code);
      codes.splice(i % (codes.length + 1), 0, hidden);
      for (const code of codes) table.addCode(b, code);
    }
    const got = Array.from(
      { length: 5000 },
      (_, i) => table.filterSet(table.codeSets[2 * i], keep),
    );
    for (let i = 0; i < 5000; i++) {
      expect(table.setCodes(got[i])).toEqual(names(i));
      expect(table.filterSet(table.codeSets[2 * i + 1], keep)).toBe(got[i]);
      expect(table.filterSet(table.codeSets[2 * i], keep)).toBe(got[i]);
    }
  });

  it("folds a later part's codes after the ULD's own, without repeats", () => {
    const first = new ManifestUlds();
    const second = new ManifestUlds();
    const u = addUld(first, 12345);
    for (const code of [3, 1]) first.addCode(u, code);
    const v = addUld(second, 12345);
    for (const code of [2, 1, 4]) second.addCode(v, code);
    expect(first.fold(second, v)).toBe(u);
    expect(first.codesOf(u)).toEqual([3, 1, 2, 4].map(letterCodeName));
  });
});
