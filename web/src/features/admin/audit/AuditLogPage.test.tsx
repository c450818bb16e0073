// The audit log screen: the filters it applies (a date range in the user's timezone too) become the
// address and the server's query, the address alone (a reload, a link from a user's page) shows
// its page, Next and Previous walk the server's cursors, entries read by their English names with
// their changes, the export follows the applied filters, and a failed load says so with Retry.

import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer, callOf } from "../../../test_support/fetch.ts";
import { AuditLogView } from "./AuditLogPage.tsx";
import { useAuditLog } from "./audit_log.ts";
import type { AuditSearch } from "./audit_address.ts";
import { usePreferences } from "../../profile/preferences.ts";

// the frame (navigation, header, guard) is the router's and the session's; the screen is tested alone
vi.mock("../AdminFrame.tsx", () => ({
  AdminFrame: (props: { children: ReactNode }) => <>{props.children}</>,
}));

const entry = (id: string, actor: string, action: string, more: object = {}) => ({
  _id: id,
  at: "2026-11-20T08:00:00.000Z",
  actor,
  action,
  target: "U1",
  summary: `summary ${id}`,
  ...more,
});

/** The queries the server was asked, and its answers by cursor. */
let queries: URLSearchParams[] = [];
let failing = false;
/** The addresses the screen went to. */
let addresses: AuditSearch[] = [];

/** The screen on an address kept in memory, as the router keeps it. */
function Routed(props: { start: AuditSearch }) {
  const [search, setSearch] = useState(props.start);
  return (
    <AuditLogView
      search={search}
      go={(next) => {
        addresses.push(next);
        setSearch(next);
      }}
    />
  );
}

beforeEach(() => {
  queries = [];
  addresses = [];
  failing = false;
  useAuditLog.setState({ data: null, error: null, problem: null });
  usePreferences.setState({ timeZone: "Africa/Cairo" });
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
          data: {
            entries: [
              entry("e1", "ADMIN", "login.success", { address: "10.1.2.3" }),
              entry("e3", "ADMIN", "user.update", {
                changes: [{ field: "role", from: "user", to: "admin" }],
              }),
            ],
            cursor: "c2",
          },
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
  it("applies the typed filters and days as the address and the query, in the user's timezone", async () => {
    render(<Routed start={{}} />);
    expect(screen.getByText("Loading audit entries...")).toBeTruthy();
    await settle();
    expect(Object.fromEntries(queries[0])).toEqual({ limit: "50" });
    expect(screen.getByText("Page 1: 2 entries")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Actor"), { target: { value: "admin" } });
    expect((screen.getByLabelText("Actor") as HTMLInputElement).value).toBe("ADMIN");
    fireEvent.change(screen.getByLabelText("Target"), { target: { value: " U1 " } });
    fireEvent.change(screen.getByLabelText("Action"), { target: { value: "login" } });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-10" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-12" } });
    // typing alone asks nothing
    expect(queries).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Apply Filters" }));
    await settle();
    expect(addresses.at(-1)).toEqual({
      actor: "ADMIN",
      target: "U1",
      action: "login",
      from: "2026-11-10",
      to: "2026-11-12",
    });
    // Cairo is UTC+2 in November: the first ms of the 10th and the last of the 12th there
    expect(Object.fromEntries(queries[1])).toEqual({
      limit: "50",
      actor: "ADMIN",
      target: "U1",
      action: "login",
      from: "2026-11-09T22:00:00.000Z",
      to: "2026-11-12T21:59:59.999Z",
    });
    expect(screen.getByText("Page 1: 2 entries match")).toBeTruthy();
    // the export follows what is applied
    const href = new URL(
      (screen.getByRole("link", { name: "Export CSV" }) as HTMLAnchorElement).href,
    );
    expect(href.pathname).toBe("/api/audit/export");
    expect(Object.fromEntries(href.searchParams)).toEqual({
      actor: "ADMIN",
      target: "U1",
      action: "login",
      from: "2026-11-09T22:00:00.000Z",
      to: "2026-11-12T21:59:59.999Z",
    });

    fireEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    await settle();
    expect(addresses.at(-1)).toEqual({});
    expect(Object.fromEntries(queries[2])).toEqual({ limit: "50" });
    expect((screen.getByLabelText("Actor") as HTMLInputElement).value).toBe("");
    expect((screen.getByRole("button", { name: "Clear Filters" }) as HTMLButtonElement).disabled)
      .toBe(true);
  });

  it("keeps what is typed while the address asked for is still on its way, as a router's is", async () => {
    let land = () => {};
    let visit = (_: AuditSearch) => {};
    function SlowRouted() {
      const [search, setSearch] = useState<AuditSearch>({ actor: "ADMIN", limit: 25 });
      visit = setSearch;
      const go = (next: AuditSearch) => {
        addresses.push(next);
        land = () => setSearch(next);
      };
      return <AuditLogView search={search} go={go} />;
    }
    const actor = () => screen.getByLabelText("Actor") as HTMLInputElement;
    render(<SlowRouted />);
    await settle();
    expect(actor().value).toBe("ADMIN");

    // Clear Filters empties the boxes at once, and keeps the page size
    fireEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(addresses.at(-1)).toEqual({ limit: 25 });
    expect(actor().value).toBe("");
    // a fast typist starts before the cleared address lands: the typing stays
    fireEvent.change(actor(), { target: { value: "csi07" } });
    act(() => land());
    await settle();
    expect(Object.fromEntries(queries.at(-1)!)).toEqual({ limit: "25" });
    expect(actor().value).toBe("CSI07");
    fireEvent.click(screen.getByRole("button", { name: "Apply Filters" }));
    expect(addresses.at(-1)).toEqual({ actor: "CSI07", limit: 25 });

    // so does a target typed while the applied address is on its way
    fireEvent.change(screen.getByLabelText("Target"), { target: { value: "U1" } });
    act(() => land());
    await settle();
    expect(Object.fromEntries(queries.at(-1)!)).toEqual({ limit: "25", actor: "CSI07" });
    expect((screen.getByLabelText("Target") as HTMLInputElement).value).toBe("U1");

    // an address nobody asked for here (Back) shows its own filters over what is typed
    fireEvent.change(actor(), { target: { value: "ZZ" } });
    act(() => visit({ actor: "S1" }));
    await settle();
    expect(actor().value).toBe("S1");
  });

  it("refuses a range that ends before it starts, and asks nothing", async () => {
    render(<Routed start={{}} />);
    await settle();
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-12" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-10" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply Filters" }));
    await settle();
    expect(screen.getByRole("alert").textContent).toBe(
      "The end date must be on or after the start date",
    );
    expect(screen.getByLabelText("To").getAttribute("aria-invalid")).toBe("true");
    expect(addresses).toEqual([]);
    expect(queries).toHaveLength(1);
  });

  it("shows a user's trail from the address alone, with names, changes and addresses", async () => {
    render(<Routed start={{ target: "U1", action: "login" }} />);
    await settle();
    expect(Object.fromEntries(queries[0])).toEqual({ limit: "50", target: "U1", action: "login" });
    expect((screen.getByLabelText("Target") as HTMLInputElement).value).toBe("U1");
    const table = within(screen.getByRole("region", { name: "Audit entries" }));
    expect(table.getByText("Signed in").getAttribute("title")).toBe("login.success");
    expect(table.getByText("User edited").getAttribute("title")).toBe("user.update");
    expect(screen.getByText("role: user → admin")).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Address" })).toBeTruthy();
    expect(screen.getByText("10.1.2.3")).toBeTruthy();
    // the filter offers names, not keys
    const option = screen.getByRole("option", { name: "Password extended" }) as HTMLOptionElement;
    expect(option.value).toBe("password.extend");
  });

  it("follows the server's cursor with Next, keeps the page in the address, and goes back", async () => {
    render(<Routed start={{}} />);
    await settle();
    const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
    expect(button("Previous").disabled).toBe(true);
    fireEvent.click(button("Next"));
    await settle();
    expect(addresses.at(-1)).toEqual({ page: 2, cursor: "c2" });
    expect(queries[1].get("cursor")).toBe("c2");
    expect(screen.getByText("Page 2: 1 entries")).toBeTruthy();
    expect(screen.getByText("summary e2")).toBeTruthy();
    expect(button("Next").disabled).toBe(true);
    fireEvent.click(button("Previous"));
    await settle();
    expect(addresses.at(-1)).toEqual({});
    expect(queries[2].get("cursor")).toBeNull();
    expect(screen.getByText("summary e1")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Per page"), { target: { value: "25" } });
    await settle();
    expect(addresses.at(-1)).toEqual({ limit: 25 });
    expect(Object.fromEntries(queries[3])).toEqual({ limit: "25" });
  });

  it("opens page 2 from the address (a reload), and Previous goes to the newest", async () => {
    render(<Routed start={{ page: 2, cursor: "c2", actor: "S1" }} />);
    await settle();
    expect(Object.fromEntries(queries[0])).toEqual({ limit: "50", cursor: "c2", actor: "S1" });
    expect(screen.getByText("Page 2: 1 entries match")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    await settle();
    expect(addresses.at(-1)).toEqual({ actor: "S1" });
    expect(queries[1].get("cursor")).toBeNull();
  });

  it("shows the server's message and loads again on Retry", async () => {
    failing = true;
    render(<Routed start={{}} />);
    await settle();
    const alert = screen.getAllByRole("alert").find((a) => a.textContent !== "")!;
    expect(alert.textContent).toContain("Error Loading Audit Log");
    expect(alert.textContent).toContain("Audit store unavailable");
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await settle();
    expect(screen.queryByText("Error Loading Audit Log")).toBeNull();
    expect(screen.getByText("summary e1")).toBeTruthy();
  });

  it("says when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("offline"))));
    render(<Routed start={{}} />);
    await settle();
    expect(screen.getByText(/The audit log is read from the server/).textContent).toContain(
      "The audit log is read from the server. Check the connection and retry.",
    );
  });
});
