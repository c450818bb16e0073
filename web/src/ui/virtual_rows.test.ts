// The virtual table's keys: the row each key moves to.

import { describe, expect, it } from "vitest";
import { keyTarget } from "./virtual_rows.ts";

describe("virtual rows", () => {
  it("keys move a row, a page, or to an end; other keys none", () => {
    expect(keyTarget("ArrowDown", -1, 100, 9)).toBe(0);
    expect(keyTarget("ArrowDown", 4, 100, 9)).toBe(5);
    expect(keyTarget("ArrowUp", 4, 100, 9)).toBe(3);
    expect(keyTarget("PageDown", 4, 100, 9)).toBe(13);
    expect(keyTarget("PageUp", 4, 100, 9)).toBe(-5);
    expect(keyTarget("Home", 40, 100, 9)).toBe(0);
    expect(keyTarget("End", 4, 100, 9)).toBe(99);
    expect(keyTarget("Enter", 4, 100, 9)).toBeNull();
  });
});
