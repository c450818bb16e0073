// Connectivity: a page that went offline finds the network and the backend again by itself, with
// no 'online' event (the server was away, or the page was loaded offline), and stops checking
// often once it has.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useBackend } from "./backend.ts";
import { checkWhileOffline, OFFLINE_CHECK_MS, useConnectivity } from "./connectivity.ts";

/** A fetch that fails while `down()` holds and answers 200 otherwise, counting its calls. */
function network(down: () => boolean) {
  return vi.fn(() =>
    down()
      ? Promise.reject(new TypeError("Failed to fetch"))
      : Promise.resolve(new Response(null, { status: 200 }))
  );
}

let stop = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  useBackend.setState({ location: "localhost" });
  useConnectivity.setState({ online: true });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("checks while offline", () => {
  it("an online page is checked by the 30 s checks only", async () => {
    const fetch = network(() => false);
    vi.stubGlobal("fetch", fetch);
    stop = checkWhileOffline();
    await vi.advanceTimersByTimeAsync(10 * OFFLINE_CHECK_MS);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a backend gone offline is found again within one check of its return, with no event", async () => {
    let down = true;
    const fetch = network(() => down);
    vi.stubGlobal("fetch", fetch);
    stop = checkWhileOffline();
    useBackend.setState({ location: "offline" });
    await vi.advanceTimersByTimeAsync(3 * OFFLINE_CHECK_MS);
    expect(fetch).toHaveBeenCalledTimes(3); // the site icon each time; no network, so no /health
    expect(useBackend.getState().location).toBe("offline");
    down = false;
    await vi.advanceTimersByTimeAsync(OFFLINE_CHECK_MS);
    expect(useConnectivity.getState().online).toBe(true);
    expect(useBackend.getState().location).toBe("localhost");
    // found: the frequent checks end
    const calls = fetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10 * OFFLINE_CHECK_MS);
    expect(fetch).toHaveBeenCalledTimes(calls);
  });

  it("a page whose network check failed checks again until it answers", async () => {
    let down = true;
    const fetch = network(() => down);
    vi.stubGlobal("fetch", fetch);
    stop = checkWhileOffline();
    await useConnectivity.getState().check();
    expect(useConnectivity.getState().online).toBe(false);
    down = false;
    await vi.advanceTimersByTimeAsync(OFFLINE_CHECK_MS);
    expect(useConnectivity.getState().online).toBe(true);
  });
});
