// A message textarea with a colour layer behind it. The textarea keeps the text, caret,
// selection and keyboard; its own glyphs are transparent and the layer draws the text, coloured by
// the marks of each line. Lines do not wrap, so line i sits at i x line-height and the layer only
// renders the lines in view: a 1 MB paste costs one line index, not a million spans.

import {
  type KeyboardEventHandler,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { type LineIndex, lineText, type Mark, segments } from "./highlight.ts";

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
}

interface View {
  top: number;
  left: number;
  height: number;
  lineHeight: number;
}

/** A labelled message textarea whose visible lines are coloured by the given marks. */
export function HighlightedTextarea(props: HighlightedTextareaProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const [view, setView] = useState<View>({ top: 0, left: 0, height: 400, lineHeight: 20 });

  const measure = () => {
    const el = area.current;
    if (el === null) return;
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
    setView({ top: el.scrollTop, left: el.scrollLeft, height: el.clientHeight, lineHeight });
  };

  useLayoutEffect(measure, [props.value]);
  useEffect(() => {
    const el = area.current;
    if (el === null || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const first = Math.min(Math.floor(view.top / view.lineHeight), props.lines.count - 1);
  const last = Math.min(props.lines.count - 1, first + Math.ceil(view.height / view.lineHeight));
  const rows = [];
  for (let i = Math.max(0, first); i <= last && props.value !== ""; i++) {
    const line = lineText(props.value, props.lines, i);
    const yellow = props.lines.yellow[i] === 1;
    rows.push(
      <div key={i} className={yellow ? "hl-line hl-yellow" : "hl-line"}>
        {segments(line, props.marksOf(i, line)).map((s, j) =>
          s.className === "" ? s.text : <span key={j} className={s.className}>{s.text}</span>
        )}
      </div>,
    );
  }

  return (
    <div className="hl-label">
      <label htmlFor={id}>{props.label}</label>
      <div className="hl-field">
        <div className={props.short ? "message short hl-layer" : "message hl-layer"} aria-hidden>
          <div
            style={{
              transform: `translate(${-view.left}px, ${
                Math.max(0, first) * view.lineHeight - view.top
              }px)`,
            }}
          >
            {rows}
          </div>
        </div>
        <textarea
          ref={area}
          id={id}
          className={props.short ? "message short hl-text" : "message hl-text"}
          value={props.value}
          readOnly={props.readOnly}
          placeholder={props.placeholder}
          spellCheck={false}
          autoCapitalize="characters"
          wrap="off"
          onScroll={measure}
          onKeyDown={props.onKeyDown}
          onChange={(e) => props.onChange?.(e.target.value.toUpperCase())}
        />
      </div>
    </div>
  );
}
