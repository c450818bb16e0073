// The footer's developer chat link.

import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "./session.ts";
import { developerChatLink, useSharedSettings } from "./shared.ts";

describe("developer chat link", () => {
  it("opens the chat with a greeting naming the user and code", () => {
    expect(developerChatLink("+20 100 000 0001", "Nour Adel", "N1")).toBe(
      "https://wa.me/201000000001?text=Hello%2C%20this%20is%20Nour%20Adel%20(N1)%20from%20the%20Staff%20Portal.",
    );
  });
});

describe("the footer's read of the shared settings", () => {
  afterEach(() => vi.unstubAllGlobals());
  const user = (needsPasswordChange: boolean) =>
    ({
      employeeCode: "U1",
      fullName: "User One",
      role: "user",
      station: "CAI",
      needsPasswordChange,
      passwordExpiry: null,
    }) as unknown as SessionUser;

  it("is not made for a session that must change its password first (the server refuses it)", () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError("no network")));
    vi.stubGlobal("fetch", fetch);
    useSharedSettings.getState().loadFor(user(true));
    useSharedSettings.getState().loadFor(null);
    expect(fetch).not.toHaveBeenCalled();
    useSharedSettings.getState().loadFor(user(false));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
