// The dialog of one-time passwords just issued (issue 22, hole 1): each shown once with Copy, and
// for several a download that warns it holds passwords; Done forgets them.

import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepIssued, useOneTimePasswords } from "./one_time_passwords.ts";
import { OneTimePasswords } from "./OneTimePasswords.tsx";

const saved = vi.hoisted(() => [] as { name: string; content: string }[]);
vi.mock("../../lib/download.ts", () => ({
  downloadFile: (name: string, content: string) => saved.push({ name, content }),
}));

const issue = (code: string, password: string) =>
  keepIssued({
    employeeCode: code,
    fullName: `Name ${code}`,
    oneTimePassword: password,
    oneTimePasswordExpiresAt: "2026-11-27T08:00:00.000Z",
  });

afterEach(() => {
  cleanup();
  useOneTimePasswords.getState().dismiss();
  saved.length = 0;
});

describe("the one-time passwords dialog", () => {
  it("shows nothing until a password is issued", () => {
    render(<OneTimePasswords />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows one password with Copy, without a file, and Done forgets it", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    issue("U1", "AbCdEfGh23456k");
    render(<OneTimePasswords />);
    const dialog = screen.getByRole("dialog", { name: "One-time password" });
    expect(within(dialog).getByLabelText("One-time password of U1").textContent).toBe(
      "AbCdEfGh23456k",
    );
    expect(dialog.textContent).toContain("Name U1 (U1)");
    expect(within(dialog).queryByRole("button", { name: "Download (CSV)" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy" }));
    // the copy is awaited before the status line says how it went
    await act(() => Promise.resolve());
    expect(writeText).toHaveBeenCalledWith("AbCdEfGh23456k");
    expect(within(dialog).getByRole("status").textContent).toBe("Copied");
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(useOneTimePasswords.getState().issued).toEqual([]);
  });

  it("offers several as a file that warns it holds passwords", () => {
    issue("U1", "AbCdEfGh23456k");
    issue("U2", "=HYPERLINK23kq");
    render(<OneTimePasswords />);
    const dialog = screen.getByRole("dialog", { name: "One-time passwords" });
    expect(dialog.textContent).toContain(
      "The file holds passwords: give each one to its owner, then delete the file.",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Download (CSV)" }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe("one-time-passwords.csv");
    const lines = saved[0].content.trim().split(/\r?\n/);
    expect(lines[0]).toBe("employeeCode,fullName,oneTimePassword,expiresAt");
    expect(lines[1]).toBe("U1,Name U1,AbCdEfGh23456k,2026-11-27T08:00:00.000Z");
    // a cell a spreadsheet would run is neutralised, like every CSV the portal writes
    expect(lines[2]).toContain("'=HYPERLINK23kq");
  });
});

describe("closing with passwords kept nowhere else (issue 52 item 8)", () => {
  it("asks before Done forgets passwords neither copied nor downloaded, naming them", () => {
    issue("U1", "AbCdEfGh23456k");
    issue("U2", "ZyXwVuTs98765m");
    render(<OneTimePasswords />);
    const dialog = screen.getByRole("dialog", { name: "One-time passwords" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "2 one-time passwords (U1, U2) have been neither copied nor downloaded. They cannot be shown again.",
    );
    // going back keeps both on screen
    fireEvent.click(within(dialog).getByRole("button", { name: "Back to the passwords" }));
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(useOneTimePasswords.getState().issued).toHaveLength(2);
    // closing anyway forgets them
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Close without them" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(useOneTimePasswords.getState().issued).toEqual([]);
  });

  it("names only the ones not copied, and closes at once after the file was downloaded", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    issue("U1", "AbCdEfGh23456k");
    issue("U2", "ZyXwVuTs98765m");
    render(<OneTimePasswords />);
    const dialog = screen.getByRole("dialog", { name: "One-time passwords" });
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Copy" })[0]);
    await act(() => Promise.resolve());
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "The one-time password of U2 has been neither copied nor downloaded. It cannot be shown again.",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Back to the passwords" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Download (CSV)" }));
    expect(saved).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a password issued again for the same account is new: it has to be kept again", () => {
    issue("U1", "AbCdEfGh23456k");
    useOneTimePasswords.getState().markKept(["U1"]);
    issue("U1", "NewPassw0rd234");
    expect(useOneTimePasswords.getState().issued.map((i) => i.kept)).toEqual([false]);
  });
});
