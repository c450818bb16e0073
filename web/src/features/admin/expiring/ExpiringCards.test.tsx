// The Expiring page's cards and bulk bar as the administrator sees them: the days left are the
// user list's days for the same instant, and an extension shows its progress and keeps the
// refused account selected.

import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ExpiringUser, useExpiring } from "./expiring.ts";
import { renderRouted } from "../../../test_support/router.tsx";
import { ExpiringBulkBar, ExpiringCard } from "./ExpiringCards.tsx";
import { Expiry } from "../users/UserTable.tsx";

const DAY = 86_400_000;

const user = (code: string, inDays: number) =>
  ({
    employeeCode: code,
    fullName: `Name ${code}`,
    station: "CAI",
    isActive: true,
    passwordExpiry: new Date(Date.now() + inDays * DAY).toISOString(),
  }) as ExpiringUser;

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useExpiring.setState({ users: null, selected: [], status: null, progress: null, busy: false });
});

describe("the expiring cards", () => {
  it("say the same days left as the user list for the same account", async () => {
    // a fresh 30-day expiry read a little later: 30 days (a started day counts) on both screens
    const u = user("A", 29.9);
    await renderRouted(
      <>
        <ul>
          <ExpiringCard user={u} now={Date.now()} extendable />
        </ul>
        <Expiry at={u.passwordExpiry} />
      </>,
    );
    expect(await screen.findByText("30 days left · More than 7 days")).toBeTruthy();
    expect(screen.getByText("Expires in 30 days")).toBeTruthy();
  });

  it("say hours on the last day, and the tone in words", async () => {
    await renderRouted(
      <ul>
        <ExpiringCard user={user("B", 0.25)} now={Date.now()} extendable />
        <ExpiringCard user={user("C", -1)} now={Date.now()} extendable={false} />
      </ul>,
    );
    expect(await screen.findByText("6 hours left · 3 days or less")).toBeTruthy();
    const badges = [...document.querySelectorAll(".tone-badge")].map((b) => b.textContent);
    expect(badges).toEqual(["6 hours left · 3 days or less", "Expired 1 day ago"]);
    expect(screen.getByRole("checkbox", { name: "Select Name C (C)" })).toHaveProperty(
      "disabled",
      true,
    );
  });
});

describe("the expiring bulk bar", () => {
  it("selects all, extends with progress, and keeps the refused one selected", async () => {
    const users = [user("A", 2), user("B", 20)];
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      if (path === "/api/users/expiring") {
        return answer(200, {
          success: true,
          data: { users, page: 1, limit: 25, total: 2, pages: 1 },
        });
      }
      if (path === "/api/users/B/extend-password") {
        await held;
        return answer(404, { success: false, message: "User B not found" });
      }
      return answer(200, { success: true, data: users[0] });
    });
    useExpiring.setState({ users, total: 2 });
    render(<ExpiringBulkBar extendable={users} hidden={0} mayExtend />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all (2)" }));
    expect(screen.getByText("2 selected")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Extend 30 Days" }));
    await vi.waitFor(() =>
      expect(useExpiring.getState().progress).toEqual({ label: "Extending", done: 1, total: 2 })
    );
    expect(screen.getByRole("button", { name: "90 Days" })).toHaveProperty("disabled", true);
    await act(async () => {
      release();
      await vi.waitFor(() => expect(useExpiring.getState().busy).toBe(false));
    });
    expect(useExpiring.getState().status).toEqual({
      ok: false,
      text: "Failed to extend password(s): 1 extended, 1 failed",
      details: ["B: User B not found"],
    });
    expect(screen.getByText("1 selected")).toBeTruthy();
  });
});
