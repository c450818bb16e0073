// Backend discovery (spec section 4): which backend the app talks to: public, local, localhost or
// offline. The app is served by its API, so the candidate is the page's own origin; its kind
// follows from the host, and a failed health check (2 s) means offline. The last answer is cached;
// a network error forces a new discovery.

import { create } from "zustand";

/** Where the backend is. */
export type BackendLocation = "public" | "local" | "localhost" | "offline";

const STORAGE_KEY = "portal.backend";

/** The kind of a backend host: loopback, a private network address, or public. */
export function locationOfHost(hostname: string): Exclude<BackendLocation, "offline"> {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host === "::1" || /^127\./.test(host)) return "localhost";
  if (
    /^10\./.test(host) || /^192\.168\./.test(host) || /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    host.endsWith(".local")
  ) return "local";
  return "public";
}

function cached(): BackendLocation | null {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return value === "public" || value === "local" || value === "localhost" || value === "offline"
      ? value
      : null;
  } catch {
    return null;
  }
}

/** Backend state and discovery. */
export interface BackendState {
  location: BackendLocation | null;
  /** Checks the backend now (GET /health, 2 s) and caches the answer. */
  discover(): Promise<BackendLocation>;
}

/** The backend store. */
export const useBackend = create<BackendState>()((set) => ({
  location: cached(),
  async discover() {
    let location: BackendLocation = "offline";
    try {
      const res = await fetch("/health", { cache: "no-store", signal: AbortSignal.timeout(2000) });
      if (res.ok) location = locationOfHost(globalThis.location?.hostname ?? "localhost");
    } catch {
      location = "offline";
    }
    set({ location });
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, location);
    } catch {
      // storage unavailable: the answer still holds for this page
    }
    return location;
  },
}));

/** Uses the cached location when there is one, else discovers (once at start-up). */
export function startDiscovery(): void {
  if (useBackend.getState().location === null) void useBackend.getState().discover();
}
