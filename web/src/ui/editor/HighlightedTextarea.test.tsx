// The highlighted textarea: a labelled textarea whose value flows up in upper case, a colour
// layer for the lines in view, and for a large text a window of lines with the full-text edits
// (an edit in the window, Ctrl+A then typing, Ctrl+End) and the note that says so.

import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useMemo, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { indexLines, type Mark } from "../../features/converter/highlight.ts";
import { HighlightedTextarea } from "./HighlightedTextarea.tsx";
import { LARGE, LARGE_LINES, WINDOW } from "./line_window.ts";

const dgsl = (_i: number, line: string): Mark[] => {
  const at = line.indexOf("RRY");
  return at < 0 ? [] : [{ from: at, to: at + 3, className: "hl-dgsl" }];
};

/** The textarea in a parent that keeps its value, as the stores do. */
function Panel(props: { initial: string; seen: string[]; onKeyDown?: () => void }) {
  const [value, setValue] = useState(props.initial);
  const lines = useMemo(() => indexLines(value), [value]);
  return (
    <HighlightedTextarea
      label="Enter FFM input"
      value={value}
      lines={lines}
      marksOf={dgsl}
      onChange={(v) => {
        props.seen.push(v);
        setValue(v);
      }}
      onKeyDown={props.onKeyDown}
    />
  );
}

const field = () => screen.getByLabelText("Enter FFM input") as HTMLTextAreaElement;

/** A text of n lines, each `L{i} ...` padded so that n lines make a large text. */
const bigText = (n: number) =>
  Array.from({ length: n }, (_, i) => `L${i} ${"X".repeat(60)}`).join("\n");

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a small text", () => {
  it("is the textarea's whole value, labelled, and typing sends it up in upper case", () => {
    const seen: string[] = [];
    const initial = "FFM/8\nAB";
    render(<Panel initial={initial} seen={seen} />);
    expect(field().value).toBe("FFM/8\nAB");
    fireEvent.change(field(), { target: { value: "ffm/8\nab rry" } });
    expect(seen).toEqual(["FFM/8\nAB RRY"]);
    expect(field().value).toBe("FFM/8\nAB RRY");
    expect(screen.queryByText(/^Large message/)).toBeNull();
  });

  it("draws the lines in view with their marks, and the lines after /N/ yellow", () => {
    // happy-dom lays nothing out: the scroll area is given the height of ten lines
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(200);
    const { container } = render(
      <Panel initial={["ULD/AKE1/RRY", "/N/", "AFTER", "OSI/X"].join("\n")} seen={[]} />,
    );
    const rows = [...container.querySelectorAll(".hl-layer .hl-line")];
    expect(rows.map((r) => r.textContent)).toEqual(["ULD/AKE1/RRY", "/N/", "AFTER", "OSI/X"]);
    expect(rows[0].querySelector(".hl-dgsl")?.textContent).toBe("RRY");
    expect(rows.map((r) => r.classList.contains("hl-yellow"))).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it("hands keys to the caller first (Ctrl+Enter runs the panel)", () => {
    const onKeyDown = vi.fn();
    render(<Panel initial="A" seen={[]} onKeyDown={onKeyDown} />);
    fireEvent.keyDown(field(), { key: "Enter", ctrlKey: true });
    expect(onKeyDown).toHaveBeenCalledTimes(1);
  });
});

describe("a large text", () => {
  const lines = Math.ceil(LARGE / 60) + 200;

  it("windows a text of many short lines too, below the character limit", () => {
    const text = Array.from({ length: LARGE_LINES + 100 }, (_, i) => `L${i}`).join("\n");
    render(<Panel initial={text} seen={[]} />);
    expect(text.length).toBeLessThan(LARGE);
    expect(field().value.split("\n").length).toBeLessThan(2 * WINDOW);
    expect(screen.getByText(/^Large message: /).textContent).toContain(
      `${(LARGE_LINES + 100).toLocaleString("en")} lines`,
    );
  });

  it("puts only a window of lines in the textarea, and says so", () => {
    const text = bigText(lines);
    render(<Panel initial={text} seen={[]} />);
    expect(text.length).toBeGreaterThan(LARGE);
    // the window around the view's lines, a small part of the text
    const held = field().value.split("\n");
    expect(held.length).toBeGreaterThanOrEqual(WINDOW);
    expect(held.length).toBeLessThan(2 * WINDOW);
    expect(held[0]).toBe(`L0 ${"X".repeat(60)}`);
    expect(screen.getByText(/^Large message: /).textContent).toContain(
      `${lines.toLocaleString("en")} lines`,
    );
  });

  it("an edit in the window reaches the full text in its place", () => {
    const seen: string[] = [];
    const text = bigText(lines);
    render(<Panel initial={text} seen={seen} />);
    const held = field().value.split("\n");
    held[2] = "l2 edited";
    fireEvent.change(field(), { target: { value: held.join("\n") } });
    const full = seen[0].split("\n");
    expect(full).toHaveLength(lines);
    expect(full[2]).toBe("L2 EDITED");
    expect(full.at(-1)).toBe(`L${lines - 1} ${"X".repeat(60)}`);
  });

  it("Ctrl+A then typing replaces the whole text, not just the window", () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const seen: string[] = [];
    render(<Panel initial={bigText(lines)} seen={seen} />);
    fireEvent.keyDown(field(), { key: "a", ctrlKey: true });
    const typed = new InputEvent("beforeinput", {
      inputType: "insertText",
      data: "q",
      cancelable: true,
    });
    act(() => void field().dispatchEvent(typed));
    expect(typed.defaultPrevented).toBe(true);
    act(() => vi.runAllTimers());
    expect(seen).toEqual(["Q"]);
    expect(field().value).toBe("Q");
  });

  it("Ctrl+End moves the window and the caret to the text's end", () => {
    render(<Panel initial={bigText(lines)} seen={[]} />);
    fireEvent.keyDown(field(), { key: "End", ctrlKey: true });
    const held = field().value.split("\n");
    expect(held.at(-1)).toBe(`L${lines - 1} ${"X".repeat(60)}`);
    expect(field().selectionStart).toBe(field().value.length);
  });
});
