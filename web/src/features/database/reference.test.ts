// Reference lists: from the server, then from IndexedDB offline, then the built-in lists.

import "fake-indexeddb/auto";
import { clear } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useReference } from "./reference.ts";

const json = (data: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify({ success: true, data }), {
      status: 200,
      headers: { "content-type": "application/json" },
    }),
  );

function server() {
  return vi.fn((input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes("/ulds")) return json([{ name: "AKE", weight: 100 }]);
    if (url.includes("/dgsl")) return json([{ name: "RFL" }]);
    if (url.includes("/xdgsl")) return json([{ name: "AVD" }]);
    if (url.includes("/lightake")) return json([]);
    return json({
      uwsRouting: { priority: "QK", address: "CAIKLMS", sender: ".CAIFFMS" },
      developerChat: "",
    });
  });
}

beforeEach(async () => {
  await clear();
  useReference.setState({ options: {}, source: null });
});
afterEach(() => vi.unstubAllGlobals());

describe("reference lists", () => {
  it("come from the server and are kept for offline use", async () => {
    vi.stubGlobal("fetch", server());
    await useReference.getState().load();
    expect(useReference.getState().source).toBe("server");
    expect(useReference.getState().options.uldWeights).toEqual({ AKE: 100 });
    expect(useReference.getState().options.routing?.priority).toBe("QK");

    useReference.setState({ options: {}, source: null });
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await useReference.getState().load();
    expect(useReference.getState().source).toBe("cache");
    expect(useReference.getState().options.dgslCodes).toEqual(["RFL"]);
  });

  it("fall back to the engine's built-in lists with neither server nor cache", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await useReference.getState().load();
    expect(useReference.getState()).toMatchObject({ source: "built-in", options: {} });
  });
});
