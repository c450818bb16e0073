// The highlighted textarea's edits over the full text (HighlightedTextarea.tsx). A large text's
// textarea holds a window of lines (editor_window.ts), so what would reach past it is answered
// here over the full text: pastes that make the text large, Ctrl+A (select all, then type, delete,
// copy or cut), and Ctrl+Home, Ctrl+End, PageUp and PageDown (caret_moves.ts).

import {
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  type KeyboardEventHandler,
  useEffect,
  useState,
} from "react";
import { type CaretKey, caretKey, caretTarget } from "./caret_moves.ts";
import type { EditorRefs, TextWindow } from "./editor_window.ts";
import { lineOf } from "../../features/converter/highlight.ts";
import {
  isLarge,
  lineBreaks,
  pageLines,
  type TextEdit,
  upper,
  windowEdit,
  withWindowText,
} from "./line_window.ts";

/** What the edits need of the editor's props. */
export interface EditProps {
  onChange?: (value: string, edit?: TextEdit) => void;
  readOnly?: boolean;
  onKeyDown?: KeyboardEventHandler<HTMLTextAreaElement>;
}

/** The textarea's handlers, and whether the whole text is selected (Ctrl+A in a large text). */
export interface Edits {
  allSelected: boolean;
  clearAllSelected(): void;
  onPaste(e: ClipboardEvent<HTMLTextAreaElement>): void;
  onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): void;
  onCopy(e: ClipboardEvent<HTMLTextAreaElement>, cut: boolean): void;
  onChange(e: ChangeEvent<HTMLTextAreaElement>): void;
}

/** Where the scroll area's top goes after a caret key (a page, or an end of the text). */
function scrollAfter(key: CaretKey, box: HTMLDivElement, step: number): number {
  if (key === "start") return 0;
  if (key === "end") return box.scrollHeight;
  return box.scrollTop + (key === "pageDown" ? step : -step);
}

/** Upper-cases the textarea's text where it is, the selection kept; returns the text. */
function upperInPlace(el: HTMLTextAreaElement): string {
  const text = el.value.toUpperCase();
  if (text !== el.value) {
    const [start, end] = [el.selectionStart, el.selectionEnd];
    el.value = text;
    el.setSelectionRange(start, end);
  }
  return text;
}

/** Typing (beforeinput) over a select-all, or a large insert: replaced in the full text. */
function useFullTextInput(
  props: EditProps,
  t: TextWindow,
  refs: EditorRefs,
  allSelected: boolean,
  replace: (start: number, end: number, text: string) => void,
  selection: () => [number, number],
) {
  useEffect(() => {
    const el = refs.area.current;
    if (el === null) return;
    const onBeforeInput = (e: InputEvent) => {
      // pastes go through onPaste; drops and IME composition stay native
      if (props.readOnly || e.isComposing || /Paste|Drop/.test(e.inputType)) return;
      const insert = e.inputType.startsWith("insert");
      const data = insert ? e.data ?? "\n" : "";
      if (allSelected) {
        e.preventDefault();
        replace(0, t.value.length, upper(data));
      } else if (
        insert && data.length > 1 &&
        isLarge(t.value.length + data.length, t.lines.count + lineBreaks(data))
      ) {
        e.preventDefault();
        replace(...selection(), upper(data));
      }
    };
    el.addEventListener("beforeinput", onBeforeInput);
    return () => el.removeEventListener("beforeinput", onBeforeInput);
  });
}

/** Ctrl+Home, Ctrl+End, PageUp, PageDown over the full text: window, caret and view move. */
function jump(t: TextWindow, refs: EditorRefs, allSelected: boolean, key: CaretKey) {
  const box = refs.scroller.current;
  const el = refs.area.current;
  if (box === null || el === null) return;
  const page = pageLines(t.view);
  const caret = allSelected ? 0 : t.windowStart() + el.selectionStart;
  const target = caretTarget(key, caret, t.lines, t.value.length, page);
  t.place(t.around(lineOf(t.lines, target)), target);
  box.scrollTop = scrollAfter(key, box, page * t.view.lineHeight);
}

/** The textarea's edits: native inside the window, over the full text where they reach past it. */
export function useFullTextEdits(props: EditProps, t: TextWindow, refs: EditorRefs): Edits {
  const [allSelected, setAllSelected] = useState(false);
  const { value, lines } = t;

  /** Replaces the full text's [start, end) with text, as one edit, and places the caret after it. */
  const replace = (start: number, end: number, text: string) => {
    const next = t.read.slice(0, start) + text + t.read.slice(end);
    setAllSelected(false);
    // reading a 1 MB clipboard and indexing and drawing the result are two tasks, not one long one
    setTimeout(() => {
      t.caretAfter.current = start + text.length;
      props.onChange?.(next, {
        before: value,
        from: start,
        oldEnd: end,
        newEnd: start + text.length,
      });
    });
  };
  const selection = (): [number, number] => {
    const el = refs.area.current!;
    if (allSelected) return [0, value.length];
    return [t.windowStart() + el.selectionStart, t.windowStart() + el.selectionEnd];
  };
  useFullTextInput(props, t, refs, allSelected, replace, selection);

  return {
    allSelected,
    clearAllSelected: () => setAllSelected(false),
    // pastes that make the text large, and any edit of a select-all, go to the full text
    onPaste(e) {
      if (props.readOnly) return;
      const text = upper(e.clipboardData.getData("text/plain"));
      if (!allSelected && !isLarge(value.length + text.length, lines.count + lineBreaks(text))) {
        return;
      }
      e.preventDefault();
      replace(...selection(), text);
    },
    onKeyDown(e) {
      props.onKeyDown?.(e);
      if (e.defaultPrevented) return;
      if (t.large && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "a") {
        e.preventDefault();
        refs.area.current?.select();
        setAllSelected(true);
        return;
      }
      if (allSelected && /^(Arrow|Home|End|Page|Escape)/.test(e.key)) setAllSelected(false);
      const key = t.large ? caretKey(e) : null;
      if (key !== null) {
        e.preventDefault();
        jump(t, refs, allSelected, key);
      }
    },
    onCopy(e, cut) {
      if (!allSelected) return;
      e.preventDefault();
      e.clipboardData.setData("text/plain", value);
      if (cut && !props.readOnly) replace(0, value.length, "");
    },
    onChange(e) {
      const text = upperInPlace(e.target);
      setAllSelected(false);
      // the new text in pieces: read through them, it is not flattened by this key (text_pieces.ts)
      const next = withWindowText(t.read, lines, t.win, text, t.large);
      const edit = windowEdit(t.read, lines, t.win, text, t.large, next);
      t.sent.current = next.toString();
      t.sentPieces.current = next;
      props.onChange?.(next.toString(), edit);
    },
  };
}
