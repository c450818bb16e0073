// The CSV import screen as an administrator uses it: the first Import Users click after choosing a
// file imports it, the preview shows every field of the file in a region that scrolls sideways,
// and each count is said once, in the singular for one user.

import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer } from "../../../test_support/fetch.ts";
import { sessionOf } from "../../../test_support/session.ts";
import { useCsvImport } from "./csv_import.ts";
import { useSession } from "../../shell/session.ts";
import { CsvImportPage } from "./CsvImportPage.tsx";

// the frame (navigation, header, guard) is the router's and the session's; the screen is tested alone
vi.mock("../AdminFrame.tsx", () => ({
  AdminFrame: (props: { children: ReactNode }) => <>{props.children}</>,
}));

const ONE_USER = "Employee Code,Full Name,Email,Station,Job Title,Position,Work Phone\r\n" +
  "C1,Cai One,c1@example.com,CAI,Agent,Senior,+20 2 555\r\n";

let dryRuns = 0;

beforeEach(() => {
  dryRuns = 0;
  useCsvImport.getState().reset();
  useSession.setState({ user: sessionOf("S1", "super_admin") });
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.includes("dryRun=true")) {
        return answer(200, {
          success: true,
          data: {
            created: 1,
            updated: 0,
            failed: [],
            warnings: [],
            message: "Import completed: 1 created, 0 updated, 0 errors",
          },
        });
      }
      dryRuns++;
      return answer(200, {
        success: true,
        data: {
          dryRun: true,
          errors: [],
          warnings: [],
          created: 1,
          updated: 0,
          message: "Ready to save: 1 to create, 0 to update",
        },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.setState({ user: null });
});

/** Lets pending reads and calls finish and React render them. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe("the CSV import screen", () => {
  it("imports on the first Import Users click after a file is chosen", async () => {
    render(<CsvImportPage />);
    const file = new File([ONE_USER], "staff.csv", { type: "text/csv" });
    let finish: (text: string) => void = () => {};
    vi.spyOn(file, "text").mockReturnValue(new Promise((r) => (finish = r)));
    fireEvent.change(screen.getByLabelText("Upload a .csv file"), { target: { files: [file] } });
    // clicked at once, while the file is still being read
    fireEvent.click(screen.getByRole("button", { name: "Import Users" }));
    await act(() => finish(ONE_USER));
    await settle();
    expect(dryRuns).toBe(1);
    expect(screen.getByText("Loaded staff.csv")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(
      "Ready to save: 1 to create, 0 to update",
    );
    expect(document.querySelector('[data-count="Users Ready"]')?.textContent).toBe("1");
  });

  it("shows every field of the file, Position and Work Phone included, in a scrolling region", async () => {
    render(<CsvImportPage />);
    fireEvent.change(screen.getByLabelText("Or paste CSV content"), {
      target: { value: ONE_USER },
    });
    fireEvent.click(screen.getByRole("button", { name: "Import Users" }));
    await settle();
    const region = screen.getByRole("region", { name: "Users ready to import" });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole("table");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Row",
      "Employee Code",
      "Full Name",
      "Email",
      "Station",
      "Job Title",
      "Position",
      "Work Phone",
      "Gender",
      "Department",
    ]);
    const row = within(table).getAllByRole("row")[1];
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual([
      "2",
      "C1",
      "Cai One",
      "c1@example.com",
      "CAI",
      "Agent",
      "Senior",
      "+20 2 555",
      "Male",
      "",
    ]);
  });

  it("says each count once, in the singular for one user", async () => {
    render(<CsvImportPage />);
    fireEvent.change(screen.getByLabelText("Or paste CSV content"), {
      target: { value: ONE_USER },
    });
    fireEvent.click(screen.getByRole("button", { name: "Import Users" }));
    await settle();
    expect(document.body.textContent).not.toMatch(/\b1 users\b/);
    fireEvent.click(screen.getByRole("button", { name: "Save to Database" }));
    await settle();
    expect(screen.getByRole("status").textContent).toBe(
      "Import completed: 1 created, 0 updated, 0 errors",
    );
    // the save's counts are in the status line only, not repeated in a panel below it
    expect(document.querySelector('[data-count="Created"]')).toBeNull();
    expect(document.body.textContent?.match(/1 created/g)).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/\b1 users\b/);
  });
});
