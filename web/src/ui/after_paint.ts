// Drawing a big result in stages (design 8: no main-thread task over 50 ms). A day of traffic's
// lists, details and balance laid out in one frame took 80-130 ms of style and layout on a 2-core
// PC (measured: the message selector's thousand options alone take 18 ms). Parts that can come a
// frame later take their value through this hook, and the browser lays them out in a task of their own.

import { useEffect, useState } from "react";

/**
 * The value as it was drawn last, which becomes the given one once the browser has painted the
 * frame in which it changed (a frame, then a task: their layout is not the same task's).
 */
export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setShown(() => value))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value, shown]);
  return shown;
}

/**
 * How many of `total` items to draw: `step` at first, then `step` more after each painted frame,
 * until all are drawn; from `step` again when `source` changes. For long lists that cannot be
 * windowed (a <select>'s options: the browser styles and measures each one).
 */
export function useGrowingCount(total: number, step: number, source: unknown): number {
  const [drawn, setDrawn] = useState({ source, count: Math.min(total, step) });
  const count = drawn.source === source ? Math.min(drawn.count, total) : Math.min(total, step);
  useEffect(() => {
    if (drawn.source !== source) return setDrawn({ source, count });
    if (count >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDrawn({ source, count: Math.min(total, count + step) }));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [source, count, total, step, drawn.source]);
  return count;
}
