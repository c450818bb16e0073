// The required two-factor setup: who is led there (before the deadline once per sign-in, after it
// every time), "Later" only before the deadline, and the server's refusal that leads there.

import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SET_UP_TWO_FACTOR_FIRST } from "../../../../api/rules/two_factor.ts";
import { api, configureClient, unwrap } from "../../lib/api/client.ts";
import { type SessionUser, useSession } from "../shell/session.ts";
import { answer } from "../../test_support/fetch.ts";
import { endRouteTest, renderRoute, serveApi } from "../../test_support/routes.tsx";
import { sessionOf } from "../../test_support/session.ts";

const DAY = 86_400_000;
const STATUS = { enabled: false, totp: null, passkeys: [], recoveryCodesLeft: 0, required: true };

/** A signed-in user whose role requires a second factor by `by`. */
function signedIn(by: number): SessionUser {
  const user = sessionOf("U1", "admin", {
    fullName: "User One",
    twoFactorSetupBy: new Date(by).toISOString(),
  });
  serveApi({
    "GET /api/auth/me": { data: { user } },
    "GET /api/auth/two-factor": { data: STATUS },
    "GET /api/users/U1": { data: { ...user, workPhone: "", email: "", department: "" } },
  });
  useSession.setState({ user, twoFactorLater: false });
  return user;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  endRouteTest();
  useSession.setState({ twoFactorLater: false });
});

describe("a required second factor not set up", () => {
  it("before the deadline leads there once per sign-in; Later goes on", async () => {
    signedIn(Date.now() + 3 * DAY);
    const router = renderRoute("/profile");
    await waitFor(() => expect(router.state.location.pathname).toBe("/two-factor-setup"));
    expect(router.state.location.search).toEqual({ redirect: "/profile" });
    expect(
      await screen.findByText(/Your administrator requires two-factor sign-in for your account/),
    ).toBeTruthy();
    expect(screen.getByText(/You can set it up later, until/)).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Set up authenticator app" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Later" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    await router.navigate({ to: "/" });
    expect(router.state.location.pathname).toBe("/");
  });

  it("after the deadline leads there from every screen, without Later", async () => {
    signedIn(Date.now() - DAY);
    const router = renderRoute("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/two-factor-setup"));
    expect(await screen.findByText("Set it up now to continue using the portal.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Later" })).toBeNull();
    await router.navigate({ to: "/profile" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/two-factor-setup"));
  });

  it("says the requirement once, and Sign out leaves for the sign-in", async () => {
    signedIn(Date.now() - DAY);
    const router = renderRoute("/two-factor-setup");
    expect(await screen.findByText("Off: not set up yet.")).toBeTruthy();
    expect(screen.queryByText(/Your role requires it/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(useSession.getState().user).toBeNull();
  });

  it("is sent there when the server refuses a call for it", async () => {
    const seen: string[] = [];
    configureClient({ twoFactorSetupRequired: () => seen.push("sent") });
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        answer(403, {
          success: false,
          code: "two_factor:set_up_first",
          message: SET_UP_TWO_FACTOR_FIRST,
        })
      ),
    );
    await expect(unwrap(api.api.settings.public.$get())).rejects.toThrow(SET_UP_TWO_FACTOR_FIRST);
    expect(seen).toEqual(["sent"]);
    configureClient({ twoFactorSetupRequired: () => {} });
  });
});
