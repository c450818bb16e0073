// The bulk bar as the administrator sees it: how many are selected, the progress of a bulk action
// while it runs ('Activating… 1 of 2' with a progress bar), and the bar gone once all succeeded.

import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../stores/session.ts";
import { sessionOf } from "../../test_support/session.ts";
import { useAdminUsers } from "../../stores/user_list.ts";
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
});
