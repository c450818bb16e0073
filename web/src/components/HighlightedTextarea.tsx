// A message textarea with a colour layer behind it, made for 1 MB pastes.
//
// The textarea keeps the caret, selection and keyboard; its own glyphs are transparent and the
// layer draws the text, coloured by the marks of each line, for the lines in view only. Lines do
// not wrap, so line i sits at i x line-height inside one scroll area that holds both.
//
// Chromium lays out a textarea's whole text on every change: with 1 MB in it a paste blocks the
// page for most of a second and each keystroke for 100-200 ms. So a large text (over LARGE
// characters) is not put in the textarea whole: the textarea holds a window of lines around the
// view and sits at that window's place; the full text lives in the store. Scrolling moves the
// window; pastes and Ctrl+A (select all, then type, delete, copy or cut) act on the full text,
// and Ctrl+Home, Ctrl+End, PageUp and PageDown move over it (caret_moves.ts).

import {
  type ClipboardEvent,
  type KeyboardEvent,
  type KeyboardEventHandler,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { type CaretKey, caretKey, caretTarget } from "./caret_moves.ts";
import { type LineIndex, lineOf, lineText, type Mark, segments } from "./highlight.ts";

/** Texts longer than this are edited through a window of lines. */
export const LARGE = 100_000;
/** Lines kept in the textarea above and below the view in a large text. */
const WINDOW = 120;
/** The window moves when the view comes this close to its edge. */
const MARGIN = 40;

/** Props of the highlighted textarea. */
export interface HighlightedTextareaProps {
  label: string;
  value: string;
  lines: LineIndex;
  /** The marks of line i (0-based); called only for lines in view. */
  marksOf: (i: number, line: string) => Mark[];
  onChange?: (value: string) => void;
  readOnly?: boolean;
  placeholder?: string;
  short?: boolean;
  onKeyDown?: KeyboardEventHandler<HTMLTextAreaElement>;
  /** Shown on the label's line, at its end (the panel's switch). */
  extra?: ReactNode;
}

interface Window {
  from: number;
  to: number;
}

const upper = (text: string) => text.replace(/\r\n?/g, "\n").toUpperCase();

/** A labelled message textarea whose visible lines are coloured by the given marks. */
export function HighlightedTextarea(props: HighlightedTextareaProps) {
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const [view, setView] = useState({ top: 0, height: 256, lineHeight: 20, pad: 8 });
  const [win, setWin] = useState<Window>({ from: 0, to: 1 });
  const [allSelected, setAllSelected] = useState(false);
  const sent = useRef<string | null>(null); // the last value this textarea sent up
  const caretAfter = useRef<number | null>(null); // where the caret goes after a full-text edit
  const { value, lines } = props;
  const large = value.length > LARGE;

  const offsetOf = (line: number) => line >= lines.count ? value.length : lines.starts[line];
  // the window's text ends before the line break of its last line
  const endOf = (w: Window) => w.to >= lines.count ? value.length : lines.starts[w.to] - 1;

  const measure = () => {
    const box = scroller.current;
    const el = area.current;
    if (box === null || el === null) return;
    const style = getComputedStyle(el);
    setView({
      top: box.scrollTop,
      height: box.clientHeight,
      lineHeight: parseFloat(style.lineHeight) || 20,
      pad: parseFloat(style.paddingTop) || 8,
    });
  };

  const windowAround = (line: number): Window =>
    large
      ? {
        from: Math.max(0, line - WINDOW),
        to: Math.min(lines.count, line + WINDOW),
      }
      : { from: 0, to: lines.count };

  /** Puts the window's text in the textarea and the caret at a full-text offset, if given. */
  const place = (w: Window, caret: number | null) => {
    const el = area.current;
    if (el === null) return;
    const from = offsetOf(w.from);
    const text = value.slice(from, endOf(w));
    if (el.value !== text) el.value = text;
    if (caret !== null && caret >= from && caret <= from + text.length) {
      el.setSelectionRange(caret - from, caret - from);
    }
    setWin(w);
  };

  // A value from outside (Clear all, a conversion, a full-text edit) gets a new window; a value
  // this textarea sent keeps its window, which grew or shrank by the lines typed.
  useLayoutEffect(() => {
    const el = area.current;
    if (el === null) return;
    if (value === sent.current && large) {
      const newlines = el.value.split("\n").length - 1;
      setWin((w) => ({ from: w.from, to: w.from + newlines + 1 }));
    } else if (value === sent.current) {
      // small again: the textarea takes the whole text, the caret where it was
      const caret = offsetOf(win.from) + el.selectionStart;
      place({ from: 0, to: lines.count }, el.value === value ? null : caret);
    } else {
      const caret = caretAfter.current;
      caretAfter.current = null;
      const line = caret !== null
        ? lineOf(lines, caret)
        : Math.floor((scroller.current?.scrollTop ?? 0) / view.lineHeight);
      place(windowAround(line), caret);
      if (caret !== null && large && scroller.current !== null) {
        scroller.current.scrollTop = Math.max(0, (line - 5) * view.lineHeight);
      }
    }
    sent.current = value;
    measure();
  }, [value]);

  useEffect(() => {
    const box = scroller.current;
    if (box === null || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const first = Math.max(0, Math.min(Math.floor(view.top / view.lineHeight), lines.count - 1));
  const last = Math.min(lines.count - 1, first + Math.ceil(view.height / view.lineHeight) + 1);

  // scrolling near the window's edge moves the window (the caret stays if it is still inside)
  useEffect(() => {
    if (!large) return;
    const nearTop = win.from > 0 && first < win.from + MARGIN;
    const nearEnd = win.to < lines.count && last > win.to - MARGIN;
    if (!nearTop && !nearEnd) return;
    const el = area.current;
    const caret = el !== null && document.activeElement === el
      ? offsetOf(win.from) + el.selectionStart
      : null;
    place(windowAround(Math.floor((first + last) / 2)), caret);
  }, [first, last, large]);

  /** Replaces the full text's [start, end) with text, as one edit, and places the caret after it. */
  const replace = (start: number, end: number, text: string) => {
    const next = value.slice(0, start) + text + value.slice(end);
    setAllSelected(false);
    // reading a 1 MB clipboard and indexing and drawing the result are two tasks, not one long one
    setTimeout(() => {
      caretAfter.current = start + text.length;
      props.onChange?.(next);
    });
  };

  const selection = (): [number, number] => {
    const el = area.current!;
    if (allSelected) return [0, value.length];
    const from = offsetOf(win.from);
    return [from + el.selectionStart, from + el.selectionEnd];
  };

  // pastes that make the text large, and any edit of a select-all, go to the full text
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    if (props.readOnly) return;
    const text = upper(e.clipboardData.getData("text/plain"));
    if (!allSelected && value.length + text.length <= LARGE) return;
    e.preventDefault();
    replace(...selection(), text);
  };

  useEffect(() => {
    const el = area.current;
    if (el === null) return;
    const onBeforeInput = (e: InputEvent) => {
      // pastes go through onPaste; drops and IME composition stay native
      if (props.readOnly || e.isComposing || /Paste|Drop/.test(e.inputType)) return;
      const insert = e.inputType.startsWith("insert");
      const data = insert ? e.data ?? "\n" : "";
      if (allSelected) {
        e.preventDefault();
        replace(0, value.length, upper(data));
      } else if (insert && data.length > 1 && value.length + data.length > LARGE) {
        e.preventDefault();
        replace(...selection(), upper(data));
      }
    };
    el.addEventListener("beforeinput", onBeforeInput);
    return () => el.removeEventListener("beforeinput", onBeforeInput);
  });

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    props.onKeyDown?.(e);
    if (e.defaultPrevented) return;
    if (large && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "a") {
      e.preventDefault();
      area.current?.select();
      setAllSelected(true);
    } else {
      if (allSelected && /^(Arrow|Home|End|Page|Escape)/.test(e.key)) setAllSelected(false);
      const key = large ? caretKey(e) : null;
      if (key !== null) {
        e.preventDefault();
        jump(key);
      }
    }
  };

  /** Ctrl+Home, Ctrl+End, PageUp, PageDown over the full text: window, caret and view move. */
  const jump = (key: CaretKey) => {
    const box = scroller.current;
    const el = area.current;
    if (box === null || el === null) return;
    const page = Math.max(1, Math.floor(view.height / view.lineHeight) - 1);
    const caret = allSelected ? 0 : offsetOf(win.from) + el.selectionStart;
    const target = caretTarget(key, caret, lines, value.length, page);
    place(windowAround(lineOf(lines, target)), target);
    const step = page * view.lineHeight;
    box.scrollTop = key === "start"
      ? 0
      : key === "end"
      ? box.scrollHeight
      : box.scrollTop + (key === "pageDown" ? step : -step);
  };

  const onCopy = (e: ClipboardEvent<HTMLTextAreaElement>, cut: boolean) => {
    if (!allSelected) return;
    e.preventDefault();
    e.clipboardData.setData("text/plain", value);
    if (cut && !props.readOnly) replace(0, value.length, "");
  };

  const rows = [];
  for (let i = first; i <= last && value !== ""; i++) {
    const line = lineText(value, lines, i);
    const yellow = lines.yellow[i] === 1;
    rows.push(
      <div key={i} className={yellow ? "hl-line hl-yellow" : "hl-line"}>
        {segments(line, props.marksOf(i, line)).map((s, j) =>
          s.className === "" ? s.text : <span key={j} className={s.className}>{s.text}</span>
        )}
      </div>,
    );
  }

  const lh = view.lineHeight;
  return (
    <div className="hl-label">
      <div className="hl-label-row">
        <label htmlFor={id}>{props.label}</label>
        {props.extra}
      </div>
      <div
        ref={scroller}
        className={props.short ? "hl-field short" : "hl-field"}
        onScroll={measure}
      >
        <div
          className="hl-space"
          style={{
            height: lines.count * lh + 2 * view.pad,
            width: `calc(${lines.longest + 2}ch + ${2 * view.pad}px)`,
          }}
        >
          <div
            className={allSelected ? "hl-layer hl-all" : "hl-layer"}
            aria-hidden
            style={{ top: view.pad + first * lh }}
          >
            {rows}
          </div>
          <textarea
            ref={area}
            id={id}
            className="hl-text"
            style={{ top: win.from * lh, height: (win.to - win.from) * lh + 2 * view.pad }}
            readOnly={props.readOnly}
            placeholder={props.placeholder}
            spellCheck={false}
            autoCapitalize="characters"
            wrap="off"
            aria-describedby={large ? `${id}-note` : undefined}
            onKeyDown={onKeyDown}
            onMouseDown={() => setAllSelected(false)}
            onPaste={onPaste}
            onCopy={(e) => onCopy(e, false)}
            onCut={(e) => onCopy(e, true)}
            onChange={(e) => {
              const el = e.target;
              const text = el.value.toUpperCase();
              if (text !== el.value) {
                const [start, end] = [el.selectionStart, el.selectionEnd];
                el.value = text;
                el.setSelectionRange(start, end);
              }
              setAllSelected(false);
              const next = large
                ? value.slice(0, offsetOf(win.from)) + text + value.slice(endOf(win))
                : text;
              sent.current = next;
              props.onChange?.(next);
            }}
          />
        </div>
      </div>
      {large && (
        <p className="notice" id={`${id}-note`}>
          Large message: {lines.count.toLocaleString("en")}{" "}
          lines. The text area holds the lines around the view; Ctrl+A selects the whole message.
        </p>
      )}
    </div>
  );
}
