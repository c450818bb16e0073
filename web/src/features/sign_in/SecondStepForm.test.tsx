// The sign-in's second step through the sign-in route: after the password the code, Remember
// this PC when allowed, a recovery code instead, and back to the password form when the step is
// over.

import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SECOND_STEP_OVER, WRONG_CODE } from "../../../../api/rules/two_factor.ts";
import { useSecondStep } from "./second_step.ts";
import { endRouteTest, renderRoute, type Reply, serveApi } from "../../test_support/routes.tsx";
import { sessionOf } from "../../test_support/session.ts";

const USER = sessionOf("U1", "user", { fullName: "User One", twoFactorEnabled: true });
const TOKEN = "cd".repeat(32);

/** The server: the password asks for a second factor; the second step answers `second`. */
function server(second: Reply, step: Record<string, unknown> = {}) {
  let signedIn = false;
  const bodies: unknown[] = [];
  serveApi({
    "POST /api/auth/login": {
      data: {
        secondFactor: {
          token: TOKEN,
          methods: ["totp", "passkey", "recovery"],
          canRemember: true,
          rememberDays: 30,
          ...step,
        },
      },
    },
    "POST /api/auth/login/second-factor": (body) => {
      bodies.push(body);
      if ("data" in second) signedIn = true;
      return second;
    },
    "GET /api/auth/me": () =>
      signedIn ? { data: { user: USER } } : { status: 401, message: "Please sign in" },
  });
  return bodies;
}

async function password() {
  fireEvent.change(await screen.findByLabelText("Employee code"), { target: { value: "u1" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret" } });
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
  return await screen.findByLabelText("Authenticator code");
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  endRouteTest();
  useSecondStep.getState().cancel();
});

describe("the second step of signing in", () => {
  it("asks for the code, sends Remember, and goes on where the user was going", async () => {
    const bodies = server({ data: { token: "t", user: USER } });
    const router = renderRoute("/login?redirect=%2Fprofile");
    expect(await screen.findByRole("button", { name: "Forgot Password?" })).toBeTruthy();
    const field = await password();
    // the password was accepted: no requests about it now
    expect(screen.queryByRole("button", { name: "Forgot Password?" })).toBeNull();
    expect(screen.queryByRole("button", { name: "New Account Request" })).toBeNull();
    expect(field.getAttribute("aria-describedby")).toBe("second-step-hint");
    expect(screen.getByText("Enter the 6-digit code from your authenticator app.")).toBeTruthy();
    expect(field.getAttribute("inputmode")).toBe("numeric");
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");
    expect(screen.getByRole("button", { name: "Use a passkey" })).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Remember this PC for 30 days"));
    fireEvent.change(field, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(bodies).toEqual([{ token: TOKEN, code: "123456", remember: true }]);
  });

  it("says a wrong code is wrong and stays; a recovery code can be used instead", async () => {
    server({ status: 401, message: WRONG_CODE }, {
      canRemember: false,
      methods: ["totp", "recovery"],
    });
    renderRoute("/login");
    const field = await password();
    expect(screen.queryByLabelText(/Remember this PC/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Use a passkey" })).toBeNull();
    fireEvent.change(field, { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(WRONG_CODE));
    fireEvent.click(screen.getByRole("button", { name: "Use a recovery code" }));
    expect(screen.getByLabelText("Recovery code")).toBeTruthy();
    expect(screen.getByText("A recovery code looks like XXXX-XXXX-XXXX-XXXX and works once."))
      .toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Use your authenticator app instead" }));
    expect(screen.getByLabelText("Authenticator code")).toBeTruthy();
  });

  it("a step that is over goes back to the password form with its message", async () => {
    server({ status: 401, message: SECOND_STEP_OVER, code: "two_factor:step_over" });
    renderRoute("/login");
    fireEvent.change(await password(), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(SECOND_STEP_OVER));
    expect(screen.getByLabelText("Password")).toBeTruthy();
    expect((screen.getByLabelText("Employee code") as HTMLInputElement).value).toBe("U1");
  });

  it("Back returns to the password form", async () => {
    server({ status: 401, message: WRONG_CODE });
    renderRoute("/login");
    await password();
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByLabelText("Password")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Forgot Password?" })).toBeTruthy();
    expect(useSecondStep.getState().pending).toBeNull();
  });
});
