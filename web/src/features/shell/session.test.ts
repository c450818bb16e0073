// The session store: what is kept in the browser, and sign-out without a network.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, configureClient, unwrap } from "../../lib/api/client.ts";
import {
  mustChange,
  PENDING_SIGN_OUT_KEY,
  type SessionUser,
  useSession,
  watchPendingSignOut,
} from "./session.ts";
import { answer } from "../../test_support/fetch.ts";

const USER = {
  employeeCode: "U1",
  fullName: "User One",
  firstName: "User",
  role: "user",
  station: "CAI",
  permissions: [],
  accessibleApps: ["ffm-to-uws"],
  needsPasswordChange: false,
  passwordExpiry: null,
  canManageUsers: false,
  canAccessAdminApps: false,
  canExtendPasswords: false,
  canViewAllStations: false,
  twoFactorEnabled: false,
  twoFactorSetupBy: null,
};

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ user: null, signOutPending: false });
});
afterEach(() => vi.unstubAllGlobals());

describe("session store", () => {
  it("signing in keeps the user fields in localStorage, never the token", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => answer(200, { success: true, data: { token: "a".repeat(64), user: USER } })),
    );
    const { user } = await useSession.getState().login("U1", "secret");
    expect(user?.employeeCode).toBe("U1");
    const stored = localStorage.getItem("portal.session") ?? "";
    expect(JSON.parse(stored).user).toEqual(USER);
    expect(stored).not.toContain("a".repeat(64));
  });

  it("a failed sign-in throws the server's message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => answer(401, { success: false, message: "Invalid employee code or password" })),
    );
    await expect(useSession.getState().login("U1", "bad")).rejects.toThrow(
      "Invalid employee code or password",
    );
    expect(useSession.getState().user).toBeNull();
  });

  it("a session check answered after a sign-out does not sign the user back in", async () => {
    useSession.getState().setUser(USER as never);
    let answerCheck: (r: Promise<Response>) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL) =>
        String(input instanceof Request ? input.url : input).endsWith("/api/auth/me")
          ? new Promise<Response>((resolve) => answerCheck = (r) => void r.then(resolve))
          : answer(200, { success: true, data: null })
      ),
    );
    const checked = useSession.getState().check();
    await useSession.getState().logout();
    answerCheck(answer(200, { success: true, data: { user: USER } }));
    expect(await checked).toBeNull();
    expect(useSession.getState().user).toBeNull();
  });

  it("sign-out clears the local session even when the server cannot be reached", async () => {
    useSession.getState().setUser(USER as never);
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await useSession.getState().logout();
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem("portal.session")).toBeNull();
  });

  it("a sign-out made offline is remembered, and no session check signs the user back in", async () => {
    useSession.getState().setUser(USER as never);
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await useSession.getState().logout();
    expect(useSession.getState().signOutPending).toBe(true);
    expect(localStorage.getItem(PENDING_SIGN_OUT_KEY)).not.toBeNull();
    // the server can be reached again, and its cookie still opens the old session
    const paths: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        paths.push(`${init?.method ?? "GET"} ${new URL(url).pathname}`);
        return url.endsWith("/api/auth/logout")
          ? answer(200, { success: true, data: { message: "Signed out" } })
          : answer(200, { success: true, data: { user: USER } });
      }),
    );
    configureClient({ first: () => useSession.getState().finishSignOut() });
    const call = unwrap(api.api.settings.public.$get());
    const checked = useSession.getState().check();
    await call;
    expect(paths[0]).toBe("POST /api/auth/logout");
    expect(paths.filter((p) => p.endsWith("/api/auth/logout"))).toHaveLength(1);
    await checked;
    expect(useSession.getState().signOutPending).toBe(false);
    expect(localStorage.getItem(PENDING_SIGN_OUT_KEY)).toBeNull();
    configureClient({ first: () => null });
  });

  it("while the server still cannot be reached, the check answers signed out", async () => {
    useSession.getState().setUser(USER as never);
    const fetching = vi.fn((_input: RequestInfo | URL) =>
      Promise.reject(new TypeError("Failed to fetch"))
    );
    vi.stubGlobal("fetch", fetching);
    await useSession.getState().logout();
    // a reload: the stored note is read again, the user is gone
    useSession.setState({ signOutPending: false });
    expect(await useSession.getState().check()).toBeNull();
    expect(useSession.getState().signOutPending).toBe(true);
    expect(fetching.mock.calls.map(([input]) => String(input))).not.toContainEqual(
      expect.stringContaining("/api/auth/me"),
    );
  });

  it("a sign-out another tab has already sent is not sent again (a sign-in since stays)", async () => {
    const fetching = vi.fn(() => answer(200, { success: true, data: { message: "Signed out" } }));
    vi.stubGlobal("fetch", fetching);
    useSession.setState({ signOutPending: true }); // this page's view; the device's note is gone
    expect(await useSession.getState().finishSignOut()).toBe(true);
    expect(fetching).not.toHaveBeenCalled();
    expect(useSession.getState().signOutPending).toBe(false);
  });

  it("a sign-out in another tab of this PC signs this page out too", () => {
    useSession.getState().setUser(USER as never);
    const shown = vi.fn();
    watchPendingSignOut(shown);
    globalThis.dispatchEvent(
      new StorageEvent("storage", { key: "portal.display", newValue: "{}" }),
    );
    expect(useSession.getState().user?.employeeCode).toBe("U1");
    globalThis.dispatchEvent(
      new StorageEvent("storage", { key: PENDING_SIGN_OUT_KEY, newValue: "1" }),
    );
    expect(useSession.getState().user).toBeNull();
    expect(useSession.getState().signOutPending).toBe(true);
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it("reads the session browsers already keep ({ user, loginTime }) and writes that form", async () => {
    localStorage.setItem("portal.session", JSON.stringify({ user: USER, loginTime: 1 }));
    await useSession.persist.rehydrate();
    expect(useSession.getState().user).toEqual(USER);
    useSession.getState().setUser({ ...USER, fullName: "Renamed" } as SessionUser);
    const kept = JSON.parse(localStorage.getItem("portal.session") ?? "{}");
    expect(kept.user.fullName).toBe("Renamed");
    expect(typeof kept.loginTime).toBe("number");
    useSession.setState({ user: null });
    localStorage.setItem("portal.session", "not json");
    await useSession.persist.rehydrate();
    expect(useSession.getState().user).toBeNull();
  });

  it("the session check keeps the stored user offline and drops it on 401", async () => {
    useSession.getState().setUser(USER as never);
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    expect((await useSession.getState().check())?.employeeCode).toBe("U1");
    vi.stubGlobal("fetch", vi.fn(() => answer(401, { success: false, message: "Please sign in" })));
    expect(await useSession.getState().check()).toBeNull();
    expect(localStorage.getItem("portal.session")).toBeNull();
  });
});

describe("a session that must change its password", () => {
  it("is one on the default password or on a password that expired since signing in", () => {
    const now = Date.parse("2026-11-22T08:00:00Z");
    expect(mustChange({ ...USER, role: "user" } as SessionUser, now)).toBe(false);
    expect(mustChange({ ...USER, needsPasswordChange: true } as SessionUser, now)).toBe(true);
    const expired = { ...USER, passwordExpiry: "2026-11-22T07:59:59.000Z" } as SessionUser;
    expect(mustChange(expired, now)).toBe(true);
    expect(mustChange({ ...expired, passwordExpiry: "2026-12-01T00:00:00Z" }, now)).toBe(false);
  });

  it("is sent to the forced change when the server refuses a call for it", async () => {
    useSession.getState().setUser(USER as SessionUser);
    const seen: string[] = [];
    configureClient({
      passwordChangeRequired() {
        useSession.getState().requireChange();
        seen.push("sent");
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        answer(403, {
          success: false,
          code: "password:change_first",
          message: "Change your password first",
        })
      ),
    );
    await expect(unwrap(api.api.settings.public.$get())).rejects.toThrow(
      "Change your password first",
    );
    expect(seen).toEqual(["sent"]);
    expect(useSession.getState().user?.needsPasswordChange).toBe(true);
    // any other refusal is only an error
    vi.stubGlobal(
      "fetch",
      vi.fn(() => answer(403, { success: false, message: "You do not have permission" })),
    );
    await expect(unwrap(api.api.settings.public.$get())).rejects.toThrow("permission");
    expect(seen).toEqual(["sent"]);
  });
});
