// The Database tab's add / remove form: the spec's texts for a missing or unknown name, the
// server's text for a refused entry, the question before a removal, and the fields of each list.

import "fake-indexeddb/auto";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AKE, answer, callOf } from "../../test_support/fetch.ts";
import { useDatabase } from "./database.ts";
import { useReference } from "./reference.ts";
import { useSession } from "../shell/session.ts";
import { sessionOf } from "../../test_support/session.ts";
import { DatabaseTab } from "./DatabaseTab.tsx";

/** What the server was sent: method, path and body. */
let calls: { method: string; path: string; body: unknown }[] = [];

beforeEach(async () => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const { url, method, body } = callOf(input, init);
      if (url.pathname === "/api/settings/public") {
        return answer(200, {
          success: true,
          data: { uwsRouting: { priority: "QU", address: "A", sender: ".B" }, developerChat: "" },
        });
      }
      if (method === "GET") {
        return answer(200, { success: true, data: url.pathname.endsWith("/ulds") ? [AKE] : [] });
      }
      calls.push({ method, path: url.pathname, body });
      if (method === "DELETE") {
        return answer(200, { success: true, data: { message: "ULD AKE removed successfully" } });
      }
      if ((body as { name: string }).name.length !== 3) {
        return answer(400, {
          success: false,
          message: "ULD type must be exactly 3 characters (letters/numbers, e.g., AKE, PAG, AA4)",
        });
      }
      return answer(200, { success: true, data: { ...AKE, _id: "n1", ...(body as object) } });
    }),
  );
  useReference.setState({ options: {}, source: null, entries: null, complete: null });
  await useReference.getState().load(true);
  useSession.setState({ user: sessionOf("S1", "super_admin") });
});
afterEach(() => {
  cleanup();
  useSession.setState({ user: null });
  useDatabase.setState({ status: null, busy: false });
  vi.unstubAllGlobals();
});

const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));
const form = () => within(screen.getByRole("form", { name: "Add or remove ULD" }));
const statusLine = () =>
  screen.getAllByRole("status").find((e) => e.getAttribute("aria-live") === "polite")!;

describe("the Database tab's entry form", () => {
  it("says what is missing or unknown before asking the server to remove", () => {
    render(<DatabaseTab />);
    fireEvent.click(form().getByRole("button", { name: "Remove ULD" }));
    expect(statusLine().textContent).toBe("Please enter ULD name to remove");
    fireEvent.change(form().getByLabelText("ULD name"), { target: { value: "xyz" } });
    fireEvent.click(form().getByRole("button", { name: "Remove ULD" }));
    expect(statusLine().textContent).toBe("ULD XYZ not found");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("asks before removing a known entry, then removes it and clears the form", async () => {
    render(<DatabaseTab />);
    fireEvent.change(form().getByLabelText("ULD name"), { target: { value: "ake" } });
    fireEvent.click(form().getByRole("button", { name: "Remove ULD" }));
    const dialog = screen.getByRole("dialog");
    expect(dialog.textContent).toContain(
      "Are you sure you want to delete AKE? This action cannot be undone.",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes, Delete" }));
    await settle();
    expect(calls).toEqual([{ method: "DELETE", path: "/api/ffm-to-uws/ulds/a1", body: null }]);
    expect(statusLine().textContent).toBe("ULD AKE removed successfully");
    expect((form().getByLabelText("ULD name") as HTMLInputElement).value).toBe("");
  });

  it("shows the server's text for a refused entry and keeps what was typed", async () => {
    render(<DatabaseTab />);
    fireEvent.change(form().getByLabelText("ULD name"), { target: { value: "ak" } });
    fireEvent.change(form().getByLabelText("Weight (kg)"), { target: { value: "100" } });
    fireEvent.click(form().getByRole("button", { name: "Add ULD" }));
    await settle();
    expect(calls[0].body).toEqual({ name: "AK", weight: "100" });
    expect(statusLine().textContent).toBe(
      "ULD type must be exactly 3 characters (letters/numbers, e.g., AKE, PAG, AA4)",
    );
    expect((form().getByLabelText("ULD name") as HTMLInputElement).value).toBe("AK");
  });

  it("adds an entry with the fields of its list and clears the form", async () => {
    render(<DatabaseTab />);
    fireEvent.click(screen.getByRole("tab", { name: /^DGSL/ }));
    const dgsl = within(screen.getByRole("form", { name: "Add or remove DGSL" }));
    expect(dgsl.queryByLabelText(/Weight/)).toBeNull();
    fireEvent.change(dgsl.getByLabelText("DGSL name"), { target: { value: "rfl" } });
    fireEvent.change(dgsl.getByLabelText("Description (optional)"), {
      target: { value: " Flammable liquid " },
    });
    fireEvent.click(dgsl.getByRole("button", { name: "Add DGSL" }));
    await settle();
    expect(calls).toEqual([{
      method: "POST",
      path: "/api/ffm-to-uws/dgsl",
      body: { name: "RFL", description: "Flammable liquid" },
    }]);
    expect(statusLine().textContent).toBe("DGSL RFL added successfully");
    expect((dgsl.getByLabelText("DGSL name") as HTMLInputElement).value).toBe("");
  });

  it("is not offered to those who may only read the lists", () => {
    useSession.setState({ user: sessionOf("A1", "admin") });
    render(<DatabaseTab />);
    expect(screen.queryByRole("form", { name: "Add or remove ULD" })).toBeNull();
    expect(screen.getByText("Only a super admin can change the reference lists.")).toBeTruthy();
  });
});
