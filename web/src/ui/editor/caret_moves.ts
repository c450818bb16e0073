// Where Ctrl+Home, Ctrl+End, PageUp and PageDown put the caret in a large text, whose textarea
// holds only a window of lines (HighlightedTextarea): the browser would stop at the window's
// edge, about 60 lines away, so these keys are answered over the full text instead.

import { type LineIndex, lineOf } from "../../features/converter/highlight.ts";

/** The keys answered over the full text. */
export type CaretKey = "start" | "end" | "pageUp" | "pageDown";

/** The key a keydown stands for, or null (Shift or Alt held: the browser's own selection). */
export function caretKey(
  e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean },
): CaretKey | null {
  if (e.shiftKey || e.altKey) return null;
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && e.key === "Home") return "start";
  if (ctrl && e.key === "End") return "end";
  if (!ctrl && e.key === "PageUp") return "pageUp";
  if (!ctrl && e.key === "PageDown") return "pageDown";
  return null;
}

/** The full-text offset the caret moves to; a page is `page` lines, the column kept. */
export function caretTarget(
  key: CaretKey,
  caret: number,
  lines: LineIndex,
  length: number,
  page: number,
): number {
  if (key === "start") return 0;
  if (key === "end") return length;
  const line = lineOf(lines, caret);
  const column = caret - lines.starts[line];
  const to = Math.max(0, Math.min(lines.count - 1, line + (key === "pageDown" ? page : -page)));
  if (to === line) return key === "pageDown" ? length : 0;
  const end = to + 1 < lines.count ? lines.starts[to + 1] - 1 : length;
  return Math.min(lines.starts[to] + column, end);
}
