// Conversion history on the device: newest first, at most 200 with their texts, searchable by
// flight, cleared on demand; and no call to the server.

import "fake-indexeddb/auto";
import { createStore, get, set } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConversionResult } from "../../../../engine/types.ts";
import { conversionKey, HISTORY_LIMIT, matchesFlight, useHistory } from "./history.ts";
import { usePreferences } from "../profile/preferences.ts";
import { type SessionUser, useSession } from "../shell/session.ts";
import { sessionOf } from "../../test_support/session.ts";

/** A signed-in user of this device. */
function user(employeeCode: string): SessionUser {
  return sessionOf(employeeCode, "user", {
    fullName: `User ${employeeCode}`,
    firstName: "User",
    accessibleApps: ["ffm-converter"],
  });
}

function result(flight: string, gross: number): ConversionResult {
  const dest = (destination: string) => ({
    destination,
    grossWeight: gross,
    netWeight: gross - 100,
    tareWeight: 100,
    numberOfUlds: 1,
    bulkLoad: 0,
  });
  return {
    ok: true,
    warnings: [{
      line: 3,
      code: "ffm:unknown_line",
      params: { excerpt: "XX" },
      message: "Unknown line skipped: XX",
    }],
    uwsOutput: `UWS\n${flight}.CAI.FINAL`,
    flightHeader: `${flight}.CAI.FINAL`,
    totalGrossWeight: gross,
    totalNetWeight: gross - 100,
    totalTareWeight: 100,
    numberOfUlds: 1,
    bulkLoad: 0,
    firstDestination: dest("JFK"),
    secondDestination: dest("BOS"),
    ulds: [{
      id: "AKE12345MS",
      type: "AKE",
      destination: "JFK",
      cargoWeight: 1,
      tareWeight: 1,
      grossWeight: 2,
      codes: [],
    }],
  };
}

const fetch = vi.fn();
beforeEach(async () => {
  vi.stubGlobal("fetch", fetch);
  useSession.getState().setUser(user("HA1"));
  await useHistory.getState().clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("conversion history", () => {
  it("keeps a conversion with its flight, totals and texts, newest first", async () => {
    const h = useHistory.getState();
    await h.add({ ffm: "FFM A", uws: "UWS A", secondDest: "" }, result("MS985/22", 1250));
    await h.add({ ffm: "FFM B", uws: "UWS B", secondDest: "BOS" }, result("AC857/23", 900));
    const entries = useHistory.getState().entries!;
    expect(entries.map((e) => e.flight)).toEqual(["AC857/23", "MS985/22"]);
    expect(entries[0]).toMatchObject({
      origin: "CAI",
      destinations: ["JFK", "BOS"],
      totals: { gross: 900, net: 800, tare: 100, ulds: 1, bulk: 0 },
    });
    const texts = await h.texts(entries[0].id);
    expect(texts).toMatchObject({ ffm: "FFM B", uws: "UWS B", secondDest: "BOS" });
    // the per-ULD rows are not kept: the totals and the UWS are what is shown again
    expect(texts?.result.ulds).toEqual([]);
    expect(texts?.result.totalGrossWeight).toBe(900);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads the same list after a reload of the page", async () => {
    await useHistory.getState().add({ ffm: "F", uws: "U", secondDest: "" }, result("MS1/01", 5));
    useHistory.setState({ entries: null });
    await useHistory.getState().load();
    expect(useHistory.getState().entries?.map((e) => e.flight)).toEqual(["MS1/01"]);
  });

  it("the same FFM converted again after a reload is kept once, as the newest", async () => {
    const texts = { ffm: "FFM/8\nSAME", uws: "UWS SAME", secondDest: "" };
    await useHistory.getState().add(texts, result("MS985/22", 1250));
    const first = useHistory.getState().entries![0].id;
    await useHistory.getState().add(
      { ffm: "OTHER", uws: "U", secondDest: "" },
      result("AC1/01", 5),
    );
    useHistory.setState({ entries: null }); // a reload: nothing in memory
    await useHistory.getState().load();
    await useHistory.getState().add(texts, result("MS985/22", 1250));
    const entries = useHistory.getState().entries!;
    expect(entries.map((e) => e.flight)).toEqual(["MS985/22", "AC1/01"]);
    expect(await useHistory.getState().texts(first)).toBeNull();
    expect(await useHistory.getState().texts(entries[0].id)).toMatchObject(texts);
    // another 2nd Dest is another conversion
    await useHistory.getState().add({ ...texts, secondDest: "BOS" }, result("MS985/22", 1250));
    expect(useHistory.getState().entries).toHaveLength(3);
  });

  it("keys a long text, hashed a chunk a task, as one pass over it does (FNV-1a)", async () => {
    const fnv = (text: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      return `${text.length}.${(h >>> 0).toString(36)}`;
    };
    const ffm = "FFM/8\n" + "123-45678901T1K10MC1/GEN\n".repeat(30_000);
    const edited = ffm.slice(0, -10) + "X" + ffm.slice(-9);
    const key = await conversionKey({ ffm, uws: "U", secondDest: "" }, "AC1/01.YUL");
    expect(key).toBe(["AC1/01.YUL", "", fnv(ffm), fnv("U")].join("|"));
    expect(await conversionKey({ ffm: edited, uws: "U", secondDest: "" }, "AC1/01.YUL"))
      .not.toBe(key);
  });

  it("keeps the last 200 and forgets the texts of those that fall off", async () => {
    const h = useHistory.getState();
    for (let i = 0; i <= HISTORY_LIMIT; i++) {
      await h.add({ ffm: `F${i}`, uws: `U${i}`, secondDest: "" }, result(`MS${i}/01`, i));
    }
    const entries = useHistory.getState().entries!;
    expect(entries).toHaveLength(HISTORY_LIMIT);
    expect(entries[0].flight).toBe(`MS${HISTORY_LIMIT}/01`);
    expect(entries.at(-1)?.flight).toBe("MS1/01");
    expect(entries.some((e) => e.flight === "MS0/01")).toBe(false);
  });

  it("finds flights by what is typed, case and spaces aside", async () => {
    const h = useHistory.getState();
    await h.add({ ffm: "F", uws: "U", secondDest: "" }, result("MS985/22", 1));
    await h.add({ ffm: "F", uws: "U", secondDest: "" }, result("AC857/23", 1));
    const found = (q: string) =>
      useHistory.getState().entries!.filter((e) => matchesFlight(e, q)).map((e) => e.flight);
    expect(found("ms 985")).toEqual(["MS985/22"]);
    expect(found("857")).toEqual(["AC857/23"]);
    expect(found("")).toHaveLength(2);
    expect(found("LH")).toEqual([]);
  });

  it("clears everything kept on the device", async () => {
    const h = useHistory.getState();
    await h.add({ ffm: "F", uws: "U", secondDest: "" }, result("MS985/22", 1));
    const id = useHistory.getState().entries![0].id;
    await h.clear();
    expect(useHistory.getState().entries).toEqual([]);
    expect(await h.texts(id)).toBeNull();
    await h.load();
    expect(useHistory.getState().entries).toEqual([]);
  });
});

describe("the next user of the device (issue 22, hole 14)", () => {
  it("sees none of the previous user's conversions, and the previous user sees theirs again", async () => {
    await useHistory.getState().add(
      { ffm: "FFM OF A", uws: "UWS OF A", secondDest: "" },
      result("MS985/22", 1250),
    );
    const id = useHistory.getState().entries![0].id;
    await useSession.getState().logout();
    expect(useHistory.getState().entries ?? []).toEqual([]);

    useSession.getState().setUser(user("HB2"));
    await useHistory.getState().load();
    expect(useHistory.getState().entries).toEqual([]);
    expect(await useHistory.getState().texts(id)).toBeNull();
    await useHistory.getState().clear(); // B's clear leaves A's history alone
    await useSession.getState().logout();

    useSession.getState().setUser(user("HA1"));
    await useHistory.getState().load();
    expect(useHistory.getState().entries?.map((e) => e.flight)).toEqual(["MS985/22"]);
    expect(await useHistory.getState().texts(id)).toMatchObject({ ffm: "FFM OF A" });
  });

  it("the history kept before it had owners is nobody's: dropped, not shown", async () => {
    const legacy = createStore("conversion-history", "entries");
    await set("index", [{ id: "old", at: 1, flight: "LH1/01" }], legacy);
    await set("entry:old", { ffm: "FFM OF SOMEONE" }, legacy);
    await useHistory.getState().load();
    expect(useHistory.getState().entries).toEqual([]);
    expect(await get("index", legacy)).toBeUndefined();
    expect(await get("entry:old", legacy)).toBeUndefined();
  });

  it("a signed-out device keeps no employee code in localStorage", async () => {
    await usePreferences.getState().load("HA1", "Asia/Dubai");
    await useSession.getState().logout();
    const kept = Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`);
    expect(kept.filter((entry) => entry.includes("HA1"))).toEqual([]);
    expect(usePreferences.getState().employeeCode).toBeNull();
  });
});
