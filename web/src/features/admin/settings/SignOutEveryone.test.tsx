// System Settings' "Sign out everyone" (issue 48, item 14): asked first, then the password asked
// again when the server holds the sign-out for it, then the server's answer; Cancel sends nothing.

import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STEP_UP_REQUIRED } from "../../../../../api/rules/step_up.ts";
import { useStepUp } from "../../two_factor/step_up.ts";
import { answer, callOf } from "../../../test_support/fetch.ts";
import { StepUpDialog } from "../../two_factor/StepUpDialog.tsx";
import { SignOutEveryone } from "./SignOutEveryone.tsx";

/** A server that signs out everyone once the password "Right-password-1" is confirmed. */
function server() {
  let confirmed = false;
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const { url, method, body } = callOf(input, init);
      calls.push(`${method} ${url.pathname}`);
      if (url.pathname === "/api/auth/step-up") {
        confirmed = (body as { password: string }).password === "Right-password-1";
        return confirmed
          ? answer(200, { success: true, data: { confirmedUntil: "2026-03-03T09:05:00.000Z" } })
          : answer(400, { success: false, message: "Current password is incorrect" });
      }
      if (url.pathname === "/api/auth/sessions/sign-out-everyone") {
        return confirmed
          ? answer(200, { success: true, data: { message: "Everyone else is signed out" } })
          : answer(403, {
            success: false,
            code: "auth:step_up_required",
            message: STEP_UP_REQUIRED,
          });
      }
      return answer(404, { success: false, message: "not found" });
    }),
  );
  return calls;
}

function show() {
  render(
    <>
      <SignOutEveryone />
      <StepUpDialog />
    </>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useStepUp.setState({ asking: false, answer: null, confirmedUntil: 0 });
});

describe("Sign out everyone", () => {
  it("asks first, then for the password, then signs everyone out", async () => {
    const calls = server();
    show();
    fireEvent.click(screen.getByRole("button", { name: "Sign Out Everyone" }));
    const ask = screen.getByRole("dialog", { name: "Sign out everyone?" });
    expect(ask.textContent).toContain("This session stays.");
    expect(calls).toEqual([]);
    fireEvent.click(within(ask).getByRole("button", { name: "Sign Out Everyone" }));
    const confirm = await screen.findByRole("dialog", { name: "Confirm your password" });
    fireEvent.change(within(confirm).getByLabelText("Your password"), {
      target: { value: "Right-password-1" },
    });
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Everyone else is signed out")).toBeTruthy();
    expect(calls).toEqual([
      "POST /api/auth/sessions/sign-out-everyone",
      "POST /api/auth/step-up",
      "POST /api/auth/sessions/sign-out-everyone",
    ]);
  });

  it("Cancel in the first dialog sends nothing", () => {
    const calls = server();
    show();
    fireEvent.click(screen.getByRole("button", { name: "Sign Out Everyone" }));
    const ask = screen.getByRole("dialog", { name: "Sign out everyone?" });
    fireEvent.click(within(ask).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls).toEqual([]);
  });
});
