// The forced change screen (issue 27, item 6): its subtitle says why the change is forced, as the
// server gives the reason, and keeps saying it while the success message shows, although the
// session no longer needs a change then.

import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FORCED_CHANGE_SUBTITLES,
  type ForcedChangeReason,
} from "../../../../api/rules/password.ts";
import { endRouteTest, renderRoute, serveApi } from "../../test_support/routes.tsx";
import { sessionOf } from "../../test_support/session.ts";
import type { SessionUser } from "../shell/session.ts";
import { forcedSubtitle } from "./PasswordChangePage.tsx";

const DAY = 24 * 60 * 60_000;

/** A user who must change their password for `reason`. */
function forced(reason: ForcedChangeReason): SessionUser {
  return sessionOf("U1", "user", {
    fullName: "User One",
    needsPasswordChange: reason !== "expired",
    passwordExpiry: new Date(Date.now() + (reason === "expired" ? -DAY : 90 * DAY)).toISOString(),
    passwordChangeReason: reason,
  });
}

/** The server: the session of `user` until the change, then a session that needs none. */
function server(user: SessionUser) {
  let changed = false;
  const after = {
    ...user,
    needsPasswordChange: false,
    passwordExpiry: new Date(Date.now() + 90 * DAY).toISOString(),
    passwordChangeReason: null,
  };
  return serveApi({
    "GET /api/auth/me": () => ({ data: { user: changed ? after : user } }),
    "GET /api/auth/password-policy": {
      data: { minLength: 8, rule: "", passwordHistory: 3, passwordExpiryDays: 90 },
    },
    "POST /api/users/U1/change-password": () => {
      changed = true;
      return { data: { message: "Password changed" } };
    },
  });
}

const subtitle = () => document.querySelector(".subtitle")?.textContent;

beforeEach(() => localStorage.clear());
afterEach(endRouteTest);

describe("the forced change screen's subtitle", () => {
  it("says a password set by an administrator, and keeps it through the success message", async () => {
    const served = server(forced("admin-set"));
    renderRoute("/password-change-required");
    await screen.findByRole("heading", { name: "Password Change Required" });
    expect(subtitle()).toBe("You are signed in with a password set by an administrator");
    // the rule under the new password states the server's history too
    await waitFor(() =>
      expect(document.getElementById("password-rule")?.textContent).toMatch(
        /does not contain the employee code or name\. It is none of your last 3 passwords\.$/,
      )
    );
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type("Current password", "Typed-by-admin-5521");
    type("New password", "Harbor-lantern-417");
    type("Confirm new password", "Harbor-lantern-417");
    fireEvent.click(screen.getByRole("button", { name: "Change Password" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe("Password changed. Taking you home…")
    );
    // the session was read again and needs no change now: the subtitle stays as it was
    await waitFor(() => expect(served.filter((c) => c === "GET /api/auth/me").length).toBe(2));
    expect(subtitle()).toBe("You are signed in with a password set by an administrator");
    expect(subtitle()).not.toBe(FORCED_CHANGE_SUBTITLES.expired.message);
  });

  it("says a one-time password, or an expired one, as the server's reason says", async () => {
    server(forced("one-time"));
    renderRoute("/password-change-required");
    await screen.findByRole("heading", { name: "Password Change Required" });
    expect(subtitle()).toBe("You are signed in with a one-time password");
    endRouteTest();
    server(forced("expired"));
    renderRoute("/password-change-required");
    await screen.findByRole("heading", { name: "Password Change Required" });
    expect(subtitle()).toBe("Your password has expired");
  });

  it("without a reason from the server: expired when it is, a general line otherwise", () => {
    const old = { ...forced("admin-set"), passwordChangeReason: undefined };
    expect(forcedSubtitle(old)).toEqual({
      code: "password:forced:unknown",
      params: {},
      message: "Choose a new password before you go on",
    });
    const expired = { ...forced("expired"), passwordChangeReason: undefined };
    expect(forcedSubtitle(expired).message).toBe("Your password has expired");
  });
});
