// The virtual table's arithmetic: the rows a view draws with their overscan, the spacers that
// keep the scroll length, and the row each key moves to.

import { describe, expect, it } from "vitest";
import { keyTarget, rowsInView, spacerHeights } from "./virtual_rows.ts";

describe("virtual rows", () => {
  it("draw the rows in view and `overscan` more each side, within the table", () => {
    expect(rowsInView(0, 300, 30, 1000, 8)).toEqual({ first: 0, last: 18 });
    expect(rowsInView(3000, 300, 30, 1000, 8)).toEqual({ first: 92, last: 118 });
    expect(rowsInView(29_700, 300, 30, 1000, 8)).toEqual({ first: 982, last: 1000 });
    expect(rowsInView(0, 300, 30, 5, 8)).toEqual({ first: 0, last: 5 });
  });

  it("the spacers and the drawn rows together are as tall as every row", () => {
    const { first, last } = rowsInView(3000, 300, 30, 1000, 8);
    const [above, below] = spacerHeights(first, last, 1000, 30);
    expect([above, below]).toEqual([92 * 30, (1000 - 118) * 30]);
    expect(above + (last - first) * 30 + below).toBe(1000 * 30);
    expect(spacerHeights(0, 5, 5, 30)).toEqual([0, 0]);
  });

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
