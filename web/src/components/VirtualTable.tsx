// A table that draws only the rows in view (design 4.5: big pastes stay light): a day of traffic
// has 46,000 ULDs, and drawing them all blocked the page for seconds. The rows have one height;
// spacer rows stand for the rest, so the scroll bar tells the whole length. The scroll area is a
// tab stop; the arrow keys, Page Up/Down, Home and End move the focus from row to row, and each
// row carries its place (aria-rowindex of aria-rowcount) for screen readers.
//
// Still hand-written: @tanstack/react-virtual 3.14.26 (issue 24 point 6) was measured in its place
// in the browser bench (2026-11-24, 2-core host, 2 runs each in turns, the same keys and focus):
// the extractor page's longest task 50-55 ms with it against 71-73 ms with this table (both in
// "one message in view, then all again"), and no task over 50 ms in its 4 runs to the lists
// against 2 of 4 here (52-55 ms); the other phases did not differ past noise. The swap is worth
// making, but is not done yet: the library reads the scroll area's and rows' sizes from the DOM,
// so it draws no row under happy-dom (this file's tests and ExtractorLists' need a layout stub),
// and its scrollToIndex lands over several frames, so keyboard focus must wait for the row.

import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from "react";
import { keyTarget, OVERSCAN, rowsInView, spacerHeights } from "./virtual_rows.ts";

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

/** The scroll area's view: its top, its height and the rows' height, read without forcing layout. */
function useScrollView(scroller: RefObject<HTMLDivElement | null>, rows: unknown) {
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(GUESS * 16);
  const [rowHeight, setRowHeight] = useState(GUESS);
  const topRef = useRef(0);
  topRef.current = top;
  // a new result: back to the top; a scroll position is written only when there is one to undo
  // (writing it lays the page out)
  useEffect(() => {
    if (topRef.current !== 0 && scroller.current !== null) scroller.current.scrollTop = 0;
    setTop(0);
  }, [rows]);
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
  return { top, setTop, height, rowHeight };
}

/** The row that has the focus, moved by the keys, and scrolled into view when it moves. */
function useActiveRow(
  scroller: RefObject<HTMLDivElement | null>,
  props: VirtualTableProps,
  view: ReturnType<typeof useScrollView>,
) {
  const { rowCount } = props;
  const [active, setActive] = useState(-1);
  const focusPending = useRef(false);
  useEffect(() => setActive(-1), [props.rows]);
  useEffect(() => {
    if (!focusPending.current || active < 0) return;
    focusPending.current = false;
    scroller.current?.querySelector<HTMLElement>(`tr[data-row="${active}"]`)?.focus();
  }, [active]);

  const moveTo = (row: number) => {
    const el = scroller.current;
    if (el === null) return;
    const next = Math.max(0, Math.min(rowCount - 1, row));
    const head = el.querySelector<HTMLElement>("thead")?.offsetHeight ?? 0;
    const y = next * view.rowHeight;
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + view.rowHeight + head > el.scrollTop + el.clientHeight) {
      el.scrollTop = y + view.rowHeight + head - el.clientHeight;
    }
    view.setTop(el.scrollTop);
    focusPending.current = true;
    setActive(next);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor(view.height / view.rowHeight) - 1);
    const to = keyTarget(e.key, active, rowCount, page);
    if (to === null || rowCount === 0) return;
    e.preventDefault();
    moveTo(to);
  };
  return { active, setActive, onKeyDown };
}

/** A table of rowCount rows that draws those in view. */
export function VirtualTable(props: VirtualTableProps) {
  const { rowCount } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const view = useScrollView(scroller, props.rows);
  const { active, setActive, onKeyDown } = useActiveRow(scroller, props, view);
  const { first, last } = rowsInView(view.top, view.height, view.rowHeight, rowCount, OVERSCAN);
  const [above, below] = spacerHeights(first, last, rowCount, view.rowHeight);
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
      onScroll={(e) => view.setTop(e.currentTarget.scrollTop)}
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
          {spacer(above, "above")}
          {rows}
          {spacer(below, "below")}
        </tbody>
      </table>
    </div>
  );
}
