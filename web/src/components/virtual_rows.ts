// The windowing arithmetic of VirtualTable.tsx: which rows a scroll position shows, the spacers
// that stand for the rest, and where a key moves the focused row. Pure, tested without a browser.

/** Rows drawn above and below the view, so that a quick scroll shows no gap. */
export const OVERSCAN = 8;

/** The rows [first, last) to draw for a view at `top` of `height` px, rows `rowHeight` px high. */
export function rowsInView(
  top: number,
  height: number,
  rowHeight: number,
  rowCount: number,
  overscan: number,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(rowCount, Math.ceil((top + height) / rowHeight) + overscan);
  return { first, last };
}

/** The heights (px) of the spacers above and below the drawn rows. */
export function spacerHeights(
  first: number,
  last: number,
  rowCount: number,
  rowHeight: number,
): [number, number] {
  return [first * rowHeight, Math.max(0, rowCount - last) * rowHeight];
}

/** The row a key moves the focus to from row `from` (-1: none yet), or null for other keys. */
export function keyTarget(key: string, from: number, rowCount: number, page: number) {
  const at = from < 0 ? -1 : from;
  switch (key) {
    case "ArrowDown":
      return at + 1;
    case "ArrowUp":
      return at - 1;
    case "PageDown":
      return at + page;
    case "PageUp":
      return at - page;
    case "Home":
      return 0;
    case "End":
      return rowCount - 1;
    default:
      return null;
  }
}
