import { describe, expect, it } from "vitest";
import { indexLines, type LineIndex } from "./highlight.ts";
import { reindexLines } from "./line_index.ts";
import { replaceWindow, type TextLike } from "../../ui/editor/text_pieces.ts";

/** The index as plain arrays, to compare two indexes field by field. */
const plain = (index: LineIndex) => ({
  starts: [...index.starts],
  count: index.count,
  yellow: [...index.yellow],
  longest: index.longest,
});

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pieces the random texts and edits are made of: breaks of each kind and the block words. */
const PIECES = ["\n", "\r", "\r\n", "/N/", "OSI", "LAST", "A", "B/", "N", "/", "12", " "];

function piece(next: () => number, n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += PIECES[Math.floor(next() * PIECES.length)];
  return out;
}

describe("reindexLines", () => {
  it("gives what indexLines gives after random edits, one after another", () => {
    const next = random(51);
    for (let run = 0; run < 40; run++) {
      let text = piece(next, 200 + Math.floor(next() * 400));
      let index = indexLines(text);
      for (let edit = 0; edit < 25; edit++) {
        const from = Math.floor(next() * (text.length + 1));
        const to = Math.min(text.length, from + Math.floor(next() * 12));
        const edited = text.slice(0, from) + piece(next, Math.floor(next() * 4)) + text.slice(to);
        const after = reindexLines(text, index, edited);
        expect(plain(after)).toEqual(plain(indexLines(edited)));
        [text, index] = [edited, after];
      }
    }
  });

  it("gives the same with the edit's span named, when the span holds more than the change", () => {
    const next = random(52);
    let text = piece(next, 600);
    let index = indexLines(text);
    for (let edit = 0; edit < 200; edit++) {
      const from = Math.floor(next() * (text.length + 1));
      const to = Math.min(text.length, from + Math.floor(next() * 12));
      const typed = piece(next, Math.floor(next() * 4));
      const edited = text.slice(0, from) + typed + text.slice(to);
      // a window around the change, as the editor names it
      const start = Math.max(0, from - Math.floor(next() * 40));
      const end = Math.min(text.length, to + Math.floor(next() * 40));
      const span = {
        before: text,
        from: start,
        oldEnd: end,
        newEnd: end + edited.length - text.length,
      };
      const after = reindexLines(text, index, edited, span);
      expect(plain(after)).toEqual(plain(indexLines(edited)));
      [text, index] = [edited, after];
    }
  });

  it("gives the same when the new text is read through the editor's pieces", () => {
    const next = random(53);
    let text: TextLike = piece(next, 600);
    let index = indexLines(text.toString());
    let [start, end] = [0, 0];
    for (let edit = 0; edit < 200; edit++) {
      // a window kept for a few keys, as typing in one window keeps the same flat base
      if (edit % 8 === 0) {
        start = Math.floor(next() * (text.length + 1));
        end = Math.min(text.length, start + Math.floor(next() * 60));
      }
      const held = text.slice(start, end);
      const at = Math.floor(next() * (held.length + 1));
      const cut = Math.min(held.length, at + Math.floor(next() * 3));
      const typed = held.slice(0, at) + piece(next, Math.floor(next() * 3)) + held.slice(cut);
      const edited = replaceWindow(text, start, end, typed);
      const span = {
        before: text.toString(),
        from: start,
        oldEnd: end,
        newEnd: start + typed.length,
        removed: held,
        read: edited,
      };
      const after = reindexLines(text.toString(), index, edited.toString(), span);
      expect(plain(after)).toEqual(plain(indexLines(edited.toString())));
      [text, index, end] = [edited, after, start + typed.length];
    }
  });

  it("compares the texts when the edit named was made of another text", () => {
    const text = "FFM/8\nA\nB/N/\nC\nOSI\nLAST\n";
    const edited = text.replace("C", "CC\nD");
    const wrong = { before: "other", from: 0, oldEnd: 1, newEnd: 1 };
    expect(plain(reindexLines(text, indexLines(text), edited, wrong)))
      .toEqual(plain(indexLines(edited)));
  });

  it("follows a block that an edit opens or closes to its end, and keeps the rest", () => {
    const lines = ["FFM/8", "A", "B", "C", "OSI/X", "D", "E", "LAST", ""];
    const text = lines.join("\n");
    const opened = text.replace("\nA\n", "\nA/N/\n");
    const index = reindexLines(text, indexLines(text), opened);
    expect([...index.yellow]).toEqual([0, 0, 1, 1, 0, 0, 0, 0, 0]);
    const closed = reindexLines(opened, index, text);
    expect([...closed.yellow]).toEqual([...indexLines(text).yellow]);
  });

  it("handles a break made of a CR before the edit and a LF typed after it", () => {
    const text = "AB\rCD\rEF";
    const edited = "AB\r\nCD\rEF";
    expect(plain(reindexLines(text, indexLines(text), edited))).toEqual(plain(indexLines(edited)));
  });

  it("keeps long texts' lines past the chunk the prefix is compared in", () => {
    const text = "0123456789/N/ABC\n".repeat(400) + "OSI\nLAST\n";
    const edited = text.slice(0, 3000) + "X\nY" + text.slice(3001);
    expect(plain(reindexLines(text, indexLines(text), edited))).toEqual(plain(indexLines(edited)));
    const typed = text + "OSI/BENCH";
    expect(plain(reindexLines(text, indexLines(text), typed))).toEqual(plain(indexLines(typed)));
  });

  it("finds the new longest line when the longest one is shortened, and keeps a longer one", () => {
    const text = "AB\nLONGEST LINE\nCD\nLONG LINE 2\n";
    const shortened = text.replace("LONGEST LINE", "L");
    const index = reindexLines(text, indexLines(text), shortened);
    expect(index.longest).toBe("LONG LINE 2\n".length);
    const twin = text.replace("AB", "LONGEST LINX");
    expect(reindexLines(twin, indexLines(twin), twin.replace("LONGEST LINE", "L")).longest)
      .toBe("LONGEST LINX\n".length);
  });

  it("returns the same index for the same text, and indexes an emptied one", () => {
    const index = indexLines("A\nB");
    expect(reindexLines("A\nB", index, "A\nB")).toBe(index);
    expect(plain(reindexLines("A\nB", index, ""))).toEqual(plain(indexLines("")));
  });
});
