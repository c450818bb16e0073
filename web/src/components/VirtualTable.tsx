// A table that draws only the rows in view (design 4.5: big pastes stay light): a day of traffic
// has 46,000 ULDs, and drawing them all blocked the page for seconds. The rows have one height;
// spacer rows stand for the rest, so the scroll bar tells the whole length. The scroll area is a
// tab stop; the arrow keys, Page Up/Down, Home and End move the focus from row to row, and each
// row carries its place (aria-rowindex of aria-rowcount) for screen readers.

import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";

/** Rows drawn above and below the view, so that a quick scroll shows no gap. */
const OVERSCAN = 8;
/** Row height until the first row is measured (px). */
const GUESS = 30;

/** Props of a virtual table. */
export interface VirtualTableProps {
  /** Id of the element that names the table (its heading). */
  labelledBy: string;
  /** Name of the scroll area for screen readers and keyboard users. */
  regionLabel: string;
  columns: readonly string[];
  rowCount: number;
  /** The cells (<td>) of row i. */
  cells: (i: number) => ReactNode;
  /** The class names of row i (its marks). */
  rowClass?: (i: number) => string | undefined;
  className?: string;
  /** The rows' source: when it changes the view goes back to the top. */
  rows: unknown;
}

/** A table of rowCount rows that draws those in view. */
export function VirtualTable(props: VirtualTableProps) {
  const { rowCount } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(GUESS * 16);
  const [rowHeight, setRowHeight] = useState(GUESS);
  const [active, setActive] = useState(-1);
  const focusPending = useRef(false);

  // a new result: back to the top
  const topRef = useRef(0);
  topRef.current = top;
  useEffect(() => {
    setActive(-1);
    // a scroll position is written only when there is one to undo (writing it lays the page out)
    if (topRef.current !== 0 && scroller.current !== null) scroller.current.scrollTop = 0;
    setTop(0);
  }, [props.rows]);

  // sizes are read when the browser has laid the page out (a ResizeObserver), never forced in a
  // render: with a megabyte of text on the page each forced layout took 30 ms of the main thread
  useEffect(() => {
    const el = scroller.current;
    if (el === null || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      const row = el.querySelector<HTMLElement>("tbody tr[aria-rowindex]");
      if (row !== null && row.offsetHeight > 0) setRowHeight(row.offsetHeight);
      if (el.clientHeight > 0) setHeight(el.clientHeight);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!focusPending.current || active < 0) return;
    focusPending.current = false;
    scroller.current?.querySelector<HTMLElement>(`tr[data-row="${active}"]`)?.focus();
  }, [active]);

  const moveTo = useCallback((row: number) => {
    const el = scroller.current;
    if (el === null || rowCount === 0) return;
    const next = Math.max(0, Math.min(rowCount - 1, row));
    const head = el.querySelector<HTMLElement>("thead")?.offsetHeight ?? 0;
    const y = next * rowHeight;
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + rowHeight + head > el.scrollTop + el.clientHeight) {
      el.scrollTop = y + rowHeight + head - el.clientHeight;
    }
    setTop(el.scrollTop);
    focusPending.current = true;
    setActive(next);
  }, [rowCount, rowHeight]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const page = Math.max(1, Math.floor(height / rowHeight) - 1);
    const from = active < 0 ? -1 : active;
    const to = e.key === "ArrowDown"
      ? from + 1
      : e.key === "ArrowUp"
      ? from - 1
      : e.key === "PageDown"
      ? from + page
      : e.key === "PageUp"
      ? from - page
      : e.key === "Home"
      ? 0
      : e.key === "End"
      ? rowCount - 1
      : null;
    if (to === null || rowCount === 0) return;
    e.preventDefault();
    moveTo(to);
  }

  const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const last = Math.min(rowCount, Math.ceil((top + height) / rowHeight) + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <tr
        key={i}
        data-row={i}
        aria-rowindex={i + 2}
        tabIndex={-1}
        className={[props.rowClass?.(i), i === active ? "active" : undefined].filter(Boolean)
          .join(" ") || undefined}
        onFocus={() => setActive(i)}
      >
        {props.cells(i)}
      </tr>,
    );
  }
  const spacer = (px: number, key: string) =>
    px > 0 && (
      <tr key={key} aria-hidden="true" className="virtual-spacer">
        <td colSpan={props.columns.length} style={{ height: px }} />
      </tr>
    );

  return (
    <div
      ref={scroller}
      className="virtual-scroll"
      tabIndex={0}
      role="region"
      aria-label={props.regionLabel}
      onScroll={(e) => setTop(e.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
    >
      <table
        className={props.className}
        aria-labelledby={props.labelledBy}
        aria-rowcount={rowCount + 1}
      >
        <thead>
          <tr aria-rowindex={1}>
            {props.columns.map((c) => <th key={c} scope="col">{c}</th>)}
          </tr>
        </thead>
        <tbody>
          {spacer(first * rowHeight, "above")}
          {rows}
          {spacer((rowCount - last) * rowHeight, "below")}
        </tbody>
      </table>
    </div>
  );
}
