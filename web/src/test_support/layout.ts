// Sizes for the virtual table under happy-dom, which lays nothing out: its scroll area is 480 px
// high (16 rows in view) and each row 30 px, read as the browser gives them to the windowing
// library (clientHeight and clientWidth of the area, offsetHeight of a row).

/** Gives `.virtual-scroll` areas and table rows their sizes; returns the function that undoes it. */
export function stubVirtualLayout(): () => void {
  const size = (el: HTMLElement, area: number, row: number) =>
    el.classList.contains("virtual-scroll") ? area : el.tagName === "TR" ? row : 0;
  const sizes: Record<string, (el: HTMLElement) => number> = {
    clientHeight: (el) => size(el, 480, 30),
    clientWidth: (el) => size(el, 800, 800),
    offsetHeight: (el) => size(el, 480, 30),
  };
  for (const [name, of] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return of(this);
      },
    });
  }
  return () => {
    for (const name of Object.keys(sizes)) {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
  };
}
