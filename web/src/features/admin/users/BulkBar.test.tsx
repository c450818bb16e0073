// The bulk bar as the administrator sees it: how many are selected, the confirmation naming the
// count, the progress of a bulk action while it runs ('Activating… 1 of 2' with a progress bar),
// the bar gone once all succeeded, and "Select all N matching" with Unlock over the server's
// matching users, a call at a time, with Stop.

import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../shell/session.ts";
import { sessionOf } from "../../../test_support/session.ts";
import { useAdminUsers } from "./user_list.ts";
import { BulkBar } from "./BulkBar.tsx";

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

const initial = useAdminUsers.getState();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminUsers.setState({ ...initial, selected: [], progress: null, status: null });
  useSession.setState({ user: null });
});

describe("the bulk bar", () => {
  it("is not there without a selection", () => {
    render(<BulkBar />);
    expect(screen.queryByRole("region", { name: "Bulk actions" })).toBeNull();
  });

  it("shows the progress while a bulk action runs, and the summary after", async () => {
    useSession.setState({ user: sessionOf("S1", "super_admin") });
    // T2's answer waits until the test lets it go
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      if (path === "/api/users/paginated") {
        return answer({
          success: true,
          data: { users: [], page: 1, limit: 10, total: 0, pages: 1, counts: { all: 0 } },
        });
      }
      if (path === "/api/users/T2") await held;
      return answer({ success: true, data: { employeeCode: path.split("/")[3] } });
    });
    useAdminUsers.setState({ selected: ["T1", "T2"] });
    render(<BulkBar />);
    expect(screen.getByText("selected").textContent).toBe("2 selected");

    fireEvent.click(screen.getByRole("button", { name: "Activate" }));
    // it asks first, naming the count; nothing is sent before the answer
    const dialog = screen.getByRole("dialog");
    expect(dialog.textContent).toContain("Activate 2 users?");
    expect(useAdminUsers.getState().progress).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Activate" }));
    const line = await screen.findByText(/Activating… 1 of 2/);
    const bar = line.querySelector("progress")!;
    expect([bar.value, bar.max]).toEqual([1, 2]);
    // no second action while one runs
    expect(screen.queryByRole("button", { name: "Deactivate" })).toBeNull();

    await act(async () => {
      release();
      await vi.waitFor(() => expect(useAdminUsers.getState().progress).toBeNull());
    });
    expect(useAdminUsers.getState().status).toMatchObject({
      ok: true,
      text: "Activated 2 users",
    });
    // all succeeded: nothing stays selected and the bar goes
    expect(screen.queryByRole("region", { name: "Bulk actions" })).toBeNull();
  });

  it("cancels a bulk deletion unless DELETE is typed", () => {
    useSession.setState({ user: sessionOf("S1", "super_admin") });
    useAdminUsers.setState({ selected: ["T1", "T2", "T3"] });
    render(<BulkBar />);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(screen.getByRole("dialog").textContent).toContain("Delete 3 users?");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete" }));
    fireEvent.change(screen.getByLabelText("Confirmation"), { target: { value: "DELET" } });
    fireEvent.click(screen.getByRole("button", { name: "Delete Users" }));
    expect(useAdminUsers.getState().status).toEqual({
      ok: false,
      text: "Deletion cancelled - confirmation text did not match",
    });
  });

  it("sends nothing when a bulk deactivation is cancelled", () => {
    useSession.setState({ user: sessionOf("S1", "super_admin") });
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    useAdminUsers.setState({ selected: ["T1", "T2", "T3"] });
    render(<BulkBar />);
    fireEvent.click(screen.getByRole("button", { name: "Deactivate" }));
    expect(screen.getByRole("dialog").textContent).toContain("Deactivate 3 users?");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(fetch).not.toHaveBeenCalled();
    expect(useAdminUsers.getState().selected).toEqual(["T1", "T2", "T3"]);
  });

  it("selects all matching users and unlocks them a call at a time until stopped", async () => {
    useSession.setState({ user: sessionOf("S1", "super_admin") });
    const bodies: unknown[] = [];
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      if (path === "/api/users/bulk-unlock") {
        bodies.push(JSON.parse(String(init?.body)));
        await held;
        const results = [{ employeeCode: "T1", ok: true, message: "unlocked" }, {
          employeeCode: "T9",
          ok: false,
          message: "Only a super admin can change a super admin account",
        }];
        return answer({
          success: true,
          data: { results, matching: 250, remaining: 248, next: "T9" },
        });
      }
      return answer({
        success: true,
        data: { users: [], page: 1, limit: 10, total: 0, pages: 1, counts: { all: 0 } },
      });
    });
    const users = ["T1", "T2"].map((employeeCode) => ({
      employeeCode,
      role: "user",
      station: "CAI",
    }));
    useAdminUsers.setState({
      users: users as never,
      selected: ["T1", "T2"],
      total: 250,
      counts: null,
      filters: { ...initial.filters, station: "CAI", locked: true },
    });
    render(<BulkBar />);
    fireEvent.click(screen.getByRole("button", { name: "Select all 250 matching" }));
    expect(screen.getByText(/selected/).textContent).toBe("All 250 matching users selected");
    // only what runs on the server over every matching user is offered
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Unlock" }));
    expect(screen.getByRole("dialog").textContent).toContain(
      "Unlock the locked accounts among all 250 matching users?",
    );
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Unlock" }));
    await screen.findByText(/Unlocking… 0 of 250/);
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    await act(async () => {
      release();
      await vi.waitFor(() => expect(useAdminUsers.getState().progress).toBeNull());
    });
    // the filters went, not codes; the call under way finished and no other started
    expect(bodies).toEqual([{ filter: { station: "CAI", locked: "true" } }]);
    expect(useAdminUsers.getState().status).toMatchObject({
      ok: false,
      text: "Unlocked: 1 succeeded, 1 failed, then stopped",
      details: ["T9: Only a super admin can change a super admin account"],
    });
  });
});
