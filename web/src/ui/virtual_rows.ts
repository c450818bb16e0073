// The virtual table's keys (VirtualTable.tsx): where a key moves the focused row, and the rows
// drawn beyond the view. Pure, tested without a browser.

/** Rows drawn above and below the view, so that a quick scroll shows no gap. */
export const OVERSCAN = 8;

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
