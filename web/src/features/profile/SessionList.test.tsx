// The session list of the profile and the admin user page: each session named by its browser with
// its address and times, "This session" on the caller's own, End session on the others, and the
// list read again after an end.

import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionView } from "../../../../api/rules/sessions.ts";
import { useSessions } from "./sessions.ts";
import { answer, callOf } from "../../test_support/fetch.ts";
import { SessionList } from "./SessionList.tsx";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

const session = (over: Partial<SessionView>): SessionView => ({
  id: "AAAAAAAAAAAAAAAAAAAAAA",
  createdAt: "2026-11-25T06:00:00.000Z",
  lastUsedAt: "2026-11-25T07:30:00.000Z",
  expiresAt: "2026-11-25T14:00:00.000Z",
  address: "10.1.2.3",
  userAgent: CHROME,
  current: false,
  ...over,
});
const HERE = session({ id: "HEREHEREHEREHEREHEREHE", current: true });
const THERE = session({ id: "THERETHERETHERETHERETH", address: "10.9.9.9", userAgent: FIREFOX });

/** Stubs fetch: "METHOD /path" to the data answered (a function: called each time). */
function server(routes: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const call = callOf(input, init);
    const key = `${call.method} ${call.url.pathname}`;
    calls.push(key);
    const data = typeof routes[key] === "function" ? (routes[key] as () => unknown)() : routes[key];
    return data === undefined
      ? answer(404, { success: false, message: "Session not found" })
      : answer(200, { success: true, data });
  });
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessions.setState({ key: "", sessions: null, error: null, status: null, busy: false });
});

describe("the session list", () => {
  it("names each session's browser with its address, and marks the caller's own", async () => {
    server({ "GET /api/auth/sessions": [HERE, THERE] });
    render(<SessionList whose="own" canEnd />);
    const items = await screen.findAllByRole("listitem");
    expect(screen.getByText("Active sessions: 2")).toBeTruthy();
    expect(items[0].textContent).toContain("Chrome 142 on Windows");
    expect(items[0].textContent).toContain("This session");
    expect(items[0].textContent).toContain("10.1.2.3");
    expect(items[1].textContent).toContain("Firefox 128 on Linux");
    expect(items[1].textContent).not.toContain("This session");
    // the own session is ended by signing out, not from the list
    expect(within(items[0]).queryByRole("button")).toBeNull();
    expect(
      within(items[1]).getByRole("button", {
        name: "End session: Firefox 128 on Linux from 10.9.9.9",
      }),
    )
      .toBeTruthy();
  });

  it("ends a session by its id on the account's route, says so and reads the list again", async () => {
    let list = [session({}), THERE];
    const calls = server({
      "GET /api/users/U7/sessions": () => list,
      [`DELETE /api/users/U7/sessions/${THERE.id}`]: () => {
        list = [session({})];
        return { message: "Session ended" };
      },
    });
    render(<SessionList whose={{ code: "U7" }} canEnd />);
    fireEvent.click(await screen.findByRole("button", { name: /Firefox 128 on Linux/ }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Session ended"));
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
    expect(calls).toEqual([
      "GET /api/users/U7/sessions",
      `DELETE /api/users/U7/sessions/${THERE.id}`,
      "GET /api/users/U7/sessions",
    ]);
  });

  it("says the server's refusal, and offers no End session without the right to end", async () => {
    server({ "GET /api/users/U7/sessions": [THERE] });
    const { unmount } = render(<SessionList whose={{ code: "U7" }} canEnd />);
    // the session ended elsewhere meanwhile: the server refuses, and its message is shown
    fireEvent.click(await screen.findByRole("button", { name: /End session/ }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Session not found"));
    unmount();
    render(<SessionList whose={{ code: "U7" }} canEnd={false} />);
    await screen.findByText("Active sessions: 1");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says when the list cannot be read", async () => {
    vi.stubGlobal(
      "fetch",
      () => answer(403, { success: false, message: "You do not have permission for this action" }),
    );
    render(<SessionList whose={{ code: "U7" }} canEnd />);
    expect(await screen.findByText("You do not have permission for this action")).toBeTruthy();
  });
});
