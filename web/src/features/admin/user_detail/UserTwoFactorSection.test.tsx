// The user detail's two-factor sign-in (issue 26): the account's authenticator app, passkeys and
// recovery codes as the server states them, and 'Reset two-factor sign-in' for a super admin only:
// asked first, then the server's message, the section and the user read again.

import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TwoFactorStatus } from "../../../../../api/rules/two_factor.ts";
import type { AdminUser } from "../admin_users.ts";
import { useUserDetail } from "../admin_users.ts";
import { useSession } from "../../shell/session.ts";
import { answer, callOf } from "../../../test_support/fetch.ts";
import { renderRouted } from "../../../test_support/router.tsx";
import { sessionOf } from "../../../test_support/session.ts";
import { UserDetailPage } from "./UserDetailPage.tsx";
import { STEP_UP_REQUIRED } from "../../../../../api/rules/step_up.ts";
import { StepUpDialog } from "../../two_factor/StepUpDialog.tsx";
import { useStepUp } from "../../two_factor/step_up.ts";

const account = {
  employeeCode: "U1",
  fullName: "Dina Test",
  station: "CAI",
  role: "user",
  isActive: true,
  accessibleApps: [],
  lockedUntil: null,
  passwordExpiry: null,
  lastLogin: null,
  twoFactorEnabled: true,
  updatedAt: "2026-01-01T00:00:00.000Z",
} as unknown as AdminUser;

const ENROLLED: TwoFactorStatus = {
  enabled: true,
  totp: { enrolledAt: "2026-03-02T08:30:00.000Z" },
  passkeys: [{
    id: "pk1",
    name: "Office key",
    createdAt: "2026-03-03T09:00:00.000Z",
    lastUsedAt: null,
  }],
  recoveryCodesLeft: 8,
  required: false,
};

const NONE: TwoFactorStatus = {
  enabled: false,
  totp: null,
  passkeys: [],
  recoveryCodesLeft: 0,
  required: false,
};

/** A server with U1 and its second factors; a reset removes them (with `stepUp`, only once the
 * password "Right-password-1" was confirmed). The calls it was asked. */
function server(stepUp = false) {
  let factors = ENROLLED;
  let confirmed = !stepUp;
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const { url, method } = callOf(input, init);
      calls.push(`${method} ${url.pathname}`);
      if (url.pathname === "/api/users/U1/sessions") {
        return answer(200, { success: true, data: [] });
      }
      if (url.pathname === "/api/auth/step-up") {
        const { password } = JSON.parse(String(init?.body));
        confirmed = password === "Right-password-1";
        return confirmed
          ? answer(200, { success: true, data: { confirmedUntil: "2026-03-03T09:05:00.000Z" } })
          : answer(400, { success: false, message: "Current password is incorrect" });
      }
      if (url.pathname === "/api/users/U1/two-factor" && method === "DELETE") {
        if (!confirmed) {
          return answer(403, {
            success: false,
            code: "auth:step_up_required",
            message: STEP_UP_REQUIRED,
          });
        }
        factors = NONE;
        return answer(200, { success: true, data: { message: "Two-factor sign-in of U1 reset" } });
      }
      if (url.pathname === "/api/users/U1/two-factor") {
        return answer(200, { success: true, data: factors });
      }
      if (url.pathname === "/api/users/U1") {
        const twoFactorEnabled = factors.enabled;
        return answer(200, { success: true, data: { ...account, twoFactorEnabled } });
      }
      return answer(404, { success: false, message: "not found" });
    }),
  );
  return calls;
}

async function open(actor: ReturnType<typeof sessionOf>, stepUp = false) {
  useSession.setState({ user: actor });
  const calls = server(stepUp);
  await useUserDetail.getState().open("U1");
  await renderRouted(
    <>
      <UserDetailPage employeeCode="U1" />
      <StepUpDialog />
    </>,
  );
  await screen.findByText("Office key");
  return calls;
}

const section = () => screen.getByRole("region", { name: "Two-factor sign-in" });
/** What the section's "Passkeys" field says. */
const passkeysField = () =>
  within(section()).getByText("Passkeys", { selector: "dt" }).nextElementSibling?.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
  useStepUp.setState({ asking: false, answer: null, confirmedUntil: 0 });
  useUserDetail.setState({
    employeeCode: "",
    user: null,
    state: "idle",
    status: null,
    twoFactor: null,
    twoFactorError: null,
  });
});

describe("two-factor sign-in on the user detail", () => {
  it("shows the authenticator app, the passkeys and the recovery codes left", async () => {
    await open(sessionOf("S1", "super_admin"));
    const s = within(section());
    // in the user's time zone (Africa/Cairo by default)
    expect(s.getByText("Yes, since 02 Mar 2026, 10:30")).toBeTruthy();
    expect(s.getByText("8")).toBeTruthy();
    expect(s.getByRole("table", { name: "Passkeys" })).toBeTruthy();
    const row = s.getByRole("row", { name: /Office key/ });
    expect(row.textContent).toContain("03 Mar 2026, 11:00");
    expect(row.textContent).toContain("Never");
  });

  it("a super admin resets it once confirmed: the message, then the section read again", async () => {
    const calls = await open(sessionOf("S1", "super_admin"));
    fireEvent.click(within(section()).getByRole("button", { name: "Reset two-factor sign-in" }));
    const dialog = screen.getByRole("dialog", { name: "Reset two-factor sign-in" });
    expect(dialog.textContent).toContain(
      "removes their authenticator app, passkeys and recovery codes and signs them out everywhere",
    );
    expect(calls).not.toContain("DELETE /api/users/U1/two-factor");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reset two-factor sign-in" }));
    expect(await screen.findByText("Two-factor sign-in of U1 reset")).toBeTruthy();
    await vi.waitFor(() => expect(passkeysField()).toBe("None"));
    expect(calls).toContain("DELETE /api/users/U1/two-factor");
    // the user was read again after the reset, and the section
    const after = calls.slice(calls.indexOf("DELETE /api/users/U1/two-factor"));
    expect(after).toEqual(
      expect.arrayContaining(["GET /api/users/U1", "GET /api/users/U1/two-factor"]),
    );
    expect(useUserDetail.getState().user?.twoFactorEnabled).toBe(false);
    // nothing left to reset
    expect(screen.queryByRole("button", { name: "Reset two-factor sign-in" })).toBeNull();
  });

  it("a reset the server holds for the password asks for it in the dialog, then resets", async () => {
    const calls = await open(sessionOf("S1", "super_admin"), true);
    fireEvent.click(within(section()).getByRole("button", { name: "Reset two-factor sign-in" }));
    const ask = screen.getByRole("dialog", { name: "Reset two-factor sign-in" });
    fireEvent.click(within(ask).getByRole("button", { name: "Reset two-factor sign-in" }));
    const confirm = await screen.findByRole("dialog", { name: "Confirm your password" });
    const field = within(confirm).getByLabelText("Your password");
    fireEvent.change(field, { target: { value: "Wrong-password-1" } });
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(await within(confirm).findByText("Current password is incorrect")).toBeTruthy();
    expect(passkeysField()).not.toBe("None");
    fireEvent.change(field, { target: { value: "Right-password-1" } });
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Two-factor sign-in of U1 reset")).toBeTruthy();
    await vi.waitFor(() => expect(passkeysField()).toBe("None"));
    expect(screen.queryByRole("dialog", { name: "Confirm your password" })).toBeNull();
    // refused, asked, confirmed, made again
    expect(calls.filter((c) => c === "DELETE /api/users/U1/two-factor").length).toBe(2);
    expect(calls.filter((c) => c === "POST /api/auth/step-up").length).toBe(2);
  });

  it("a cancelled password dialog leaves the factors and says why", async () => {
    const calls = await open(sessionOf("S1", "super_admin"), true);
    fireEvent.click(within(section()).getByRole("button", { name: "Reset two-factor sign-in" }));
    const ask = screen.getByRole("dialog", { name: "Reset two-factor sign-in" });
    fireEvent.click(within(ask).getByRole("button", { name: "Reset two-factor sign-in" }));
    const confirm = await screen.findByRole("dialog", { name: "Confirm your password" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText(STEP_UP_REQUIRED)).toBeTruthy();
    expect(passkeysField()).not.toBe("None");
    expect(calls).not.toContain("POST /api/auth/step-up");
  });

  it("an admin sees the second factors but is not offered the reset", async () => {
    await open(sessionOf("A1", "admin", { canManageUsers: true, canAccessAdminApps: true }));
    expect(within(section()).getByText("Yes, since 02 Mar 2026, 10:30")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reset two-factor sign-in" })).toBeNull();
  });
});
