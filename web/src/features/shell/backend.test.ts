// Backend discovery: the kind of host, the cached answer and offline.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { locationOfHost, useBackend } from "./backend.ts";
import { useConnectivity } from "./connectivity.ts";

beforeEach(() => {
  localStorage.clear();
  useBackend.setState({ location: null });
});
afterEach(() => vi.unstubAllGlobals());

describe("backend discovery", () => {
  it("tells loopback, private network and public hosts apart", () => {
    expect(["localhost", "127.0.0.1", "[::1]"].map(locationOfHost)).toEqual([
      "localhost",
      "localhost",
      "localhost",
    ]);
    expect(["10.1.2.3", "192.168.0.9", "172.20.1.1", "portal.local"].map(locationOfHost)).toEqual([
      "local",
      "local",
      "local",
      "local",
    ]);
    expect(["172.32.0.1", "portal.example.com"].map(locationOfHost)).toEqual(["public", "public"]);
  });

  it("a reachable health check gives the host's kind and is cached; no answer means offline", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("{}", { status: 200 }))));
    expect(await useBackend.getState().discover()).toBe("localhost");
    expect(localStorage.getItem("portal.backend")).toBe("localhost");
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    expect(await useBackend.getState().discover()).toBe("offline");
    expect(useBackend.getState().location).toBe("offline");
  });

  it("never caches offline, so a reload does not start offline", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("{}", { status: 200 }))));
    await useBackend.getState().discover();
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await useBackend.getState().discover();
    expect(localStorage.getItem("portal.backend")).toBe("localhost");
  });

  it("reads the bare location browsers already keep, and ignores anything else", async () => {
    localStorage.setItem("portal.backend", "local");
    await useBackend.persist.rehydrate();
    expect(useBackend.getState().location).toBe("local");
    useBackend.setState({ location: null });
    localStorage.setItem("portal.backend", "offline");
    await useBackend.persist.rehydrate();
    expect(useBackend.getState().location).toBeNull();
  });

  it("an answer from the server ends an offline backend without a new check", () => {
    useBackend.setState({ location: "offline" });
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    useBackend.getState().reached();
    expect(useBackend.getState().location).toBe("localhost");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a connectivity check that finds the network back finds the backend again", async () => {
    useBackend.setState({ location: "offline" });
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("{}", { status: 200 }))));
    expect(await useConnectivity.getState().check()).toBe(true);
    expect(useBackend.getState().location).toBe("localhost");
  });

  it("failed calls at the same time share one health check", async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    vi.stubGlobal("fetch", fetch);
    await Promise.all([useBackend.getState().discover(), useBackend.getState().discover()]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
