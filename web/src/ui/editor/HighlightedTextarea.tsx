// A message textarea with a colour layer behind it, made for 1 MB pastes.
//
// The textarea keeps the caret, selection and keyboard; its own glyphs are transparent and the
// layer draws the text, coloured by the marks of each line, for the lines in view only. Lines do
// not wrap, so line i sits at i x line-height inside one scroll area that holds both. A large
// text's textarea holds only a window of lines around the view (editor_window.ts), and the edits
// that reach past the window act on the full text (editor_edits.ts).
//
// Kept hand-written rather than CodeMirror 6 (issue 24 point 6), by measurement: the converter's
// FFM panel as a CodeMirror 6.43 view (@codemirror/view, state and commands, without the colour
// layer), against this one in the browser bench's converter phases, 2 runs each in turns
// (2026-11-24, 2-core host): the first 1 MB paste took 130-152 ms with a 63-70 ms task, and one
// conversion had a 52 ms task; here the paste took 78-110 ms and no task passed 50 ms. Typing 20
// keys at the end took 387-453 ms there and 343-563 ms here. The panels are also a native labelled
// <textarea> whose value the converter, the extractor, the e2e specs and the bench read and fill
// (getByLabel, toHaveValue, Ctrl+Enter on the field), which CodeMirror's contenteditable has not.

import { type KeyboardEventHandler, type ReactNode, useId, useRef } from "react";
import { CONV_EDITOR } from "../../i18n/areas/conv_editor.ts";
import { useT } from "../../i18n/i18n.ts";
import { useFullTextEdits } from "./editor_edits.ts";
import { type EditorRefs, useTextWindow, useViewBox } from "./editor_window.ts";
import type { TextEdit } from "./line_window.ts";
import type { TextLike } from "./text_pieces.ts";
import {
  type LineIndex,
  lineText,
  type Mark,
  segments,
} from "../../features/converter/highlight.ts";

/** Props of the highlighted textarea. */
export interface HighlightedTextareaProps {
  label: string;
  value: string;
  lines: LineIndex;
  /** The marks of line i (0-based); called only for lines in view. */
  marksOf: (i: number, line: string) => Mark[];
  /** The new text, and where it changed (TextEdit: for an index kept up to date by edits). */
  onChange?: (value: string, edit?: TextEdit) => void;
  readOnly?: boolean;
  placeholder?: string;
  short?: boolean;
  onKeyDown?: KeyboardEventHandler<HTMLTextAreaElement>;
  /** Shown on the label's line, at its end (the panel's switch). */
  extra?: ReactNode;
}

/**
 * The coloured lines first..last of the text, each a div of its marked segments; the text read
 * through the pieces the editor made it of (text_pieces.ts), not flattened.
 */
function HighlightLines(
  props: Pick<HighlightedTextareaProps, "lines" | "marksOf"> & {
    read: TextLike;
    first: number;
    last: number;
  },
) {
  const { read, lines } = props;
  const rows = [];
  for (let i = props.first; i <= props.last && read.length > 0; i++) {
    const line = lineText(read, lines, i);
    rows.push(
      <div key={i} className={lines.yellow[i] === 1 ? "hl-line hl-yellow" : "hl-line"}>
        {segments(line, props.marksOf(i, line)).map((s, j) =>
          s.className === "" ? s.text : <span key={j} className={s.className}>{s.text}</span>
        )}
      </div>,
    );
  }
  return <>{rows}</>;
}

/**
 * A labelled message textarea whose visible lines are coloured by the given marks. The message,
 * its colour layer and their scroll area run left to right in every language (a cargo message is
 * left-to-right text, and the layer must sit exactly under the textarea's glyphs).
 */
export function HighlightedTextarea(props: HighlightedTextareaProps) {
  const tr = useT(CONV_EDITOR);
  const id = useId();
  const refs: EditorRefs = {
    scroller: useRef<HTMLDivElement>(null),
    area: useRef<HTMLTextAreaElement>(null),
  };
  const viewBox = useViewBox(refs.scroller, refs.area);
  const t = useTextWindow(props.value, props.lines, refs, viewBox);
  const edits = useFullTextEdits(props, t, refs);
  const { view, win, large, lines } = t;
  const lh = view.lineHeight;
  return (
    <div className="hl-label">
      <div className="hl-label-row">
        <label htmlFor={id}>{props.label}</label>
        {props.extra}
      </div>
      <div
        ref={refs.scroller}
        className={props.short ? "hl-field short" : "hl-field"}
        dir="ltr"
        onScroll={viewBox.measure}
      >
        <div
          className="hl-space"
          style={{
            height: lines.count * lh + 2 * view.pad,
            width: `calc(${lines.longest + 2}ch + ${2 * view.pad}px)`,
          }}
        >
          <div
            className={edits.allSelected ? "hl-layer hl-all" : "hl-layer"}
            dir="ltr"
            aria-hidden
            style={{ top: view.pad + t.first * lh }}
          >
            <HighlightLines
              read={t.read}
              lines={lines}
              marksOf={props.marksOf}
              first={t.first}
              last={t.last}
            />
          </div>
          <textarea
            ref={refs.area}
            id={id}
            className="hl-text"
            dir="ltr"
            style={{ top: win.from * lh, height: (win.to - win.from) * lh + 2 * view.pad }}
            readOnly={props.readOnly}
            placeholder={props.placeholder}
            spellCheck={false}
            autoCapitalize="characters"
            wrap="off"
            aria-describedby={large ? `${id}-note` : undefined}
            onKeyDown={edits.onKeyDown}
            onMouseDown={edits.clearAllSelected}
            onPaste={edits.onPaste}
            onCopy={(e) => edits.onCopy(e, false)}
            onCut={(e) => edits.onCopy(e, true)}
            onChange={edits.onChange}
          />
        </div>
      </div>
      {large && (
        <p className="notice" id={`${id}-note`}>
          {tr("largeNote", { count: lines.count.toLocaleString("en") })}
        </p>
      )}
    </div>
  );
}
