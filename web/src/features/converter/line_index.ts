// The line index of a panel's text kept up to date as it is typed in (issue 51). Indexing a 1 MB
// FFM from scratch (indexLines) took about half of each keystroke's main-thread task at 4x CPU
// (20-30 ms a key): a key changes a few characters, so the new index is the old one with the
// changed stretch scanned again and the lines after it shifted, which is work in the size of the
// edit (and one typed-array pass over the line starts), not of the text. The result is the same
// index indexLines gives (line_index.test.ts checks it on random edits).

import { useMemo, useRef } from "react";
import { indexLines, type LineIndex } from "./highlight.ts";
import type { TextEdit } from "../../ui/editor/line_window.ts";
import type { TextLike } from "../../ui/editor/text_pieces.ts";

/** Characters compared first when looking for where two texts start to differ. */
const CHUNK = 1024;

/**
 * Length of the common start of a and b. Stretches are compared natively, doubling while they
 * match and halving once they do not, so a 1 MB common start takes a few dozen comparisons.
 */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let p = 0;
  for (let step = CHUNK; p < n;) {
    const e = Math.min(n, p + step);
    if (a.slice(p, e) === b.slice(p, e)) [p, step] = [e, 2 * step];
    else if (e - p <= 16) break;
    else step = (e - p) >> 1;
  }
  while (p < n && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  return p;
}

/** Length of the common end of a and b, at most max characters (as commonPrefix, backwards). */
function commonSuffix(a: string, b: string, max: number): number {
  const [la, lb] = [a.length, b.length];
  let s = 0;
  for (let step = CHUNK; s < max;) {
    const e = Math.min(max, s + step);
    if (a.slice(la - e, la - s) === b.slice(lb - e, lb - s)) [s, step] = [e, 2 * step];
    else if (e - s <= 16) break;
    else step = (e - s) >> 1;
  }
  while (s < max && a.charCodeAt(la - s - 1) === b.charCodeAt(lb - s - 1)) s++;
  return s;
}

/**
 * The line starts of text in [from, to]: 0, and every offset after a LF, or after a CR not
 * followed by a LF (indexLines' breaks; a start depends only on the characters either side of it).
 */
function startsIn(text: TextLike, from: number, to: number): number[] {
  const out: number[] = from === 0 ? [0] : [];
  for (let x = Math.max(from, 1); x <= to; x++) {
    const before = text.charCodeAt(x - 1);
    if (before === 10 || (before === 13 && text.charCodeAt(x) !== 10)) out.push(x);
  }
  return out;
}

/** First i in [0, count) with starts[i] > offset (count when none). */
function firstAfter(starts: Uint32Array, offset: number): number {
  let [lo, hi] = [0, starts.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] > offset) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** A line that ends a '/N/' block (indexLines' rule). */
const endsBlock = (text: TextLike, start: number) =>
  text.startsWith("OSI", start) || text.startsWith("LAST", start);

/** A line [start, end) holding '/N/' (searched in the line only, not on to the text's end). */
const opensBlock = (text: TextLike, start: number, end: number) =>
  text.slice(start, end).includes("/N/");

/**
 * The yellow marks of the new index: kept before line `from`, worked out from there line by
 * line (indexLines' rule) until a line of the unchanged end (from `tail`, old line `oldTail`)
 * enters in the state it had before; from there on they are the old marks.
 */
function yellowAfterEdit(
  text: TextLike,
  starts: Uint32Array,
  old: LineIndex,
  at: { from: number; tail: number; oldTail: number },
): Uint8Array {
  const count = starts.length;
  const yellow = new Uint8Array(count);
  yellow.set(old.yellow.subarray(0, at.from));
  const end = (i: number) => (i + 1 < count ? starts[i + 1] : text.length);
  const before = at.from - 1;
  let inBlock = before >= 0 &&
    (old.yellow[before] === 1 || opensBlock(text, starts[before], end(before)));
  for (let i = at.from; i < count; i++) {
    const start = starts[i];
    const j = i - at.tail + at.oldTail;
    if (i >= at.tail && (endsBlock(text, start) || (inBlock ? 1 : 0) === old.yellow[j])) {
      yellow.set(old.yellow.subarray(j), i);
      break;
    }
    if (inBlock && endsBlock(text, start)) inBlock = false;
    yellow[i] = inBlock ? 1 : 0;
    if (opensBlock(text, start, end(i))) inBlock = true;
  }
  return yellow;
}

/**
 * The lengths of the common start and end of two texts; with the edit that made `text` from
 * `before` (the span it names holding every change), compared within that span alone (read
 * through the edit's pieces: the new text is not flattened).
 */
function commonEnds(before: string, text: string, edit?: TextEdit): [number, number] {
  const tail = edit === undefined ? -1 : before.length - edit.oldEnd;
  if (edit === undefined || edit.before !== before || tail !== text.length - edit.newEnd) {
    const p = commonPrefix(before, text);
    return [p, commonSuffix(before, text, Math.min(before.length, text.length) - p)];
  }
  const a = edit.removed ?? before.slice(edit.from, edit.oldEnd);
  const b = (edit.read ?? text).slice(edit.from, edit.newEnd);
  const p = commonPrefix(a, b);
  return [edit.from + p, tail + commonSuffix(a, b, Math.min(a.length, b.length) - p)];
}

/**
 * The index of `text` from the index of the text it was edited from: the same result as
 * indexLines(text), in the size of the changed stretch rather than of the whole text. The text
 * is read through the edit's pieces (`edit.read`, of `text`) when it has them.
 */
export function reindexLines(
  before: string,
  old: LineIndex,
  text: string,
  edit?: TextEdit,
): LineIndex {
  if (before === text) return old;
  const [p, s] = commonEnds(before, text, edit);
  const [oldEnd, newEnd] = [before.length - s, text.length - s];
  // most of the text is new (a paste into an empty panel): one pass from scratch
  if (2 * (newEnd - p) > text.length) return indexLines(text);
  const kept = firstAfter(old.starts, p - 1); // the starts before p stay
  const oldTail = firstAfter(old.starts, oldEnd); // the starts after the change move by delta
  const read = edit?.read ?? text;
  const middle = startsIn(read, p, newEnd);
  const tail = kept + middle.length;
  const starts = new Uint32Array(tail + old.count - oldTail);
  starts.set(old.starts.subarray(0, kept));
  starts.set(middle, kept);
  const delta = text.length - before.length;
  for (let j = oldTail; j < old.count; j++) starts[tail + j - oldTail] = old.starts[j] + delta;
  const from = Math.max(0, kept - 1); // the first line whose text may have changed
  const at = { from, tail, oldTail };
  const yellow = yellowAfterEdit(read, starts, old, at);
  const longest = longestAfterEdit(starts, text.length, old, before.length, at);
  return { starts, count: starts.length, yellow, longest };
}

/** The longest of lines [from, to) of an index (line lengths with their breaks). */
function longestOf(starts: Uint32Array, length: number, from: number, to: number): number {
  let longest = 0;
  for (let i = from; i < to; i++) {
    const size = (i + 1 < starts.length ? starts[i + 1] : length) - starts[i];
    if (size > longest) longest = size;
  }
  return longest;
}

/**
 * The longest line of the new index: from the changed lines alone while the old longest is
 * still there (a line outside them had it), over every line when a changed line had it.
 */
function longestAfterEdit(
  starts: Uint32Array,
  length: number,
  old: LineIndex,
  oldLength: number,
  at: { from: number; tail: number; oldTail: number },
): number {
  const changed = longestOf(starts, length, at.from, at.tail);
  if (changed >= old.longest) return changed;
  if (longestOf(old.starts, oldLength, at.from, at.oldTail) < old.longest) return old.longest;
  return longestOf(starts, length, 0, starts.length);
}

/** A panel's line index, and what its editor calls with each edit it sends up. */
export interface TrackedLines {
  lines: LineIndex;
  /** Notes the edit that made `next` (the editor's onChange), for the index of `next`. */
  edited(next: string, edit?: TextEdit): void;
}

/** The line index of a panel's text, worked out from the previous text's index as it changes. */
export function useLineIndex(text: string): TrackedLines {
  const last = useRef<{ text: string; index: LineIndex } | null>(null);
  const noted = useRef<{ next: string; edit: TextEdit } | null>(null);
  const lines = useMemo(() => {
    const before = last.current;
    const note = noted.current;
    noted.current = null;
    // an edit noted for another text (changed since by the store) is not used
    const edit = note !== null && note.next === text ? note.edit : undefined;
    const index = before === null
      ? indexLines(text)
      : reindexLines(before.text, before.index, text, edit);
    last.current = { text, index };
    return index;
  }, [text]);
  return {
    lines,
    edited: (next, edit) => {
      noted.current = edit === undefined ? null : { next, edit };
    },
  };
}
