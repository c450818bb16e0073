// The display rules of the converter's text panels (spec section 9): DGSL codes blue in the FFM,
// lines after a '/N/' line yellow, the second destination and XDGSL codes red bold in the UWS, and
// the NTM match's green or red ULD ids. These only colour text for the eye; the message itself is
// parsed by the engine in its worker. Everything here is linear in the text and per visible line,
// so that a 1 MB paste stays responsive.

/** A coloured stretch of one line: [from, to) in the line's own characters. */
export interface Mark {
  from: number;
  to: number;
  className: string;
}

/** A run of a line's text with the classes that cover it ('' for plain text). */
export interface Segment {
  text: string;
  className: string;
}

/** Where each line starts, and which lines stand in a '/N/' block. */
export interface LineIndex {
  starts: Uint32Array;
  count: number;
  /** 1 for a line after a '/N/' line, up to a line starting OSI or LAST. */
  yellow: Uint8Array;
  /** Length of the longest line (for the width of the scroll area). */
  longest: number;
}

/** Indexes the lines of a text (LF, CRLF or CR) in one pass. */
export function indexLines(text: string): LineIndex {
  let starts = new Uint32Array(1024);
  let count = 0;
  let at = 0;
  // the next CR is looked up again only once passed: a text without CR is scanned once, not per line
  let cr = text.indexOf("\r");
  for (;;) {
    if (count === starts.length) {
      const grown = new Uint32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = at;
    const lf = text.indexOf("\n", at);
    if (cr >= 0 && cr < at) cr = text.indexOf("\r", at);
    if (lf < 0 && cr < 0) break;
    const end = cr < 0 || (lf >= 0 && lf < cr) ? lf : cr;
    at = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
  }
  starts = starts.subarray(0, count);
  const yellow = new Uint8Array(count);
  let longest = 0;
  let inBlock = false;
  let nextN = text.indexOf("/N/");
  for (let i = 0; i < count; i++) {
    const start = starts[i];
    const end = i + 1 < count ? starts[i + 1] : text.length;
    if (inBlock && (text.startsWith("OSI", start) || text.startsWith("LAST", start))) {
      inBlock = false;
    }
    yellow[i] = inBlock ? 1 : 0;
    if (end - start > longest) longest = end - start;
    while (nextN >= 0 && nextN < start) nextN = text.indexOf("/N/", nextN + 1);
    if (nextN >= 0 && nextN + 3 <= end) inBlock = true;
  }
  return { starts, count, yellow, longest };
}

/** The text of line i, without its line break (of a string, or of text read in pieces). */
export function lineText(
  text: Pick<string, "length" | "slice">,
  index: LineIndex,
  i: number,
): string {
  const end = i + 1 < index.count ? index.starts[i + 1] : text.length;
  return text.slice(index.starts[i], end).replace(/\r?\n$|\r$/, "");
}

/** Line number (0-based) of a character offset. */
export function lineOf(index: LineIndex, offset: number): number {
  let lo = 0;
  let hi = index.count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (index.starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The code sets of the FFM's colours: DGSL and XDGSL, and every special-handling code the
 * engine knows (the engine's KNOWN_SHC_CODES, from the worker), to split glued codes with. */
export interface FfmCodes {
  dgsl: ReadonlySet<string>;
  xdgsl: ReadonlySet<string>;
  known: ReadonlySet<string>;
}

/** Marks of an FFM line: DGSL codes blue and XDGSL codes red bold (in slash-separated parts). */
export function ffmMarks(line: string, { dgsl, xdgsl, known }: FfmCodes) {
  const marks: Mark[] = [];
  const mark = (code: string, from: number) => {
    if (xdgsl.has(code)) marks.push({ from, to: from + code.length, className: "hl-xdgsl" });
    else if (dgsl.has(code)) marks.push({ from, to: from + code.length, className: "hl-dgsl" });
  };
  // a consignment line: AWB / quantity / description / codes, which may be glued (`BUCELI`)
  const consignment = /^\d{3}/.test(line);
  let from = 0;
  line.split("/").forEach((part, i) => {
    const glued = consignment && i >= 3 ? gluedCodes(part, { dgsl, xdgsl, known }) : null;
    if (glued === null) mark(part, from);
    else glued.forEach((code, k) => mark(code, from + 3 * k));
    from += part.length + 1;
  });
  return marks;
}

/** A token of 3k letters read as 3-letter codes, as the engine reads it (design 4.1), or null. */
function gluedCodes(token: string, { dgsl, xdgsl, known }: FfmCodes) {
  if (token.length < 6 || token.length % 3 !== 0 || !/^[A-Z]+$/.test(token)) return null;
  const codes = token.match(/.../g) ?? [];
  const isCode = (c: string) => dgsl.has(c) || xdgsl.has(c) || known.has(c);
  return codes.every(isCode) ? codes : null;
}

/** Marks of a UWS line: the second destination and XDGSL codes red bold. */
export function uwsMarks(line: string, secondDestination: string, xdgsl: ReadonlySet<string>) {
  const marks: Mark[] = [];
  if (!line.startsWith("-")) return marks;
  const parts = line.split("/");
  // ULD lines read -ID/DEST/..., bulk lines -DEST/...
  const destAt = parts.length > 2 && parts[0].length > 4 ? 1 : 0;
  const dest = destAt === 0 ? parts[0].slice(1) : parts[1];
  if (secondDestination !== "" && dest === secondDestination) {
    const from = destAt === 0 ? 1 : parts[0].length + 1;
    marks.push({ from, to: from + dest.length, className: "hl-second" });
  }
  const codesAt = line.indexOf("A/C.");
  if (codesAt >= 0) {
    let from = codesAt + 4;
    for (const code of line.slice(from).split(".")) {
      if (xdgsl.has(code)) marks.push({ from, to: from + code.length, className: "hl-xdgsl" });
      from += code.length + 1;
    }
  }
  return marks;
}

/** Marks of the match results of one side, by line, from their offsets in that side's text. */
export function matchMarks(
  index: LineIndex,
  results: readonly { offset: number; length: number; color: string }[],
): Map<number, Mark[]> {
  const byLine = new Map<number, Mark[]>();
  for (const r of results) {
    const line = lineOf(index, r.offset);
    const from = r.offset - index.starts[line];
    const marks = byLine.get(line) ?? [];
    marks.push({ from, to: from + r.length, className: `hl-${r.color}` });
    byLine.set(line, marks);
  }
  return byLine;
}

/** Splits a line into runs at every mark boundary; overlapping marks combine their classes. */
export function segments(line: string, marks: readonly Mark[]): Segment[] {
  if (marks.length === 0) return [{ text: line, className: "" }];
  const cuts = new Set<number>([0, line.length]);
  for (const m of marks) {
    cuts.add(Math.max(0, Math.min(line.length, m.from)));
    cuts.add(Math.max(0, Math.min(line.length, m.to)));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [from, to] = [points[i], points[i + 1]];
    const className = marks.filter((m) => m.from <= from && m.to >= to).map((m) => m.className)
      .join(" ");
    out.push({ text: line.slice(from, to), className });
  }
  return out;
}
