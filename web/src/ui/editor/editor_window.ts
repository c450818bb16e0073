// The highlighted textarea's view and window (HighlightedTextarea.tsx): where the scroll area's
// view is, and, for a large text, which window of lines the textarea holds. Chromium lays out a
// textarea's whole text on every change: with 1 MB in it a paste blocks the page for most of a
// second and each keystroke for 100-200 ms, so a large text's textarea holds only the lines
// around the view, and sits at their place in the scroll area.

import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { type LineIndex, lineOf } from "../../features/converter/highlight.ts";
import {
  isLarge,
  lineBreaks,
  linesInView,
  lineStart,
  type LineWindow,
  nearWindowEdge,
  type ViewBox,
  windowAround,
  windowEnd,
} from "./line_window.ts";
import type { TextLike } from "./text_pieces.ts";

const sameView = (a: ViewBox, b: ViewBox) =>
  a.top === b.top && a.height === b.height && a.lineHeight === b.lineHeight && a.pad === b.pad;

/** The view box of the scroll area, read after each scroll and resize. */
export function useViewBox(
  scroller: RefObject<HTMLDivElement | null>,
  area: RefObject<HTMLTextAreaElement | null>,
) {
  const [view, setView] = useState<ViewBox>({ top: 0, height: 256, lineHeight: 20, pad: 8 });
  const measure = () => {
    const box = scroller.current;
    const el = area.current;
    if (box === null || el === null) return;
    const style = getComputedStyle(el);
    const next = {
      top: box.scrollTop,
      height: box.clientHeight,
      lineHeight: parseFloat(style.lineHeight) || 20,
      pad: parseFloat(style.paddingTop) || 8,
    };
    // the same view is no new state: each key measures, and a new object drew the editor twice
    setView((v) => sameView(v, next) ? v : next);
  };
  const frame = useRef(0);
  const scrollTo = useRef<number | null>(null);
  /**
   * Scrolls the area to `top` (when not null) and measures, at the next frame before it is
   * painted, where the browser lays the page out anyway: done in the task that changed the text,
   * the layout they forced took 3-6 ms of a 1 MB paste's or conversion's task at 1x CPU, and the
   * page was laid out again for the frame (issue 51).
   */
  const measureInFrame = (top: number | null) => {
    if (top !== null) scrollTo.current = top;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const box = scroller.current;
      if (box !== null && scrollTo.current !== null) box.scrollTop = scrollTo.current;
      scrollTo.current = null;
      flushSync(measure);
    });
  };
  useEffect(() => {
    const box = scroller.current;
    if (box === null || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, []);
  return { view, measure, measureInFrame };
}

/** The window of a text in a textarea, and how the full text maps onto it. */
export interface TextWindow {
  value: string;
  /** The value, read through the pieces it was made of when this textarea made it. */
  read: TextLike;
  lines: LineIndex;
  large: boolean;
  win: LineWindow;
  view: ViewBox;
  first: number;
  last: number;
  /** The last value this textarea sent up (a value from outside gets a new window). */
  sent: RefObject<string | null>;
  /** That value in its pieces (text_pieces.ts), to read it without flattening it. */
  sentPieces: RefObject<TextLike | null>;
  /** Where the caret goes after a full-text edit. */
  caretAfter: RefObject<number | null>;
  /** The full-text offset of the window's first character. */
  windowStart(): number;
  /** The window around a line (every line in a small text). */
  around(line: number): LineWindow;
  /** Puts a window's text in the textarea and the caret at a full-text offset, if given. */
  place(w: LineWindow, caret: number | null): void;
  /** Reads the view again before the next paint, the area first scrolled to `top` if not null. */
  measure(top: number | null): void;
}

/** The scroll area and the textarea of the editor. */
export interface EditorRefs {
  scroller: RefObject<HTMLDivElement | null>;
  area: RefObject<HTMLTextAreaElement | null>;
}

/** The window a value gets: kept for a value this textarea sent, else around the caret or view. */
function useWindowOnValue(
  t: TextWindow,
  setWin: Dispatch<SetStateAction<LineWindow>>,
  { area }: EditorRefs,
) {
  const { value, lines, large, sent, caretAfter } = t;
  useLayoutEffect(() => {
    const el = area.current;
    if (el === null) return;
    if (value === sent.current && large) {
      // a value this textarea sent keeps its window, which grew or shrank by the lines typed
      const held = lineBreaks(el.value) + 1;
      setWin((w) => (w.to === w.from + held ? w : { from: w.from, to: w.from + held }));
    } else if (value === sent.current) {
      // small again: the textarea takes the whole text, the caret where it was
      const caret = t.windowStart() + el.selectionStart;
      t.place({ from: 0, to: lines.count }, el.value === value ? null : caret);
    } else {
      // a value from outside (Clear all, a conversion, a full-text edit): a new window
      // (the view's top as last measured, not read here: reading or setting the scroll area's
      // scrollTop would lay out a 1 MB paste's page in this task, which the frame does anyway)
      const caret = caretAfter.current;
      caretAfter.current = null;
      const line = caret !== null
        ? lineOf(lines, caret)
        : Math.max(0, Math.min(lines.count - 1, Math.floor(t.view.top / t.view.lineHeight)));
      t.place(t.around(line), caret);
      sent.current = value;
      t.measure(caret !== null && large ? Math.max(0, (line - 5) * t.view.lineHeight) : null);
      return;
    }
    sent.current = value;
    t.measure(null);
  }, [value]);
}

/** The textarea's window over the full text, moved as the view scrolls near its edges. */
export function useTextWindow(
  value: string,
  lines: LineIndex,
  refs: EditorRefs,
  viewBox: ReturnType<typeof useViewBox>,
): TextWindow {
  const { area } = refs;
  const [win, setWin] = useState<LineWindow>({ from: 0, to: 1 });
  const sent = useRef<string | null>(null);
  const sentPieces = useRef<TextLike | null>(null);
  // (the same string, compared by identity: two texts of one length would be flattened)
  const pieces = sentPieces.current;
  const read = pieces !== null && pieces.toString() === value ? pieces : value;
  const caretAfter = useRef<number | null>(null);
  const large = isLarge(value.length, lines.count);
  const { view, measureInFrame } = viewBox;
  const { first, last } = linesInView(view, lines.count);
  const windowStart = () => lineStart(lines, value.length, win.from);
  const place = (w: LineWindow, caret: number | null) => {
    const el = area.current;
    if (el === null) return;
    const from = lineStart(lines, value.length, w.from);
    const text = read.slice(from, windowEnd(lines, value.length, w));
    if (el.value !== text) el.value = text;
    if (caret !== null && caret >= from && caret <= from + text.length) {
      el.setSelectionRange(caret - from, caret - from);
    }
    setWin(w);
  };
  const t: TextWindow = {
    value,
    read,
    lines,
    large,
    win,
    view,
    first,
    last,
    sent,
    sentPieces,
    caretAfter,
    windowStart,
    around: (line: number) => windowAround(line, lines.count, large),
    place,
    measure: measureInFrame,
  };
  useWindowOnValue(t, setWin, refs);

  // scrolling near the window's edge moves the window (the caret stays if it is still inside)
  useEffect(() => {
    if (!large || !nearWindowEdge(win, first, last, lines.count)) return;
    const el = area.current;
    const caret = el !== null && document.activeElement === el
      ? windowStart() + el.selectionStart
      : null;
    place(t.around(Math.floor((first + last) / 2)), caret);
  }, [first, last, large]);
  return t;
}
