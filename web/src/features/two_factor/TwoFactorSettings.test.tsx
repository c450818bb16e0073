// The profile's two-factor section: the status line, passkeys (added through the browser,
// renamed, removed after asking) and recovery codes (shown once, downloaded, made again after
// asking); adding, removing and new codes send the password asked again.

import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TwoFactorStatus } from "../../../../api/rules/two_factor.ts";
import { useSession } from "../shell/session.ts";
import { useTwoFactor } from "./two_factor.ts";
import { answer, callOf } from "../../test_support/fetch.ts";
import { sessionOf } from "../../test_support/session.ts";
import { statusLine, TwoFactorSettings } from "./TwoFactorSettings.tsx";

vi.mock("@simplewebauthn/browser", () => ({
  startRegistration: vi.fn(() =>
    Promise.resolve({
      id: "cred1",
      rawId: "cred1",
      type: "public-key",
      response: { clientDataJSON: "c", attestationObject: "a" },
      clientExtensionResults: {},
    })
  ),
}));

const KEY = { id: "k1", name: "Office PC", createdAt: "2026-01-01T08:00:00Z", lastUsedAt: null };
const ON: TwoFactorStatus = {
  enabled: true,
  totp: null,
  passkeys: [KEY],
  recoveryCodesLeft: 9,
  required: false,
};
const CODES = Array.from({ length: 10 }, (_, i) => `CODE${i}-XXXXX`);

/** Stubs fetch: "METHOD /path" to the data answered; returns the calls made. */
function server(routes: Record<string, unknown>) {
  const calls: ReturnType<typeof callOf>[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const call = callOf(input, init);
    calls.push(call);
    const data = routes[`${call.method} ${call.url.pathname}`];
    return data === undefined
      ? answer(404, { success: false, message: "Not found" })
      : answer(200, { success: true, data });
  });
  return calls;
}

const PASSWORD = "Night-shift-7";

/** Types the password into the dialog open and presses its `button`. */
function confirmWithPassword(button: string) {
  const dialog = screen.getByRole("dialog");
  fireEvent.change(within(dialog).getByLabelText("Your password"), {
    target: { value: PASSWORD },
  });
  fireEvent.click(within(dialog).getByRole("button", { name: button }));
}

beforeEach(() => {
  useTwoFactor.getState().reset();
  useSession.setState({ user: sessionOf("U1", "user") });
  vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.setState({ user: null });
});

describe("the two-factor section", () => {
  it("adds a passkey under its name and shows the first recovery codes once", async () => {
    const calls = server({
      "GET /api/auth/two-factor": { ...ON, enabled: false, passkeys: [], recoveryCodesLeft: 0 },
      "POST /api/auth/two-factor/passkeys/options": { challenge: "x", rp: { name: "P" } },
      "POST /api/auth/two-factor/passkeys": { status: ON, recoveryCodes: CODES },
    });
    render(<TwoFactorSettings />);
    expect(await screen.findByText("Off: sign-in asks for your password alone.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Passkey name"), { target: { value: " Office PC " } });
    fireEvent.click(screen.getByRole("button", { name: "Add a passkey" }));
    expect(screen.getByRole("dialog", { name: "Confirm it is you" }).textContent).toContain(
      "Enter your password to add the passkey Office PC.",
    );
    confirmWithPassword("Continue");
    expect(await screen.findByRole("heading", { name: "Your recovery codes" })).toBeTruthy();
    expect(calls.at(-2)?.body).toEqual({ password: PASSWORD });
    expect(calls.at(-1)?.body).toMatchObject({ name: "Office PC", response: { id: "cred1" } });
    expect(screen.getByRole("status").textContent).toBe("Passkey added");
    expect(
      screen.getByText("On: sign-in asks for a passkey after your password (1 registered)."),
    ).toBeTruthy();
    expect(useSession.getState().user?.twoFactorEnabled).toBe(true);
    for (const c of CODES) expect(screen.getByText(c)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(screen.queryByText(CODES[0])).toBeNull();
    expect(useTwoFactor.getState().recoveryCodes).toBeNull();
  });

  it("a passkey without a name asks for no password and sends nothing", async () => {
    const calls = server({ "GET /api/auth/two-factor": ON });
    render(<TwoFactorSettings />);
    fireEvent.click(await screen.findByRole("button", { name: "Add a passkey" }));
    expect(screen.getByRole("status").textContent).toBe("Give the passkey a name");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.map((c) => c.method)).toEqual(["GET"]);
  });

  it("renames a passkey in place and removes one after asking", async () => {
    const renamed = { ...ON, passkeys: [{ ...KEY, name: "Laptop" }] };
    const calls = server({
      "GET /api/auth/two-factor": ON,
      "PATCH /api/auth/two-factor/passkeys/k1": renamed,
      "DELETE /api/auth/two-factor/passkeys/k1": { ...ON, enabled: false, passkeys: [] },
    });
    render(<TwoFactorSettings />);
    fireEvent.click(await screen.findByRole("button", { name: "Rename" }));
    fireEvent.change(screen.getByLabelText("New name for Office PC"), {
      target: { value: "Laptop" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    // the form closes once the server has taken the name (until then its label names the new
    // name too, so the text alone does not say the row is back), and the row shows the new name
    const remove = await screen.findByRole("button", { name: "Remove" });
    expect(screen.getByText("Laptop").className).toBe("tf-passkey-name");
    expect(calls.at(-1)?.body).toEqual({ name: "Laptop" });
    fireEvent.click(remove);
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText(/only second factor/)).toBeTruthy();
    confirmWithPassword("Remove");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Passkey removed"));
    expect(calls.at(-1)?.method).toBe("DELETE");
    expect(calls.at(-1)?.body).toEqual({ password: PASSWORD });
  });

  it("makes new recovery codes only after asking, and downloads them as text", async () => {
    const calls = server({
      "GET /api/auth/two-factor": ON,
      "POST /api/auth/two-factor/recovery-codes": { recoveryCodes: CODES },
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((b) => {
      if (b instanceof Blob) blobs.push(b);
      return "blob:x";
    });
    render(<TwoFactorSettings />);
    expect(await screen.findByText("9 recovery codes left.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Generate new recovery codes" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }));
    expect(useTwoFactor.getState().recoveryCodes).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Generate new recovery codes" }));
    confirmWithPassword("Generate");
    expect(await screen.findByText(CODES[9])).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ password: PASSWORD });
    fireEvent.click(screen.getByRole("button", { name: "Download" }));
    expect(blobs).toHaveLength(1);
    const text = await blobs[0].text();
    expect(text).toContain("Account: U1");
    expect(text).toContain(`10. ${CODES[9]}`);
  });
});

describe("the status line", () => {
  const two = [KEY, { ...KEY, id: "k2" }];
  const totp = { enrolledAt: "2026-01-01T08:00:00Z" };

  it("counts the passkeys registered, one or more", () => {
    expect(statusLine({ ...ON, passkeys: two })).toBe(
      "On: sign-in asks for a passkey after your password (2 registered).",
    );
    expect(statusLine({ ...ON, totp, passkeys: [KEY] })).toBe(
      "On: sign-in asks for an authenticator app or a passkey after your password " +
        "(1 passkey registered).",
    );
    expect(statusLine({ ...ON, totp, passkeys: [] })).toBe(
      "On: sign-in asks for an authenticator app after your password.",
    );
  });

  it("off: says the role requires it unless the screen says so already", () => {
    const off = { ...ON, enabled: false, passkeys: [], required: true };
    expect(statusLine(off)).toMatch(/Your role requires it/);
    expect(statusLine(off, true)).toBe("Off: not set up yet.");
  });
});
