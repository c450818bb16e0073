// Ctrl+Home, Ctrl+End, PageUp and PageDown over the full text of a large message.

import { describe, expect, it } from "vitest";
import { caretKey, caretTarget } from "./caret_moves.ts";
import { indexLines, lineOf } from "../../features/converter/highlight.ts";

const text = Array.from({ length: 5000 }, (_, i) => `LINE ${i}`).join("\n");
const lines = indexLines(text);

describe("caret moves in a large text", () => {
  it("Ctrl+Home and Ctrl+End go to the message's start and end, not the window's", () => {
    expect(caretTarget("start", 40_000, lines, text.length, 30)).toBe(0);
    expect(caretTarget("end", 10, lines, text.length, 30)).toBe(text.length);
  });

  it("PageDown and PageUp move a page of lines, keeping the column", () => {
    const at = lines.starts[2000] + 3;
    const down = caretTarget("pageDown", at, lines, text.length, 30);
    expect(lineOf(lines, down)).toBe(2030);
    expect(down - lines.starts[2030]).toBe(3);
    expect(lineOf(lines, caretTarget("pageUp", at, lines, text.length, 30))).toBe(1970);
    // at the last page the caret goes to the end, at the first to the start
    expect(caretTarget("pageDown", lines.starts[4999], lines, text.length, 30)).toBe(text.length);
    expect(caretTarget("pageUp", 3, lines, text.length, 30)).toBe(0);
  });

  it("reads the keys; with Shift the browser selects as usual", () => {
    const key = (k: string, ctrlKey = false, shiftKey = false) =>
      caretKey({ key: k, ctrlKey, metaKey: false, shiftKey, altKey: false });
    expect(key("Home", true)).toBe("start");
    expect(key("End", true)).toBe("end");
    expect(key("PageDown")).toBe("pageDown");
    expect(key("PageUp")).toBe("pageUp");
    expect(key("End", true, true)).toBeNull();
    expect(key("Home")).toBeNull();
  });
});
