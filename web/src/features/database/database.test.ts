// The Database tab's actions: the spec's messages, their 5 s life, and bulk import counts.

import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { exportText, importLine, STATUS_MS, useDatabase } from "./database.ts";
import { useReference } from "./reference.ts";
import { AKE, answer } from "../../test_support/fetch.ts";

/** A server that keeps ULD names and refuses bad ones with the spec's texts. */
function server() {
  const names = new Set(["AKE"]);
  return vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    if (url.includes("/api/settings/public")) {
      return answer(200, {
        success: true,
        data: { uwsRouting: { priority: "QU", address: "A", sender: ".B" }, developerChat: "" },
      });
    }
    if (method === "POST") {
      const body = JSON.parse(String(init?.body ?? "{}"));
      if (!/^[A-Z0-9]{3}$/.test(body.name)) {
        return answer(400, {
          success: false,
          message: "ULD type must be exactly 3 characters (letters/numbers, e.g., AKE, PAG, AA4)",
        });
      }
      if (names.has(body.name)) {
        return answer(409, { success: false, message: `ULD ${body.name} already exists` });
      }
      names.add(body.name);
      return answer(201, { success: true, data: { ...AKE, ...body } });
    }
    if (method === "DELETE") {
      return answer(200, { success: true, data: { message: "ULD AKE removed successfully" } });
    }
    return answer(200, { success: true, data: url.includes("/ulds") ? [AKE] : [] });
  });
}

beforeEach(async () => {
  vi.stubGlobal("fetch", server());
  useReference.setState({ options: {}, source: null, entries: null, complete: null });
  await useReference.getState().load(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("database actions", () => {
  it("say the spec's texts for adding, and the server's for a refused entry", async () => {
    const db = useDatabase.getState();
    expect(await db.add("ulds", { name: "pmc", weight: "130" })).toBe(true);
    expect(useDatabase.getState().status).toEqual({ ok: true, text: "ULD PMC added successfully" });
    expect(await db.add("ulds", { name: "ake", weight: "100" })).toBe(false);
    expect(useDatabase.getState().status?.text).toBe("ULD AKE already exists");
  });

  it("check a name to remove before asking the server", async () => {
    const db = useDatabase.getState();
    expect(db.findToRemove("ulds", " ")).toBeNull();
    expect(useDatabase.getState().status?.text).toBe("Please enter ULD name to remove");
    expect(db.findToRemove("ulds", "xyz")).toBeNull();
    expect(useDatabase.getState().status?.text).toBe("ULD XYZ not found");
    const entry = db.findToRemove("ulds", "ake");
    expect(entry?._id).toBe("a1");
    expect(await db.remove("ulds", entry!._id)).toBe(true);
    expect(useDatabase.getState().status?.text).toBe("ULD AKE removed successfully");
  });

  it("clear a status line after 5 seconds", () => {
    vi.useFakeTimers();
    useDatabase.getState().say({ ok: true, text: "done" });
    vi.advanceTimersByTime(STATUS_MS - 1);
    expect(useDatabase.getState().status?.text).toBe("done");
    vi.advanceTimersByTime(1);
    expect(useDatabase.getState().status).toBeNull();
  });

  it("count an import's successes and failures and keep the failed lines", async () => {
    await useDatabase.getState().importText("ulds", "PMC,130\n\nAKE,100\nTOOLONG,5\r\nPAG,125\n");
    expect(useDatabase.getState().status?.text).toBe("Import completed: 2 successful, 2 failed");
    expect(useDatabase.getState().failures).toEqual([
      "Line 3 (AKE,100): ULD AKE already exists",
      "Line 4 (TOOLONG,5): ULD type must be exactly 3 characters (letters/numbers, e.g., AKE, PAG, AA4)",
    ]);
  });
});

describe("import and export formats", () => {
  it("read the same lines they write", () => {
    const entries = { ulds: [AKE], dgsl: [], xdgsl: [], lightake: [] };
    expect(exportText("ulds", entries)).toBe("AKE,105");
    expect(importLine("ulds", "AKE, 105")).toEqual({ name: "AKE", weight: "105" });
    expect(importLine("dgsl", "RFL")).toEqual({ name: "RFL" });
    expect(importLine("lightake", "AKE11223MS")).toEqual({ name: "AKE11223MS", weight: "" });
  });

  it("never write a cell a spreadsheet would run", () => {
    // the server refuses such names; an export still protects whatever the lists hold
    const odd = { ...AKE, name: "=1+1", weight: -5 };
    const entries = { ulds: [odd], dgsl: [{ ...AKE, name: "@SUM" }], xdgsl: [], lightake: [] };
    expect(exportText("ulds", entries)).toBe("'=1+1,'-5");
    expect(exportText("dgsl", entries)).toBe("'@SUM");
  });
});
