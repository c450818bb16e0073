// The stores kept in localStorage through persist: a value an earlier version stored under the
// same key (a bare "true", "12", or the preferences object) is read and written back in persist's
// form; persist's own form round-trips; a value that is not the store's shape counts as none.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answer } from "../test_support/fetch.ts";
import { DEFAULT_TIME_ZONE } from "./time.ts";

/** A fresh copy of a store module, hydrated from localStorage as on a page's start. */
const fresh = async <T>(load: () => Promise<T>) => {
  vi.resetModules();
  return await load();
};
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? "null");

beforeEach(() => localStorage.clear());
afterEach(() => document.documentElement.classList.remove("compact"));

describe("layout", () => {
  it("reads an earlier 'true', applies it, and keeps it in persist's form", async () => {
    localStorage.setItem("portal.compact", "true");
    const { useLayout } = await fresh(() => import("../features/shell/layout.ts"));
    expect(useLayout.getState().compact).toBe(true);
    expect(document.documentElement.classList.contains("compact")).toBe(true);
    expect(stored("portal.compact")).toEqual({ state: { compact: true }, version: 1 });
    useLayout.getState().toggleCompact();
    expect(stored("portal.compact")).toEqual({ state: { compact: false }, version: 1 });
    expect(document.documentElement.classList.contains("compact")).toBe(false);
    const again = await fresh(() => import("../features/shell/layout.ts"));
    expect(again.useLayout.getState().compact).toBe(false);
  });

  it("starts wide when nothing readable is stored", async () => {
    localStorage.setItem("portal.compact", JSON.stringify({ state: { compact: "yes" } }));
    const { useLayout } = await fresh(() => import("../features/shell/layout.ts"));
    expect(useLayout.getState().compact).toBe(false);
  });
});

describe("password policy", () => {
  it("reads an earlier bare number, and ignores one that is not a length", async () => {
    localStorage.setItem("portal.passwordPolicy", "12");
    const first = await fresh(() => import("../features/password/password_policy.ts"));
    expect(first.usePasswordPolicy.getState().minLength).toBe(12);
    expect(stored("portal.passwordPolicy")).toEqual({
      state: { minLength: 12, passwordHistory: 0, passwordExpiryDays: 90 },
      version: 1,
    });
    const again = await fresh(() => import("../features/password/password_policy.ts"));
    expect(again.usePasswordPolicy.getState().minLength).toBe(12);

    localStorage.setItem("portal.passwordPolicy", "-3");
    const bad = await fresh(() => import("../features/password/password_policy.ts"));
    expect(bad.usePasswordPolicy.getState().minLength).toBe(8);
  });

  it("keeps the history and expiry days the server gives, and reads a policy stored before them", async () => {
    localStorage.setItem("portal.passwordPolicy", JSON.stringify({ state: { minLength: 10 } }));
    const before = await fresh(() => import("../features/password/password_policy.ts"));
    expect(before.usePasswordPolicy.getState().passwordExpiryDays).toBe(90);
    expect(before.usePasswordPolicy.getState().passwordHistory).toBe(0);
    vi.stubGlobal(
      "fetch",
      () =>
        answer(200, {
          success: true,
          data: { minLength: 9, rule: "", passwordHistory: 5, passwordExpiryDays: 45 },
        }),
    );
    await before.usePasswordPolicy.getState().load();
    vi.unstubAllGlobals();
    expect(stored("portal.passwordPolicy")).toEqual({
      state: { minLength: 9, passwordHistory: 5, passwordExpiryDays: 45 },
      version: 1,
    });
    const again = await fresh(() => import("../features/password/password_policy.ts"));
    expect(again.usePasswordPolicy.getState().passwordExpiryDays).toBe(45);
    expect(again.usePasswordPolicy.getState().passwordHistory).toBe(5);
  });
});

describe("preferences", () => {
  it("reads the earlier object, and a sign-out leaves nothing under the key", async () => {
    localStorage.setItem(
      "portal.preferences",
      JSON.stringify({ employeeCode: "PR1", timeZone: "Asia/Dubai" }),
    );
    const { usePreferences, timeZoneFor } = await fresh(() =>
      import("../features/profile/preferences.ts")
    );
    expect(usePreferences.getState()).toMatchObject({
      employeeCode: "PR1",
      timeZone: "Asia/Dubai",
    });
    expect(timeZoneFor(" pr1 ")).toBe("Asia/Dubai");
    expect(timeZoneFor("OTHER")).toBe(DEFAULT_TIME_ZONE);
    expect(stored("portal.preferences")).toEqual({
      state: { employeeCode: "PR1", timeZone: "Asia/Dubai" },
      version: 1,
    });
    const { useSession } = await import("../features/shell/session.ts");
    useSession.setState({ user: { employeeCode: "PR1" } as never });
    useSession.setState({ user: null });
    expect(usePreferences.getState().employeeCode).toBeNull();
    expect(localStorage.getItem("portal.preferences")).toBeNull();
  });

  it("a zone that is not a time zone is not read", async () => {
    localStorage.setItem(
      "portal.preferences",
      JSON.stringify({ state: { employeeCode: "PR2", timeZone: "Mars/Base" }, version: 1 }),
    );
    const { usePreferences } = await fresh(() => import("../features/profile/preferences.ts"));
    expect(usePreferences.getState()).toMatchObject({
      employeeCode: null,
      timeZone: DEFAULT_TIME_ZONE,
    });
  });
});
