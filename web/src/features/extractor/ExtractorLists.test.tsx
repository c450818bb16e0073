// The extractor's three lists drawn from a real extraction (the engine run in-process): each
// titled with its count, the marks as words, the In/Out and Msg columns only where they mean
// something, Copy wired to its list, and "No ULDs" for an empty one.

import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { engineApi } from "../../../../engine/engine_api.ts";
import { THROUGH_FLIGHT } from "../../../../engine/test_support/traffic.ts";
import { ALL } from "./rows.ts";
import { stubVirtualLayout } from "../../test_support/layout.ts";
import { useExtractor } from "./extractor.ts";
import { ExtractorLists } from "./ExtractorLists.tsx";

const CPM = "CPM\nBA0117/16.GBZHA.C48Y312\n-11L/AKE12345BA/JFK/850/B\n-11R/AKE12346R7/JFK/850/B\n" +
  "-12L/PMC1234AB/JFK/900/C\n-12R/AKE12345BA/JFK/850/X\n-BULK/JFK/120/B\nSI NIL";

const initial = useExtractor.getState();
const copied: string[] = [];

/** The store as after a run of text, all messages in view. */
function extracted(text: string, selected = ALL) {
  const result = engineApi.extractUldTable(text, { ownerCode: "MS", rentedCodes: ["R7"] });
  useExtractor.setState({ result, selected });
}

const list = (name: RegExp) => screen.getByRole("region", { name });
const headers = (name: RegExp) =>
  within(list(name)).getAllByRole("columnheader").map((h) => h.textContent);

let unstub: () => void = () => {};
beforeEach(() => {
  unstub = stubVirtualLayout();
  useExtractor.setState(initial, true);
  copied.length = 0;
  useExtractor.setState({ copyList: (l) => Promise.resolve(void copied.push(l)) });
});
afterEach(() => {
  cleanup();
  unstub();
});

describe("the extractor's lists", () => {
  it("before a run: the three titles with (0), and No ULDs under each", () => {
    render(<ExtractorLists />);
    expect(screen.getAllByRole("heading").map((h) => h.textContent)).toEqual([
      "MS ULD List (0)",
      "Rented ULD List (0)",
      "Foreign ULD List (0)",
    ]);
    expect(screen.getAllByText("No ULDs")).toHaveLength(3);
  });

  it("one CPM: titled by its airline, rows with their marks in words, no In/Out or Msg", () => {
    extracted(CPM);
    render(<ExtractorLists />);
    expect(screen.getByRole("heading", { name: /^BA ULD List/ }).textContent).toBe(
      "BA ULD List (2)",
    );
    expect(headers(/^BA ULD List/)).toEqual(["ULD", "B/C/X", "Dest.", "Flags"]);
    const owned = within(list(/^BA ULD List/)).getAllByRole("row").slice(1);
    expect(owned.map((r) => r.querySelector(".extractor-uld")?.textContent)).toEqual([
      "AKE12345BA",
      "AKE12345BA",
    ]);
    // the repeated number is marked in a word and a class, not by colour alone
    expect(owned[0].className).toContain("duplicate");
    expect(within(owned[0]).getByText("DUPLICATE")).toBeTruthy();
    expect(within(owned[0]).getByText("the same ULD number more than once")).toBeTruthy();
    const foreign = within(list(/^Foreign ULD List/)).getAllByRole("row").slice(1);
    expect(within(foreign[0]).getByText("4-DIGIT")).toBeTruthy();
  });

  it("several messages with a UCM: In/Out and Msg columns, each row its section and message", () => {
    extracted(THROUGH_FLIGHT);
    render(<ExtractorLists />);
    expect(headers(/^MS ULD List/)).toEqual(["ULD", "B/C/X", "Dest.", "In/Out", "Msg", "Flags"]);
    const first = within(list(/^MS ULD List/)).getAllByRole("row")[1];
    expect([...first.querySelectorAll("td")].slice(0, 5).map((c) => c.textContent)).toEqual([
      "AKE12345MS",
      "B",
      "",
      "IN",
      "1",
    ]);
  });

  it("one message of several in view: only its rows, and no Msg column", () => {
    extracted(THROUGH_FLIGHT, 2);
    render(<ExtractorLists />);
    expect(screen.getByRole("heading", { name: /^MS ULD List/ }).textContent).toBe(
      "MS ULD List (3)",
    );
    expect(headers(/^MS ULD List/)).toEqual(["ULD", "B/C/X", "Dest.", "Flags"]);
  });

  it("Copy copies its own list", () => {
    extracted(CPM);
    render(<ExtractorLists />);
    fireEvent.click(screen.getByRole("button", { name: "Copy Rented ULD List" }));
    fireEvent.click(screen.getByRole("button", { name: "Copy BA ULD List" }));
    expect(copied).toEqual(["Rented", "Owned"]);
  });
});
