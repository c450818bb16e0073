// A table that draws only the rows in view (design 4.5: big pastes stay light): a day of traffic
// has 46,000 ULDs, and drawing them all blocked the page for seconds. The windowing is
// @tanstack/react-virtual's; spacer rows stand for the rows not drawn, so the scroll bar tells the
// whole length. The scroll area is a tab stop; the arrow keys, Page Up/Down, Home and End move the
// focus from row to row, and each row carries its place (aria-rowindex of aria-rowcount) for
// screen readers.
//
// The library replaced a hand-written window (issue 24 point 6) after the browser bench measured
// both in turns (2026-11-24, 2-core host, 2 runs each, the same keys and focus): the extractor
// page's longest task 50-55 ms with it against 71-73 ms ("one message in view, then all again"),
// and no task over 50 ms in its 4 runs to the lists against 2 of 4 (52-55 ms); the other phases
// did not differ past noise. It is given the two sizes it would otherwise read in the middle of
// a render (useRowHeight, observeAreaSize); with them, 3 runs each in turns: runs to the lists
// over 50 ms in 1 of 6 against 1 of 6, the switch 53-65 ms against 53-68 ms.

import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from "react";
import {
  elementScroll,
  type Rect,
  useVirtualizer,
  type Virtualizer,
  type VirtualizerOptions,
} from "@tanstack/react-virtual";
import { keyTarget, OVERSCAN } from "./virtual_rows.ts";

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
  /** "ltr" for a table of message output (ULD lists) that reads left to right in every
   * language. */
  dir?: "ltr";
  /** The rows' source: when it changes the view goes back to the top. */
  rows: unknown;
}

/**
 * The scroll area's size, from a ResizeObserver only: the library's default reads clientHeight
 * when the table mounts, a forced layout (17 ms of the extractor page's task when the view
 * switched to all messages and the conflicts table came in, browser bench trace). Its height is
 * the one it grows to (its max-height) when it is smaller: an area drawn empty would otherwise
 * draw one row (and the overscan) when rows come, then the rest once the observer saw it grow,
 * a second render and layout of every list a frame later (20-25 ms of thread time at 1x CPU,
 * the extractor's run to the lists, trace of the browser bench's flow).
 */
function observeAreaSize(
  instance: Virtualizer<HTMLDivElement, Element>,
  report: (rect: Rect) => void,
): (() => void) | undefined {
  const el = instance.scrollElement;
  if (el === null || typeof ResizeObserver === "undefined") return undefined;
  const observer = new ResizeObserver(() => {
    const most = parseFloat(getComputedStyle(el).maxHeight);
    report({ width: el.clientWidth, height: Math.max(el.clientHeight, most || 0) });
  });
  observer.observe(el);
  return () => observer.disconnect();
}

/**
 * The rows' one height, read when the browser has laid the table out (a ResizeObserver): the
 * library's measureElement reads each row's size as it is drawn, a forced layout that took 32 ms
 * of the extractor page's task when the view switched messages (browser bench trace).
 */
function useRowHeight(scroller: RefObject<HTMLDivElement | null>): number {
  const [rowHeight, setRowHeight] = useState(GUESS);
  useEffect(() => {
    const el = scroller.current;
    if (el === null || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      const row = el.querySelector<HTMLElement>("tbody tr[aria-rowindex]");
      if (row !== null && row.offsetHeight > 0) setRowHeight(row.offsetHeight);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return rowHeight;
}

/**
 * The library's scroll writes, but for its first one on a fresh scroll area (to the top, where
 * the area already stands): a scroll write lays the page out there and then, in the middle of
 * the render that brought the table in (the conflicts table: 25-60 ms of the extractor page's
 * task at 4x CPU, browser bench trace).
 */
function useScrollWrites(): {
  scrollToFn: VirtualizerOptions<HTMLDivElement, Element>["scrollToFn"];
  moved: () => void;
} {
  const moved = useRef(false);
  return {
    scrollToFn: (offset, options, instance) => {
      if (!moved.current && offset + (options.adjustments ?? 0) === 0) return;
      moved.current = true;
      elementScroll(offset, options, instance);
    },
    moved: () => (moved.current = true),
  };
}

/**
 * Back to the top for a new row source, written as the render starts, before it changes the
 * page: the page is laid out then, and the write costs nothing. Written after the render (the
 * library's scrollToOffset), it laid out the new rows in the middle of the task (getMaxScrollOffset,
 * then scrollTo: 40-75 ms of the extractor page's task at 4x CPU when the view switched
 * messages, browser bench trace). The library is told the new offset, so that this render draws
 * the rows at the top.
 */
function useTopOnNewRows(
  scroller: RefObject<HTMLDivElement | null>,
  rows: unknown,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  moved: () => void,
): void {
  const shown = useRef(rows);
  if (shown.current === rows) return;
  shown.current = rows;
  const el = scroller.current;
  if (el === null || (virtualizer.scrollOffset ?? 0) === 0) return;
  moved();
  el.scrollTop = 0;
  virtualizer.scrollOffset = 0;
}

/** The row that has the focus, moved by the keys, and scrolled into view when it moves. */
function useActiveRow(
  scroller: RefObject<HTMLDivElement | null>,
  props: VirtualTableProps,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  rowHeight: number,
  moved: () => void,
) {
  const { rowCount } = props;
  const [active, setActive] = useState(-1);
  const focusPending = useRef(false);
  useEffect(() => setActive(-1), [props.rows]);
  // the row is drawn once the scroll event of the move has come: focus it then
  useEffect(() => {
    if (!focusPending.current || active < 0) return;
    const row = scroller.current?.querySelector<HTMLElement>(`tr[data-row="${active}"]`);
    if (row == null) return;
    focusPending.current = false;
    row.focus();
  });
  // the view is moved by its scroll position, as the old table did: the library's own
  // scrollToIndex lands over several frames and does not know the sticky header's height; the
  // scroll event that follows has the library draw the rows there
  const moveTo = (row: number) => {
    const el = scroller.current;
    const next = Math.max(0, Math.min(rowCount - 1, row));
    const item = virtualizer.measurementsCache[next];
    if (el === null || item === undefined) return;
    moved();
    const head = el.querySelector<HTMLElement>("thead")?.offsetHeight ?? 0;
    if (item.start < el.scrollTop) el.scrollTop = item.start;
    else if (item.end + head > el.scrollTop + el.clientHeight) {
      el.scrollTop = item.end + head - el.clientHeight;
    }
    focusPending.current = true;
    setActive(next);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((virtualizer.scrollRect?.height ?? 0) / rowHeight) - 1);
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
  const rowHeight = useRowHeight(scroller);
  const writes = useScrollWrites();
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    initialRect: { width: 800, height: GUESS * 16 },
    observeElementRect: observeAreaSize,
    scrollToFn: writes.scrollToFn,
  });
  useEffect(() => virtualizer.measure(), [rowHeight]);
  useTopOnNewRows(scroller, props.rows, virtualizer, writes.moved);
  const { active, setActive, onKeyDown } = useActiveRow(
    scroller,
    props,
    virtualizer,
    rowHeight,
    writes.moved,
  );
  const items = virtualizer.getVirtualItems();
  const above = items.length > 0 ? items[0].start : 0;
  const below = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const rows: ReactNode[] = [];
  for (const item of items) {
    const i = item.index;
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
      dir={props.dir}
      tabIndex={0}
      role="region"
      aria-label={props.regionLabel}
      onKeyDown={onKeyDown}
      onScroll={writes.moved}
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
