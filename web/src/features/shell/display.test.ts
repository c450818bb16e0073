// The display preferences and the account (issue 28): a signed-in account's preferences are the
// ones shown, and a language picked on the sign-in page becomes the account's at sign-in, as
// Keycloak's sign-in page does, instead of being switched back.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer, callOf } from "../../test_support/fetch.ts";
import { setLanguage } from "../../i18n/i18n.ts";
import { useDisplay } from "./display.ts";
import "../profile/preferences.ts";
import { type SessionUser, useSession } from "./session.ts";

let calls: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const c = callOf(input, init);
    calls.push({ method: c.method, path: c.url.pathname, body: c.body });
    const preferences = {
      language: "en",
      theme: "light",
      notifications: true,
      timezone: "Africa/Cairo",
      ...(c.body as object),
    };
    return answer(200, { success: true, data: { preferences } });
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
  useDisplay.setState({ language: "en", theme: "light", notifications: true, picked: null });
  await setLanguage("en");
});

const user = (preferences: object) =>
  ({ employeeCode: "D1", fullName: "D One", preferences }) as unknown as SessionUser;

describe("the account's preferences", () => {
  it("are shown when the account signs in", () => {
    useSession.setState({ user: user({ language: "ar", theme: "dark", notifications: false }) });
    expect(useDisplay.getState()).toMatchObject({
      language: "ar",
      theme: "dark",
      notifications: false,
    });
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(calls).toEqual([]);
  });

  it("take the language picked on the sign-in page, saved to the account once", async () => {
    useDisplay.getState().pickLanguage("ar");
    useSession.setState({ user: user({ language: "en", theme: "light" }) });
    expect(useDisplay.getState().language).toBe("ar");
    await vi.waitFor(() => expect(useDisplay.getState().picked).toBeNull());
    expect(calls).toEqual([
      { method: "PUT", path: "/api/auth/preferences", body: { language: "ar" } },
    ]);
    expect(useDisplay.getState().language).toBe("ar");
    // the next session check answers the saved preference: nothing more is asked
    useSession.setState({ user: user({ language: "ar", theme: "light" }) });
    expect(calls.length).toBe(1);
  });

  it("stay as picked when a session check sent before the save answers after it", async () => {
    // the signed-in layout checks the session while the picked language is being saved: its
    // answer, read before the save, still holds the account's old language
    let answerCheck: (r: Promise<Response>) => void = () => {};
    const put = vi.fn();
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      const c = callOf(input, init);
      if (c.method === "GET" && c.url.pathname === "/api/auth/me") {
        return new Promise<Response>((resolve) => answerCheck = resolve);
      }
      put(c.body);
      const preferences = { language: "ar", theme: "light", notifications: true };
      return answer(200, {
        success: true,
        data: { preferences: { ...preferences, timezone: "UTC" } },
      });
    });
    useDisplay.getState().pickLanguage("ar");
    useSession.getState().signedIn(user({ language: "en", theme: "light" }));
    const checked = useSession.getState().check();
    await vi.waitFor(() => expect(useDisplay.getState().picked).toBeNull());
    expect(put).toHaveBeenCalledWith({ language: "ar" });
    answerCheck(
      answer(200, { success: true, data: { user: user({ language: "en", theme: "light" }) } }),
    );
    const checkedUser = await checked;
    expect(useDisplay.getState().language).toBe("ar");
    expect(useSession.getState().user?.preferences?.language).toBe("ar");
    expect(checkedUser?.preferences?.language).toBe("ar");
  });
});
