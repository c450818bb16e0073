// The converter's History tab: the search by flight and its count, 'Show more', Open putting a
// conversion back (or saying its texts are gone), and Clear history only once confirmed.

import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConversionResult } from "../../../../engine/types.ts";
import { useConverter } from "./converter.ts";
import { type HistorySummary, type HistoryTexts, useHistory } from "./history.ts";
import { ConverterHistory } from "./ConverterHistory.tsx";

const AT = Date.UTC(2026, 10, 20, 8, 0);

/** A kept conversion of a flight, the n-th newest. */
const summary = (flight: string, n: number): HistorySummary => ({
  id: `h${n}`,
  at: AT - n * 60_000,
  flight,
  origin: "CAI",
  destinations: ["JFK"],
  totals: { gross: 1200, net: 1000.25, tare: 200, ulds: 2, bulk: 0 },
});

const TEXTS: HistoryTexts = {
  ffm: "FFM/8\n1/MS985/22MAR/CAI\nLAST",
  uws: "UWS\nMS985/22.CAI.FINAL",
  secondDest: "",
  result: {
    ok: true,
    warnings: [],
    flightHeader: "MS985/22.CAI.FINAL",
  } as unknown as ConversionResult,
};

const texts = vi.fn((id: string) => Promise.resolve(id === "h0" ? TEXTS : null));
const clear = vi.fn(() => Promise.resolve());
const original = useHistory.getState();

beforeEach(() => {
  texts.mockClear();
  clear.mockClear();
  // the device's storage is the store's own concern (history.test.ts): here the list is given
  useHistory.setState({ entries: null, error: null, load: () => Promise.resolve(), texts, clear });
});
afterEach(() => {
  cleanup();
  useHistory.setState(original, true);
});

function show(entries: HistorySummary[]) {
  const onOpened = vi.fn();
  render(<ConverterHistory onOpened={onOpened} />);
  act(() => useHistory.setState({ entries }));
  return onOpened;
}

describe("the History tab", () => {
  it("finds conversions by flight and says how many of all it shows", () => {
    show([summary("MS985/22", 0), summary("AC857/23", 1), summary("MS986/22", 2)]);
    expect(screen.getByText("3 conversions")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Search by flight"), { target: { value: "ms 98" } });
    expect(screen.getByText("2 of 3 conversions")).toBeTruthy();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("Search by flight"), { target: { value: "BA1" } });
    expect(screen.getByText("No conversion of that flight")).toBeTruthy();
  });

  it("draws 50 at a time with 'Show more'", () => {
    show(Array.from({ length: 70 }, (_, i) => summary(`MS${100 + i}/22`, i)));
    expect(screen.getAllByRole("listitem")).toHaveLength(50);
    fireEvent.click(screen.getByRole("button", { name: "Show 20 more" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(70);
    expect(screen.queryByRole("button", { name: /^Show \d+ more$/ })).toBeNull();
  });

  it("opens a conversion back into the converter, or says its texts are gone", async () => {
    const onOpened = show([summary("MS985/22", 0), summary("AC857/23", 1)]);
    const item = within(screen.getAllByRole("listitem")[1]);
    expect(item.getByText("1000.3")).toBeTruthy();
    fireEvent.click(item.getByRole("button", { name: /^Open AC857\/23/ }));
    await act(() => Promise.resolve());
    expect(screen.getByText(/^The texts of AC857\/23 \(.+\) are no longer on this device\.$/))
      .toBeTruthy();
    expect(onOpened).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: /^Open MS985\/22/ }));
    await act(() => Promise.resolve());
    expect(texts).toHaveBeenLastCalledWith("h0");
    expect(onOpened).toHaveBeenCalledOnce();
    expect(useConverter.getState().ffm).toBe(TEXTS.ffm);
    expect(useConverter.getState().output).toBe(TEXTS.uws);
  });

  it("clears the history only once confirmed", () => {
    show([summary("MS985/22", 0), summary("AC857/23", 1)]);
    fireEvent.click(screen.getByRole("button", { name: "Clear history" }));
    const dialog = screen.getByRole("dialog");
    expect(dialog.textContent).toContain(
      "Remove the 2 conversions kept on this device? This cannot be undone.",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(clear).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Clear history" }));
    fireEvent.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Clear history" }),
    );
    expect(clear).toHaveBeenCalledOnce();
  });
});
