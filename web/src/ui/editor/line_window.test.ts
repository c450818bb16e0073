// The highlighted textarea's line arithmetic: the lines in view, the window a large text's
// textarea holds, and the full text after an edit of that window.

import { describe, expect, it } from "vitest";
import { indexLines } from "../../features/converter/highlight.ts";
import {
  isLarge,
  LARGE,
  LARGE_LINES,
  lineBreaks,
  linesInView,
  lineStart,
  MARGIN,
  nearWindowEdge,
  pageLines,
  upper,
  WINDOW,
  windowAround,
  windowEdit,
  windowEnd,
  withWindowText,
} from "./line_window.ts";

const TEXT = "AB\nCDE\n\nFGHI\nJ";
const lines = indexLines(TEXT);
const view = { top: 0, height: 100, lineHeight: 20, pad: 8 };

describe("line windows", () => {
  it("start and end in the full text: a window's text ends before its last line break", () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => lineStart(lines, TEXT.length, i))).toEqual([
      0,
      3,
      7,
      8,
      13,
      TEXT.length,
    ]);
    expect(TEXT.slice(
      lineStart(lines, TEXT.length, 1),
      windowEnd(lines, TEXT.length, {
        from: 1,
        to: 3,
      }),
    )).toBe("CDE\n");
    expect(windowEnd(lines, TEXT.length, { from: 3, to: 5 })).toBe(TEXT.length);
  });

  it("a small text's window is every line; a large one's WINDOW lines each side, cut at the ends", () => {
    expect(windowAround(500, 2000, false)).toEqual({ from: 0, to: 2000 });
    expect(windowAround(500, 2000, true)).toEqual({ from: 500 - WINDOW, to: 500 + WINDOW });
    expect(windowAround(3, 2000, true)).toEqual({ from: 0, to: 3 + WINDOW });
    expect(windowAround(1990, 2000, true)).toEqual({ from: 1990 - WINDOW, to: 2000 });
  });

  it("the lines in view follow the scroll, one more below, never past the text", () => {
    expect(linesInView(view, 1000)).toEqual({ first: 0, last: 6 });
    expect(linesInView({ ...view, top: 410 }, 1000)).toEqual({ first: 20, last: 26 });
    expect(linesInView({ ...view, top: 1e6 }, 1000)).toEqual({ first: 999, last: 999 });
    expect(pageLines(view)).toBe(4);
    expect(pageLines({ ...view, height: 10 })).toBe(1);
  });

  it("the window moves only near an edge that has lines beyond it", () => {
    const w = { from: 100, to: 340 };
    expect(nearWindowEdge(w, 200, 210, 1000)).toBe(false);
    expect(nearWindowEdge(w, 100 + MARGIN - 1, 150, 1000)).toBe(true);
    expect(nearWindowEdge(w, 280, 340 - MARGIN + 1, 1000)).toBe(true);
    // at the text's own ends there is nothing to move to
    expect(nearWindowEdge({ from: 0, to: 340 }, 5, 15, 1000)).toBe(false);
    expect(nearWindowEdge({ from: 760, to: 1000 }, 990, 999, 1000)).toBe(false);
  });

  it("an edit of the window's text lands in its place in the full text", () => {
    expect(withWindowText(TEXT, lines, { from: 1, to: 3 }, "XY\n", true).toString()).toBe(
      "AB\nXY\n\nFGHI\nJ",
    );
    expect(withWindowText(TEXT, lines, { from: 3, to: 5 }, "Z", true).toString())
      .toBe("AB\nCDE\n\nZ");
    expect(withWindowText(TEXT, lines, { from: 0, to: 5 }, "NEW", false)).toBe("NEW");
  });

  it("names the edit it makes: the window's span, and the rest of the text as it was", () => {
    for (
      const [w, text, large] of [[{ from: 1, to: 3 }, "XY\n", true], [
        { from: 3, to: 5 },
        "Z",
        true,
      ], [
        { from: 0, to: 5 },
        "NEW",
        false,
      ]] as const
    ) {
      const next = withWindowText(TEXT, lines, w, text, large).toString();
      const edit = windowEdit(TEXT, lines, w, text, large, next);
      expect(edit.before).toBe(TEXT);
      if (large) expect(edit.removed).toBe(TEXT.slice(edit.from, edit.oldEnd));
      expect(next.slice(edit.from, edit.newEnd)).toBe(text);
      expect(
        next.slice(0, edit.from) + TEXT.slice(edit.from, edit.oldEnd) + next.slice(edit.newEnd),
      )
        .toBe(TEXT);
    }
    expect(windowEdit(TEXT, lines, { from: 1, to: 3 }, "XY\n", true, "")).toMatchObject({
      from: 3,
      oldEnd: 7,
      newEnd: 6,
    });
  });

  it("panel text is upper case with LF breaks", () => {
    expect(upper("ffm\r\nab\rc")).toBe("FFM\nAB\nC");
  });
});

describe("isLarge", () => {
  it("windows a text over the character limit or over the line limit", () => {
    expect(isLarge(LARGE, LARGE_LINES)).toBe(false);
    expect(isLarge(LARGE + 1, 1)).toBe(true);
    expect(isLarge(10, LARGE_LINES + 1)).toBe(true);
    expect(lineBreaks("A\nB\n\nC")).toBe(3);
    expect(lineBreaks("ABC")).toBe(0);
  });
});
