// useAfterPaint: a changed value reaches the view only after a painted frame, and only the last
// of quick changes does.

import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAfterPaint, useGrowingCount } from "./after_paint.ts";

function Shown(props: { value: string }) {
  return <p>{useAfterPaint(props.value)}</p>;
}

const TIMERS = [
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "setTimeout",
  "clearTimeout",
] as const;

/** One painted frame and the task after it. */
const paint = () => {
  act(() => vi.advanceTimersToNextFrame());
  act(() => vi.runOnlyPendingTimers());
};

function Growing(props: { total: number; source: unknown }) {
  return <p>drawn {useGrowingCount(props.total, 4, props.source)}</p>;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useAfterPaint", () => {
  it("shows the first value at once", () => {
    render(<Shown value="first" />);
    expect(screen.getByText("first")).toBeTruthy();
  });

  it("keeps the drawn value through the frame of a change, and shows the new one after it", () => {
    vi.useFakeTimers({ toFake: [...TIMERS] });
    const { rerender } = render(<Shown value="old" />);
    rerender(<Shown value="new" />);
    expect(screen.getByText("old")).toBeTruthy();
    act(() => vi.advanceTimersToNextFrame());
    expect(screen.getByText("old")).toBeTruthy(); // the frame painted the rest of the page first
    act(() => vi.runOnlyPendingTimers());
    expect(screen.getByText("new")).toBeTruthy();
  });

  it("after quick changes, shows only the last", () => {
    vi.useFakeTimers({ toFake: [...TIMERS] });
    const { rerender } = render(<Shown value="a" />);
    rerender(<Shown value="b" />);
    rerender(<Shown value="c" />);
    act(() => vi.advanceTimersToNextFrame());
    act(() => vi.runOnlyPendingTimers());
    expect(screen.getByText("c")).toBeTruthy();
    expect(screen.queryByText("b")).toBeNull();
  });
});

describe("useGrowingCount", () => {
  it("draws a step at first and a step more after each painted frame, up to the total", () => {
    vi.useFakeTimers({ toFake: [...TIMERS] });
    render(<Growing total={10} source="a" />);
    expect(screen.getByText("drawn 4")).toBeTruthy();
    paint();
    expect(screen.getByText("drawn 8")).toBeTruthy();
    paint();
    expect(screen.getByText("drawn 10")).toBeTruthy();
    paint();
    expect(screen.getByText("drawn 10")).toBeTruthy();
  });

  it("starts again from one step for a new source, and never passes a smaller total", () => {
    vi.useFakeTimers({ toFake: [...TIMERS] });
    const { rerender } = render(<Growing total={10} source="a" />);
    paint();
    paint();
    rerender(<Growing total={3} source="b" />);
    expect(screen.getByText("drawn 3")).toBeTruthy();
    rerender(<Growing total={9} source="c" />);
    expect(screen.getByText("drawn 4")).toBeTruthy();
    paint();
    expect(screen.getByText("drawn 8")).toBeTruthy();
  });
});
