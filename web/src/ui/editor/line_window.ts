// The line arithmetic of the highlighted textarea (HighlightedTextarea.tsx): which lines are in
// view, which window of lines a large text's textarea holds, and what the full text becomes when
// the window's text is edited. Pure, so that it is tested without a browser.

import type { LineIndex } from "../../features/converter/highlight.ts";
import { replaceWindow, type TextLike } from "./text_pieces.ts";

/** Texts longer than this are edited through a window of lines. */
export const LARGE = 100_000;
/**
 * Texts of more lines than this are too: Chromium lays out every line of a textarea on each
 * change, and a paste of 3,000 short lines took a 117-225 ms main-thread task in a whole-text
 * textarea (1,000 lines of a NOTOC 52-90 ms, 580 FFM lines up to 56 ms; 2026-11-25).
 */
export const LARGE_LINES = 500;

/** True when a text of this length and number of lines is edited through a window of lines. */
export const isLarge = (length: number, lineCount: number): boolean =>
  length > LARGE || lineCount > LARGE_LINES;

/** The line breaks of a text (what it adds to a text's line count when inserted). */
export function lineBreaks(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n;
}
/** Lines kept in the textarea above and below the view in a large text. */
export const WINDOW = 120;
/** The window moves when the view comes this close to its edge. */
export const MARGIN = 40;

/** The lines [from, to) the textarea holds. */
export interface LineWindow {
  from: number;
  to: number;
}

/** Where the view is and how tall a line is (px), read from the page. */
export interface ViewBox {
  top: number;
  height: number;
  lineHeight: number;
  pad: number;
}

/** Upper case with LF line breaks: what the message panels hold. */
export const upper = (text: string): string => text.replace(/\r\n?/g, "\n").toUpperCase();

/** The full-text offset where line `line` starts (the text's end past the last line). */
export function lineStart(lines: LineIndex, length: number, line: number): number {
  return line >= lines.count ? length : lines.starts[line];
}

/** Where the window's text ends in the full text: before the line break of its last line. */
export function windowEnd(lines: LineIndex, length: number, w: LineWindow): number {
  return w.to >= lines.count ? length : lines.starts[w.to] - 1;
}

/** The window around a line: WINDOW lines each side in a large text, else every line. */
export function windowAround(line: number, count: number, large: boolean): LineWindow {
  return large
    ? { from: Math.max(0, line - WINDOW), to: Math.min(count, line + WINDOW) }
    : { from: 0, to: count };
}

/** The first and last line in view (0-based, inclusive). */
export function linesInView(view: ViewBox, count: number): { first: number; last: number } {
  const first = Math.max(0, Math.min(Math.floor(view.top / view.lineHeight), count - 1));
  const last = Math.min(count - 1, first + Math.ceil(view.height / view.lineHeight) + 1);
  return { first, last };
}

/** True when the view has come within MARGIN lines of an edge of the window that has more beyond. */
export function nearWindowEdge(w: LineWindow, first: number, last: number, count: number) {
  return (w.from > 0 && first < w.from + MARGIN) || (w.to < count && last > w.to - MARGIN);
}

/**
 * An edit of a text, as the editor sends it up with the new text: [from, oldEnd) of `before`
 * became [from, newEnd) of the new text, and the rest is as it was. The span may hold more than
 * the characters changed (the window the edit was typed in); it lets the line index rescan only
 * it rather than compare two 1 MB texts for where they differ (line_index.ts, issue 51).
 */
export interface TextEdit {
  before: string;
  from: number;
  oldEnd: number;
  newEnd: number;
  /** The text of [from, oldEnd) of `before`, when the editor has it (else sliced from before). */
  removed?: string;
  /** The new text in pieces, read through them rather than flattened (text_pieces.ts). */
  read?: TextLike;
}

/**
 * The edit that withWindowText makes: the window's text (the whole text, if small) replaced;
 * `after` is what withWindowText gave.
 */
export function windowEdit(
  value: TextLike,
  lines: LineIndex,
  w: LineWindow,
  text: string,
  large: boolean,
  after: TextLike,
): TextEdit {
  const before = value.toString();
  if (!large) return { before, from: 0, oldEnd: value.length, newEnd: text.length };
  const from = lineStart(lines, value.length, w.from);
  const oldEnd = windowEnd(lines, value.length, w);
  const removed = value.slice(from, oldEnd);
  return { before, from, oldEnd, newEnd: from + text.length, removed, read: after };
}

/**
 * The full text after the textarea's text (the window's, in a large text) became `text`; a
 * large one in pieces over the flat text the window was cut from (text_pieces.ts).
 */
export function withWindowText(
  value: TextLike,
  lines: LineIndex,
  w: LineWindow,
  text: string,
  large: boolean,
): TextLike {
  if (!large) return text;
  const from = lineStart(lines, value.length, w.from);
  return replaceWindow(value, from, windowEnd(lines, value.length, w), text);
}

/** Lines a page key moves: the lines in view but one, at least one. */
export const pageLines = (view: ViewBox): number =>
  Math.max(1, Math.floor(view.height / view.lineHeight) - 1);
