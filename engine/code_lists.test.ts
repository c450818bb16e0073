import { describe, expect, it } from "vitest";
import { SharedCodeLists } from "./code_lists.ts";
import { letterCode } from "./codes.ts";

const codes = (...names: string[]) => Int32Array.from(names.map(letterCode));

describe("SharedCodeLists", () => {
  it("gives one frozen array per list of codes, in the order given", () => {
    const lists = new SharedCodeLists();
    const a = lists.get(codes("RFL", "ELI"), 2);
    expect(a).toEqual(["RFL", "ELI"]);
    expect(Object.isFrozen(a)).toBe(true);
    expect(lists.get(codes("RFL", "ELI", "AVI"), 2)).toBe(a); // only the first n count
    expect(lists.get(codes("ELI", "RFL"), 2)).toEqual(["ELI", "RFL"]);
    expect(lists.get(codes("RFL"), 1)).toEqual(["RFL"]);
    expect(lists.get(codes(), 0)).toEqual([]);
  });

  it("keeps every list apart when there are thousands of them", () => {
    const lists = new SharedCodeLists();
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
    const got = Array.from({ length: 5000 }, (_, i) => {
      const list = names(i);
      return lists.get(codes(...list), list.length);
    });
    for (let i = 0; i < 5000; i++) {
      const list = names(i);
      expect(got[i]).toEqual(list);
      expect(lists.get(codes(...list), list.length)).toBe(got[i]);
    }
  });
});
