// The admin navigation on a phone: one row that scrolls sideways, with the current page marked and
// scrolled into view, so the page one is on is never hidden off the edge.

import { afterEach, describe, expect, it } from "vitest";
import { showCurrent } from "./AdminFrame.tsx";

/** A nav of `n` links 100 px wide in a row `width` px wide, the link `current` marked. */
function navOf(n: number, width: number, current: number): HTMLElement {
  const nav = document.createElement("nav");
  for (let i = 0; i < n; i++) {
    const a = document.createElement("a");
    if (i === current) a.setAttribute("aria-current", "page");
    Object.defineProperty(a, "offsetWidth", { value: 100 });
    // where the link is on the screen: its place in the row less the row's scroll
    a.getBoundingClientRect = () => ({ left: 10 + i * 100 - nav.scrollLeft }) as DOMRect;
    nav.append(a);
  }
  Object.defineProperty(nav, "clientWidth", { value: width });
  Object.defineProperty(nav, "scrollWidth", { value: n * 100 });
  nav.getBoundingClientRect = () => ({ left: 10 }) as DOMRect;
  document.body.append(nav);
  return nav;
}

afterEach(() => document.body.replaceChildren());

describe("the admin navigation's row", () => {
  it("scrolls the current page to the middle of a narrow row", () => {
    const nav = navOf(10, 300, 7);
    showCurrent(nav);
    // link 7 spans 700-800: centred in 300 px, the row starts at 600
    expect(nav.scrollLeft).toBe(600);
    const at = nav.querySelector<HTMLElement>('[aria-current="page"]')!.getBoundingClientRect();
    expect(at.left - 10).toBe(100);
  });

  it("leaves a row that fits, and a nav without a current page, as they are", () => {
    const wide = navOf(5, 600, 4);
    showCurrent(wide);
    expect(wide.scrollLeft).toBe(0);
    const none = navOf(10, 300, -1);
    showCurrent(none);
    expect(none.scrollLeft).toBe(0);
    showCurrent(null);
  });
});
