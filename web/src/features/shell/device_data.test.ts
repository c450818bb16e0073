// Clear Cache forgets what the app keeps on this device: the stored session and settings, every
// user's conversion history and the extractor's rented codes, written by their own stores.

import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConversionResult } from "../../../../engine/types.ts";
import { clearDeviceData } from "./device_data.ts";
import { useExtractor } from "../extractor/extractor.ts";
import { DEFAULT_RENTED_CODES } from "../extractor/extractor_settings.ts";
import { useHistory } from "../converter/history.ts";
import { PENDING_SIGN_OUT_KEY, type SessionUser, useSession } from "./session.ts";
import { sessionOf } from "../../test_support/session.ts";

/** A signed-in user of this device. */
function user(employeeCode: string): SessionUser {
  return sessionOf(employeeCode, "user", {
    fullName: `User ${employeeCode}`,
    firstName: "User",
    accessibleApps: ["ffm-to-uws", "uld-extractor"],
  });
}

const converted = {
  ok: true,
  warnings: [],
  uwsOutput: "UWS\nMS985/22.CAI.FINAL",
  flightHeader: "MS985/22.CAI.FINAL",
  totalGrossWeight: 1250,
  totalNetWeight: 1150,
  totalTareWeight: 100,
  numberOfUlds: 1,
  bulkLoad: 0,
  firstDestination: null,
  secondDestination: null,
  ulds: [],
} as unknown as ConversionResult;

/** The history a user sees after a reload of the page. */
async function historyOf(code: string): Promise<string[]> {
  useSession.getState().setUser(user(code));
  useHistory.setState({ entries: null });
  await useHistory.getState().load();
  return (useHistory.getState().entries ?? []).map((e) => e.flight);
}

const initialExtractor = useExtractor.getState();

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("offline"))));
});
afterEach(() => vi.unstubAllGlobals());

describe("Clear Cache", () => {
  it("forgets every user's conversion history and the rented codes, as well as the storages", async () => {
    for (const code of ["CC1", "CC2"]) {
      useSession.getState().setUser(user(code));
      await useHistory.getState().add({ ffm: "FFM", uws: "UWS", secondDest: "" }, converted);
    }
    expect(await historyOf("CC1")).toEqual(["MS985/22"]);
    useExtractor.getState().setRentedText("X5");
    await useExtractor.getState().saveSettings();
    globalThis.sessionStorage.setItem("tab", "1");

    await clearDeviceData();

    expect(globalThis.localStorage.length).toBe(0);
    expect(globalThis.sessionStorage.length).toBe(0);
    expect(await historyOf("CC1")).toEqual([]);
    expect(await historyOf("CC2")).toEqual([]);
    useExtractor.setState(initialExtractor, true); // the next visit starts from what is stored
    await useExtractor.getState().loadSettings();
    expect(useExtractor.getState().settings.rentedCodes).toEqual(DEFAULT_RENTED_CODES);
  });

  it("keeps a sign-out the server has not confirmed (the old session is still to be ended)", async () => {
    globalThis.localStorage.setItem(PENDING_SIGN_OUT_KEY, "1");
    globalThis.localStorage.setItem("portal.session", "{}");
    await clearDeviceData();
    expect(globalThis.localStorage.getItem(PENDING_SIGN_OUT_KEY)).toBe("1");
    expect(globalThis.localStorage.length).toBe(1);
  });

  it("works when nothing was ever stored", async () => {
    await expect(clearDeviceData()).resolves.toBeUndefined();
    expect(await historyOf("CC3")).toEqual([]);
  });
});
