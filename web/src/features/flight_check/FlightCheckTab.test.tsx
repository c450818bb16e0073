// The Flight check tab as a load controller reads it: the findings most serious first with their
// severity as a word, the sentence when the messages agree, the ULD table with its marks and
// dashes, Copy findings putting the report on the clipboard, Ctrl+Enter, and a refused paste in
// a red banner with the paste kept. The engine answers in-process in place of the worker.

import "fake-indexeddb/auto";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkFlight } from "../../../../engine/flight/check.ts";
import type { FlightCheckResult } from "../../../../engine/flight/types.ts";
import { CPM_AC857, FFM_AC857, UCM_AC857 } from "../../../../engine/test_support/flight_ac857.ts";
import { setLanguage } from "../../i18n/i18n.ts";
import { FLIGHT_TEXTS, useFlightCheck } from "./flight_check.ts";
import { useReference } from "../database/reference.ts";
import { FlightCheckTab } from "./FlightCheckTab.tsx";

const engine = vi.hoisted(() => ({ checkFlight: null as unknown as ReturnType<typeof vi.fn> }));
vi.mock("../../lib/engine/bridge.ts", async (importOriginal) => ({
  ...await importOriginal<object>(),
  engine,
}));

/** A read flight: three ULDs, the second with a critical and a minor finding, one major bulk. */
const RESULT: FlightCheckResult = {
  ok: true,
  warnings: [{
    line: 30,
    code: "flight:lines_not_a_message",
    params: { first: 30, last: 31 },
    message: "Lines 30-31 are not a message the flight check reads",
  }],
  flight: "AC857/23",
  messages: [
    { kind: "FFM", line: 1, flight: "AC857/23" },
    { kind: "NTM", line: 26, flight: "AC857/23" },
    { kind: "CPM", line: 67, flight: "AC857/23" },
  ],
  uwsFromFfm: true,
  ulds: [
    {
      uldId: "DVA1234AC",
      destination: "YYZ",
      ffmCargoWeight: 514,
      uwsGross: 584,
      codes: { ffm: ["RFG", "ELI"], uws: ["RFG", "ELI"], ntm: ["RFG"] },
      ntmPosition: "11L",
      cpm: { position: "11L", weight: 1584, destination: "YYZ", loadType: "C" },
      ucm: "out",
    },
    {
      uldId: "DVA3456AC",
      destination: "YYZ",
      ffmCargoWeight: 308,
      uwsGross: 378,
      codes: { ffm: [], uws: [], ntm: null },
      ntmPosition: null,
      cpm: null,
      ucm: null,
    },
  ],
  findings: [
    {
      severity: "critical",
      kind: "dg-not-on-ntm",
      uldId: "DVA1234AC",
      code: "flight:dg_ffm_uws_not_on_ntm",
      params: { uld: "DVA1234AC", codes: "ELI" },
      message: "DVA1234AC: ELI on the FFM and the UWS, not on the NOTOC",
    },
    {
      severity: "major",
      kind: "uws-not-on-cpm",
      uldId: "DVA3456AC",
      code: "flight:uws_not_on_cpm",
      params: { uld: "DVA3456AC" },
      message: "DVA3456AC: on the UWS, not on the CPM",
    },
    {
      severity: "minor",
      kind: "weight",
      uldId: "DVA1234AC",
      code: "flight:weight",
      params: { uld: "DVA1234AC", cpm: 1584, uws: 584, off: 1000, tolerance: 50 },
      message: "DVA1234AC: CPM weight 1584 kg, UWS gross 584 kg: 1000 kg apart (tolerance 50 kg)",
    },
  ],
  notes: [{
    code: "flight:per_by_setting",
    params: { uld: "DVA1234AC", code: "PER" },
    message: "DVA1234AC: PER on the NOTOC is not on the UWS, as 'Show PER in UWS' is off",
  }],
  report: "Flight check AC857/23\nFindings: 3",
};
const AGREEING: FlightCheckResult = { ...RESULT, findings: [], report: "Flight check AC857/23" };

const initial = useFlightCheck.getState();
let clipboard: string[] = [];

beforeEach(() => {
  localStorage.clear();
  useFlightCheck.setState(initial, true);
  useReference.setState({ source: "built-in", options: {} });
  engine.checkFlight = vi.fn(() => RESULT);
  clipboard = [];
  vi.spyOn(navigator.clipboard, "writeText").mockImplementation((text: string) => {
    clipboard.push(text);
    return Promise.resolve();
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

/** Renders the tab, pastes, and presses Check flight. */
async function checked(text = "FFM/8 ...") {
  render(<FlightCheckTab />);
  fireEvent.change(screen.getByLabelText("Flight messages"), { target: { value: text } });
  fireEvent.click(screen.getByRole("button", { name: "Check flight" }));
  await settle();
}

/** A ULD's row, found by its row header. */
const rowOf = (id: string) =>
  within(screen.getByRole("table", { name: "ULDs of the flight" }))
    .getByRole("rowheader", { name: new RegExp(`^${id}\\b`) }).closest("tr")!;

describe("the findings", () => {
  it("are listed as the engine orders them, each with its severity as a word", async () => {
    await checked();
    const items = within(screen.getByRole("list", { name: "Findings" })).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "Critical DVA1234AC: ELI on the FFM and the UWS, not on the NOTOC",
      "Major DVA3456AC: on the UWS, not on the CPM",
      "Minor DVA1234AC: CPM weight 1584 kg, UWS gross 584 kg: 1000 kg apart (tolerance 50 kg)",
    ]);
    expect(items.map((li) => li.className)).toEqual([
      "finding critical",
      "finding major",
      "finding minor",
    ]);
    expect(screen.queryByText(FLIGHT_TEXTS.none)).toBeNull();
    expect(within(screen.getByRole("list", { name: "Notes" })).getByRole("listitem").textContent)
      .toBe(RESULT.notes[0].message);
    expect(screen.getByRole("list", { name: "Warnings" }).textContent).toBe(
      "Line 30: Lines 30-31 are not a message the flight check reads",
    );
    expect(
      within(screen.getByRole("list", { name: "Messages read" })).getAllByRole("listitem").map(
        (li) => li.textContent,
      ),
    ).toEqual(["FFM line 1", "NOTOC line 26", "CPM line 67"]);
    expect(screen.getByText(FLIGHT_TEXTS.uwsFromFfm)).toBeTruthy();
  });

  it("none: the sentence says the messages agree, and no row is marked", async () => {
    engine.checkFlight = vi.fn(() => AGREEING);
    await checked();
    expect(screen.getByText("No findings: the messages tell the same story.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Findings" })).toBeNull();
    expect(document.querySelectorAll("tr.has-finding")).toHaveLength(0);
  });
});

describe("the ULD table", () => {
  it("shows every message's reading, a dash where one is silent, and marks rows with findings", async () => {
    await checked();
    const table = screen.getByRole("table", { name: "ULDs of the flight" });
    const cells = (id: string) =>
      [...rowOf(id).querySelectorAll("th, td")].map((c) => c.textContent);
    expect([...table.querySelectorAll("thead th")].map((c) => c.textContent)).toEqual([
      "ULD",
      "Dest",
      "FFM kg",
      "UWS gross",
      "DG FFM",
      "DG UWS",
      "DG NOTOC",
      "NOTOC pos",
      "CPM pos",
      "CPM kg",
      "CPM type",
      "UCM",
    ]);
    expect(cells("DVA1234AC")).toEqual([
      "!DVA1234AC (Critical finding)",
      "YYZ",
      "514",
      "584",
      "RFG.ELI",
      "RFG.ELI",
      "RFG",
      "11L",
      "11L",
      "1,584",
      "C",
      "OUT",
    ]);
    expect(cells("DVA3456AC")).toEqual([
      "!DVA3456AC (Major finding)",
      "YYZ",
      "308",
      "378",
      "",
      "",
      "–",
      "–",
      "–",
      "–",
      "–",
      "–",
    ]);
    expect(rowOf("DVA1234AC").className).toBe("has-finding critical");
    expect(rowOf("DVA1234AC").querySelector("th")?.getAttribute("dir")).toBe("ltr");
  });
});

describe("the buttons", () => {
  it("Copy findings is off before a check, then copies the report and says so", async () => {
    render(<FlightCheckTab />);
    const copy = screen.getByRole("button", { name: "Copy findings" }) as HTMLButtonElement;
    expect(copy.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Flight messages"), { target: { value: "FFM/8" } });
    fireEvent.click(screen.getByRole("button", { name: "Check flight" }));
    await settle();
    expect(copy.disabled).toBe(false);
    fireEvent.click(copy);
    await settle();
    expect(clipboard).toEqual([RESULT.report]);
    expect(screen.getByRole("status").textContent).toBe("Findings copied");
  });

  it("Clear empties the paste and the result for the next flight, and keeps the tolerances", async () => {
    await checked("FFM/8 AC857");
    fireEvent.change(screen.getByLabelText("CPM weight tolerance (kg)"), {
      target: { value: "30" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    await settle();
    expect((screen.getByLabelText("Flight messages") as HTMLTextAreaElement).value).toBe("");
    expect(screen.queryByRole("table", { name: "ULDs of the flight" })).toBeNull();
    expect((screen.getByRole("button", { name: "Copy findings" }) as HTMLButtonElement).disabled)
      .toBe(true);
    expect((screen.getByLabelText("CPM weight tolerance (kg)") as HTMLInputElement).value)
      .toBe("30");
  });

  it("Ctrl+Enter in the paste checks with the tolerances typed", async () => {
    render(<FlightCheckTab />);
    const box = screen.getByLabelText("Flight messages");
    fireEvent.change(box, { target: { value: "FFM/8" } });
    fireEvent.change(screen.getByLabelText("CPM weight tolerance (kg)"), {
      target: { value: "30" },
    });
    fireEvent.change(screen.getByLabelText("CPM weight tolerance (%)"), {
      target: { value: "2.5" },
    });
    fireEvent.keyDown(box, { key: "Enter", ctrlKey: true });
    await settle();
    expect(engine.checkFlight).toHaveBeenCalledTimes(1);
    expect(engine.checkFlight.mock.calls[0][1]).toMatchObject({
      toleranceKg: 30,
      tolerancePercent: 2.5,
    });
    expect(screen.getByRole("list", { name: "Findings" })).toBeTruthy();
  });

  it("an empty paste is refused in the status line, without a check", async () => {
    render(<FlightCheckTab />);
    fireEvent.click(screen.getByRole("button", { name: "Check flight" }));
    await settle();
    expect(screen.getByRole("status").textContent).toBe(
      "Please paste the flight's messages first.",
    );
    expect(engine.checkFlight).not.toHaveBeenCalled();
  });
});

describe("a paste the engine cannot read", () => {
  it("shows the engine's reason in an alert and keeps the paste", async () => {
    const paste = "CPM\nAC858/23.CFIVQ.YYZ\n-11L/DVA1234AC/YYZ/584/C\nSI\n" +
      "UCM\nAC857/23.CFIVQ.LHR\nOUT\n.DVA1234AC/YYZ\nSI";
    engine.checkFlight = vi.fn(checkFlight);
    await checked(paste);
    const error = checkFlight(paste).error!;
    expect(error).toMatch(/not AC858\/23|not AC857\/23/);
    expect(screen.getByRole("alert").textContent).toBe(error);
    expect((screen.getByLabelText("Flight messages") as HTMLTextAreaElement).value).toBe(paste);
    expect(screen.queryByRole("table")).toBeNull();
    expect((screen.getByRole("button", { name: "Copy findings" }) as HTMLButtonElement).disabled)
      .toBe(true);
  });
});

describe("in Arabic", () => {
  afterEach(() => act(() => setLanguage("en")));

  /** Checks the paste with the page in Arabic, and renders the tab. */
  async function checkedInArabic(paste: string) {
    engine.checkFlight = vi.fn(checkFlight);
    await act(() => setLanguage("ar"));
    useFlightCheck.getState().update({ text: paste });
    await act(() => useFlightCheck.getState().check());
    render(<FlightCheckTab />);
  }

  it("shows a finding and a warning by their codes, the airports in the page's words", async () => {
    const cpm = CPM_AC857.replace("DVA2345AC/YYZ", "DVA2345AC/YWG");
    const paste = ["HELLO", FFM_AC857, cpm, UCM_AC857].join("\n");
    await checkedInArabic(paste);
    const items = within(screen.getByRole("list", { name: "النتائج" })).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "كبيرة DVA2345AC: الوجهة YYZ في FFM وUWS، YWG في CPM",
    ]);
    expect(screen.getByRole("list", { name: "تحذيرات" }).textContent).toBe(
      "السطر 1: الأسطر 1-1 ليست رسالة يقرؤها فحص الرحلة",
    );
  });

  it("shows the refusal of an FFM it cannot read with the converter's reason in the page's words", async () => {
    await checkedInArabic("FFM/8\n1/AC857/23APR/LHR/HB-IHA\nLAST");
    expect(screen.getByRole("alert").textContent).toBe(
      "تعذّرت قراءة رسالة FFM: لم يُعثر على نقطة تفريغ: يجب أن يكون السطر التالي لسطر الرحلة " +
        "مطار التفريغ (مثل JFK)",
    );
  });
});
