// A large text in pieces reads as the string it stands for: every slice, character and
// startsWith, and keys typed one after the other in one window keep the one flat base.

import { describe, expect, it } from "vitest";
import { replaceWindow, TextPieces } from "./text_pieces.ts";

const BASE = "HEAD\nLINES\nWINDOW\nTEXT\nTAIL\nEND";

describe("TextPieces", () => {
  it("reads as its joined text: slices, characters and starts at every offset", () => {
    // "WINDOW\nTEXT" (11 characters at 11) replaced by "NEW\nWIN"
    const p = new TextPieces(BASE, 11, "NEW\nWIN", 22);
    const s = BASE.slice(0, 11) + "NEW\nWIN" + BASE.slice(22);
    expect(p.toString()).toBe(s);
    expect(p.length).toBe(s.length);
    for (let a = -3; a <= s.length + 2; a++) {
      expect(p.charCodeAt(a)).toEqual(s.charCodeAt(a));
      expect(p.slice(a)).toBe(s.slice(a));
      for (let b = -3; b <= s.length + 2; b++) expect(p.slice(a, b)).toBe(s.slice(a, b));
      for (const probe of ["", "N", "NEW", "\nTAIL", "END", "ENDX", "HEAD"]) {
        expect(p.startsWith(probe, a)).toBe(s.startsWith(probe, a));
      }
    }
    expect(p.slice()).toBe(s);
  });

  it("a key typed in the same window keeps the base; another window starts from the text", () => {
    const first = replaceWindow(BASE, 11, 22, "WINDOW\nTEXTS");
    const second = replaceWindow(first, 11, 23, "WINDOW\nTEXTSX");
    expect(second instanceof TextPieces && second.base).toBe(BASE);
    expect(second.toString()).toBe("HEAD\nLINES\nWINDOW\nTEXTSX\nTAIL\nEND");
    // the window's own span, named as it is, is the window itself
    expect(first.slice(11, 23)).toBe("WINDOW\nTEXTS");
    const moved = replaceWindow(second, 0, 4, "TOP");
    expect(moved instanceof TextPieces && moved.base).toBe(second.toString());
    expect(moved.toString()).toBe("TOP\nLINES\nWINDOW\nTEXTSX\nTAIL\nEND");
  });
});
