// The audit log screen: the filters it applies become the server's query, Next and Previous walk
// the server's cursors, and a failed load says so with Retry.

import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer, callOf } from "../../test_support/fetch.ts";
import { AuditLogPage } from "./AuditLogPage.tsx";

// the frame (navigation, header, guard) is the router's and the session's; the screen is tested alone
vi.mock("./AdminFrame.tsx", () => ({
  AdminFrame: (props: { children: ReactNode }) => <>{props.children}</>,
}));

const entry = (id: string, actor: string, action: string) => ({
  _id: id,
  at: "2026-11-20T08:00:00.000Z",
  actor,
  action,
  target: "U1",
  summary: `summary ${id}`,
});

/** The queries the server was asked, and its answers by cursor. */
let queries: URLSearchParams[] = [];
let failing = false;

beforeEach(() => {
  queries = [];
  failing = false;
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL) => {
      const { url } = callOf(input);
      queries.push(url.searchParams);
      if (failing) return answer(500, { success: false, message: "Audit store unavailable" });
      const cursor = url.searchParams.get("cursor");
      return cursor === null
        ? answer(200, {
          success: true,
          data: { entries: [entry("e1", "ADMIN", "login.success")], cursor: "c2" },
        })
        : answer(200, {
          success: true,
          data: { entries: [entry("e2", "S1", "user.create")], cursor: null },
        });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Lets the pending fetch answer and React render it. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe("the audit log screen", () => {
  it("loads the newest page without filters, then applies the typed filters as the query", async () => {
    render(<AuditLogPage />);
    expect(screen.getByText("Loading audit entries...")).toBeTruthy();
    await settle();
    expect(Object.fromEntries(queries[0])).toEqual({ limit: "50" });
    expect(screen.getByText("Page 1: 1 entries")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Actor"), { target: { value: "admin" } });
    expect((screen.getByLabelText("Actor") as HTMLInputElement).value).toBe("ADMIN");
    fireEvent.change(screen.getByLabelText("Target"), { target: { value: " U1 " } });
    fireEvent.change(screen.getByLabelText("Action"), { target: { value: "login" } });
    // typing alone asks nothing
    expect(queries).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Apply Filters" }));
    await settle();
    expect(Object.fromEntries(queries[1])).toEqual({
      limit: "50",
      actor: "ADMIN",
      target: "U1",
      action: "login",
    });
    expect(screen.getByText("Page 1: 1 entries match")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    await settle();
    expect(Object.fromEntries(queries[2])).toEqual({ limit: "50" });
    expect((screen.getByLabelText("Actor") as HTMLInputElement).value).toBe("");
    expect((screen.getByRole("button", { name: "Clear Filters" }) as HTMLButtonElement).disabled)
      .toBe(true);
  });

  it("follows the server's cursor with Next and goes back with Previous", async () => {
    render(<AuditLogPage />);
    await settle();
    const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
    expect(button("Previous").disabled).toBe(true);
    fireEvent.click(button("Next"));
    await settle();
    expect(queries[1].get("cursor")).toBe("c2");
    expect(screen.getByText("Page 2: 1 entries")).toBeTruthy();
    expect(screen.getByText("summary e2")).toBeTruthy();
    expect(button("Next").disabled).toBe(true);
    fireEvent.click(button("Previous"));
    await settle();
    expect(queries[2].get("cursor")).toBeNull();
    expect(screen.getByText("summary e1")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Per page"), { target: { value: "25" } });
    await settle();
    expect(Object.fromEntries(queries[3])).toEqual({ limit: "25" });
  });

  it("shows the server's message and loads again on Retry", async () => {
    failing = true;
    render(<AuditLogPage />);
    await settle();
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Error Loading Audit Log");
    expect(alert.textContent).toContain("Audit store unavailable");
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await settle();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("summary e1")).toBeTruthy();
  });

  it("says when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("offline"))));
    render(<AuditLogPage />);
    await settle();
    expect(screen.getByRole("alert").textContent).toContain(
      "The audit log is read from the server. Check the connection and retry.",
    );
  });
});
