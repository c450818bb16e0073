// The authenticator app's setup: the user's password asked again first, the QR code drawn as SVG
// squares of the otpauth address, the secret in groups of four with Copy, and the code that
// confirms it.

import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { encode } from "uqr";
import type { TwoFactorStatus } from "../../../../api/rules/two_factor.ts";
import { useTwoFactor } from "./two_factor.ts";
import { answer, callOf } from "../../test_support/fetch.ts";
import { darkRuns } from "./QrCode.tsx";
import { groupSecret, TotpEnrol } from "./TotpEnrol.tsx";

const OFF: TwoFactorStatus = {
  enabled: false,
  totp: null,
  passkeys: [],
  recoveryCodesLeft: 0,
  required: false,
};
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const URI = `otpauth://totp/Staff%20Portal:U1?secret=${SECRET}&issuer=Staff%20Portal`;

beforeEach(() => useTwoFactor.getState().reset());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("setting up the authenticator app", () => {
  it("shows the QR code as an SVG of squares and the secret grouped in fours", async () => {
    const calls: ReturnType<typeof callOf>[] = [];
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(callOf(input, init));
      return answer(200, { success: true, data: { secret: SECRET, uri: URI } });
    });
    useTwoFactor.setState({ status: OFF });
    render(<TotpEnrol />);
    fireEvent.click(screen.getByRole("button", { name: "Set up authenticator app" }));
    // the password first: nothing is sent without it
    const dialog = screen.getByRole("dialog", { name: "Confirm it is you" });
    const password = within(dialog).getByLabelText("Your password");
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute("autocomplete")).toBe("current-password");
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "Please enter your current password",
    );
    expect(calls).toHaveLength(0);
    fireEvent.change(password, { target: { value: "Night-shift-7" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    const qr = await screen.findByRole("img", { name: "QR code for your authenticator app" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls[0].body).toEqual({ password: "Night-shift-7" });
    // one heading, the steps' intro taking the focus of the button gone
    expect(screen.queryByRole("heading", { name: "Set up authenticator app" })).toBeNull();
    expect(screen.getByRole("form", { name: "Set up authenticator app" })).toBeTruthy();
    expect(document.activeElement?.textContent).toMatch(/^Three steps/);
    expect(calls[0].url.pathname).toBe("/api/auth/two-factor/totp");
    expect(qr.tagName.toLowerCase()).toBe("svg");
    const encoded = encode(URI, { ecc: "M", border: 4 });
    expect(qr.getAttribute("viewBox")).toBe(`0 0 ${encoded.size} ${encoded.size}`);
    // one white ground, then one square run per run of dark modules
    const rects = qr.querySelectorAll("rect");
    expect(rects.length).toBe(darkRuns(encoded.data).length + 1);
    expect(rects.length).toBeGreaterThan(20);
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy" })).toBeTruthy();
    const field = screen.getByLabelText("6-digit code from the app");
    expect(field.getAttribute("inputmode")).toBe("numeric");
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");
  });

  it("a wrong password keeps the dialog open with the server's reason and what was typed", async () => {
    const calls: ReturnType<typeof callOf>[] = [];
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(callOf(input, init));
      return answer(400, { success: false, message: "Current password is incorrect" });
    });
    useTwoFactor.setState({ status: OFF });
    render(<TotpEnrol />);
    fireEvent.click(screen.getByRole("button", { name: "Set up authenticator app" }));
    const dialog = screen.getByRole("dialog", { name: "Confirm it is you" });
    const password = within(dialog).getByLabelText("Your password") as HTMLInputElement;
    fireEvent.change(password, { target: { value: "wrong-one" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toBe("Current password is incorrect")
    );
    expect(password.value).toBe("wrong-one");
    expect(useTwoFactor.getState().totpSetup).toBeNull();
    expect(calls).toHaveLength(1);
    // Cancel closes it, and nothing was begun
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Set up authenticator app" })).toBeTruthy();
  });

  it("confirms with a code: then it is set up and the first codes are held", async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `AAAAA-BBBB${i}`);
    const on = { ...OFF, enabled: true, totp: { enrolledAt: "2026-01-01T08:00:00Z" } };
    const calls: ReturnType<typeof callOf>[] = [];
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(callOf(input, init));
      return answer(200, { success: true, data: { status: on, recoveryCodes: codes } });
    });
    useTwoFactor.setState({ status: OFF, totpSetup: { secret: SECRET, uri: URI } });
    render(<TotpEnrol />);
    fireEvent.change(screen.getByLabelText("6-digit code from the app"), {
      target: { value: "123456" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(useTwoFactor.getState().status?.enabled).toBe(true));
    expect(calls[0].url.pathname).toBe("/api/auth/two-factor/totp/confirm");
    expect(calls[0].body).toEqual({ code: "123456" });
    expect(useTwoFactor.getState().recoveryCodes).toEqual(codes);
    expect(await screen.findByRole("button", { name: "Remove authenticator app" })).toBeTruthy();
  });

  it("a code that is not 6 digits is not sent", () => {
    vi.stubGlobal("fetch", () => Promise.reject(new Error("not to be called")));
    useTwoFactor.setState({ status: OFF, totpSetup: { secret: SECRET, uri: URI } });
    render(<TotpEnrol />);
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(useTwoFactor.getState().message?.text).toMatchObject({
      code: "two_factor:enter_totp",
      message: "Enter the 6-digit code from your authenticator app",
    });
  });
});

describe("the secret as typed by hand", () => {
  it("is grouped in fours, the last group shorter", () => {
    expect(groupSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
    expect(groupSecret("")).toBe("");
  });
});
