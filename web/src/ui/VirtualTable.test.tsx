// The virtual table in the page: only the rows in view are drawn, each with its place for screen
// readers, a spacer keeps the scroll length, and the keys move the focus from row to row.

import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stubVirtualLayout } from "../test_support/layout.ts";
import { VirtualTable } from "./VirtualTable.tsx";

const ROWS = Array.from({ length: 1000 }, (_, i) => `ULD${i}`);

function Table(props: { rows?: string[] }) {
  const rows = props.rows ?? ROWS;
  return (
    <>
      <h2 id="t">Owned</h2>
      <VirtualTable
        labelledBy="t"
        regionLabel="Owned, rows"
        columns={["ULD", "Flags"]}
        rowCount={rows.length}
        rows={rows}
        cells={(i) => (
          <>
            <td>{rows[i]}</td>
            <td>{i % 2 === 0 ? "DUP" : ""}</td>
          </>
        )}
        rowClass={(i) => (i % 2 === 0 ? "duplicate" : undefined)}
      />
    </>
  );
}

const region = () => screen.getByRole("region", { name: "Owned, rows" });
const drawn = () => [...region().querySelectorAll("tbody tr[data-row]")];

let unstub: () => void = () => {};
beforeEach(() => (unstub = stubVirtualLayout()));
afterEach(() => {
  cleanup();
  unstub();
});

const focusedRow = () => document.activeElement?.getAttribute("data-row");
/** A key on the table, and the scroll event the browser sends when it moved the view. */
const press = (key: string) => {
  fireEvent.keyDown(region(), { key });
  fireEvent.scroll(region());
};

describe("a virtual table", () => {
  it("draws the first rows only, with their places and marks, and a spacer for the rest", () => {
    render(<Table />);
    const rows = drawn();
    // the view of 16 rows and 8 below it
    expect(rows).toHaveLength(24);
    expect(rows[0].getAttribute("aria-rowindex")).toBe("2");
    expect(rows[0].className).toBe("duplicate");
    expect(rows[1].className).toBe("");
    expect(screen.getByRole("table").getAttribute("aria-rowcount")).toBe("1001");
    const spacer = region().querySelector<HTMLElement>(".virtual-spacer td")!;
    expect(spacer.style.height).toBe(`${(1000 - 24) * 30}px`);
  });

  it("draws the rows of the scrolled-to place", () => {
    render(<Table />);
    region().scrollTop = 15_000;
    fireEvent.scroll(region());
    const first = Number(drawn()[0].getAttribute("data-row"));
    expect(first).toBe(500 - 8);
    expect(drawn().some((r) => r.textContent?.startsWith("ULD500"))).toBe(true);
  });

  it("moves the focus by the keys: down, End, Home", async () => {
    render(<Table />);
    press("ArrowDown");
    await waitFor(() => expect(focusedRow()).toBe("0"));
    press("ArrowDown");
    await waitFor(() => expect(focusedRow()).toBe("1"));
    expect(document.activeElement?.className).toContain("active");
    press("End");
    await waitFor(() => expect(focusedRow()).toBe("999"));
    expect(document.activeElement?.getAttribute("aria-rowindex")).toBe("1001");
    press("Home");
    await waitFor(() => expect(focusedRow()).toBe("0"));
  });

  it("new rows: back to the top with no row active", async () => {
    const { rerender } = render(<Table />);
    press("End");
    await waitFor(() => expect(focusedRow()).toBe("999"));
    rerender(<Table rows={ROWS.slice(0, 10)} />);
    await waitFor(() => expect(drawn()).toHaveLength(10));
    expect(drawn().some((r) => r.className.includes("active"))).toBe(false);
    expect(region().querySelector(".virtual-spacer")).toBeNull();
  });
});
