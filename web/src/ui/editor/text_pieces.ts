// A large text kept, while its window of lines is typed in (editor_window.ts), as the flat text
// the window came from and the window's own text, so that a key costs in the size of the window.
// `head + window + tail` in V8 is a cheap cons string, but the first read of a cons string's
// characters (a slice, a search, a comparison of two texts of one length) flattens it into a new
// 1 MB string: each key of a 1 MB FFM did, and the 2 MB a key it made took major GCs of 65-75 ms
// at 4x CPU into the typing (issue 51). The readers of a key's text (the line index, the colour
// layer, the next key) read it through its pieces; the joined text is flattened only by what
// needs it whole (a conversion, the history, a copy).

/** What the editor's readers need of a text: a string, or a TextPieces read without joining. */
export type TextLike = Pick<string, "length" | "charCodeAt" | "startsWith" | "slice" | "toString">;

/** A text as base[0, head) + windowText + base[tail, end): a window replaced in a flat base. */
export class TextPieces {
  /** The whole text, joined by V8 without being copied (a cons string). */
  readonly text: string;
  readonly length: number;

  constructor(
    readonly base: string,
    readonly head: number,
    readonly windowText: string,
    readonly tail: number,
  ) {
    this.text = base.slice(0, head) + windowText + base.slice(tail);
    this.length = head + windowText.length + base.length - tail;
  }

  /** The character code at i (NaN outside the text), as String.charCodeAt. */
  charCodeAt(i: number): number {
    if (i < this.head) return this.base.charCodeAt(i);
    const w = i - this.head;
    if (w < this.windowText.length) return this.windowText.charCodeAt(w);
    return this.base.charCodeAt(this.tail + w - this.windowText.length);
  }

  /** The characters [start, end), as String.slice (negative offsets count from the end). */
  slice(start = 0, end = this.length): string {
    const n = this.length;
    const a = start < 0 ? Math.max(n + start, 0) : Math.min(start, n);
    const b = end < 0 ? Math.max(n + end, 0) : Math.min(end, n);
    if (b <= a) return "";
    if (a === 0 && b === n) return this.text;
    const { head, windowText, base } = this;
    const w = head + windowText.length; // the window's end in this text
    const shift = this.tail - w; // base offset of a character past the window, less its own
    let out = "";
    if (a < head) out += base.slice(a, Math.min(b, head));
    if (b > head && a < w) out += windowText.slice(Math.max(a, head) - head, Math.min(b, w) - head);
    if (b > w) out += base.slice(Math.max(a, w) + shift, b + shift);
    return out;
  }

  /** True when the text has s at position, as String.startsWith. */
  startsWith(s: string, position = 0): boolean {
    const at = Math.max(0, Math.min(position, this.length));
    return this.slice(at, at + s.length) === s;
  }

  /** The whole text (joined; flattened by whoever reads it whole). */
  toString(): string {
    return this.text;
  }
}

/**
 * The text with its [from, end) replaced by `windowText`: over the same flat base as `text` when
 * `text` is the same window typed in before, else over `text` itself (flattened once, on the
 * first read, when it is joined).
 */
export function replaceWindow(text: TextLike, from: number, end: number, windowText: string) {
  if (text instanceof TextPieces && text.head === from && from + text.windowText.length === end) {
    return new TextPieces(text.base, from, windowText, text.tail);
  }
  return new TextPieces(text.toString(), from, windowText, end);
}
