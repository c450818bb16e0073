// The create form as the administrator uses it: the server's own rules refuse a missing name
// before anything is sent, a new account is sent with only what was given and opened with the
// created message, and a refusal says the server's reason.

import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useUserDetail } from "../admin_users.ts";
import { useSession } from "../../shell/session.ts";
import { sessionOf } from "../../../test_support/session.ts";
import { CreateUserPage } from "./CreateUserPage.tsx";
import { renderRouted } from "../../../test_support/router.tsx";
import { answer } from "../../../test_support/fetch.ts";

/** A server that creates accounts, or refuses them with `refusal`. */
function server(refusal: string | null = null) {
  const posted: unknown[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    if (path === "/api/auth/password-policy") {
      return answer(200, { success: true, data: { minLength: 8 } });
    }
    if (path === "/api/users" && init?.method === "POST") {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      if (refusal !== null) return answer(409, { success: false, message: refusal });
      return answer(201, { success: true, data: { ...body, fullName: "Nour Adel" } });
    }
    return answer(404, { success: false, message: "not found" });
  });
  return posted;
}

async function fill() {
  useSession.setState({ user: sessionOf("S1", "super_admin") });
  await renderRouted(<CreateUserPage />);
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
  type("Employee Code", " n100 ");
  type("First Name", "Nour");
  return type;
}

const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Create User" }));
    // the form validates, calls the store and shows the answer over a few turns of the event loop
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
  useUserDetail.setState({ employeeCode: "", user: null, state: "idle", status: null });
});

describe("the create user form", () => {
  it("refuses a missing last name with the server schema's text and sends nothing", async () => {
    const posted = server();
    await fill();
    await submit();
    expect(screen.getByRole("alert").textContent).toBe("Last Name is required");
    expect(posted).toEqual([]);
  });

  it("sends only what was given and opens the account with the created message", async () => {
    const posted = server();
    const type = await fill();
    type("Last Name", "Adel");
    await submit();
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      employeeCode: "N100",
      firstName: "Nour",
      lastName: "Adel",
      station: "CAI",
      role: "user",
      isActive: true,
      passwordExpiryDays: 90,
      accessibleApps: [],
    });
    expect(posted[0]).not.toHaveProperty("email");
    await vi.waitFor(() => expect(useUserDetail.getState().employeeCode).toBe("N100"));
    expect(useUserDetail.getState().status).toEqual({
      ok: true,
      text: "User N100 created. They must change the password at their first sign-in.",
    });
  });

  it("says the server's reason when it refuses", async () => {
    server("User N100 already exists");
    const type = await fill();
    type("Last Name", "Adel");
    await submit();
    expect(
      await screen.findByText("Failed to create user: User N100 already exists"),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create User" })).toHaveProperty("disabled", false);
  });
});
