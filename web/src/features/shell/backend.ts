// Backend discovery (spec section 4): which backend the app talks to: public, local, localhost or
// offline. The app is served by its API, so the candidate is the page's own origin; its kind
// follows from the host, and a failed health check (2 s) means offline. The last backend found is
// cached (zustand persist, as the bare location); a network error forces a new discovery (the app
// tells the API client so at start, main.tsx).
//
// 'offline' is a state of this page, never cached: a cached 'offline' kept the badge and the
// Database tab offline for good. Any answer from the server, and a connectivity check that finds
// the network back, find the backend again without a reload.

import { create } from "zustand";
import { persist, type PersistStorage } from "zustand/middleware";

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

const here = () => locationOfHost(globalThis.location?.hostname ?? "localhost");

const isFound = (value: unknown): value is Exclude<BackendLocation, "offline"> =>
  value === "public" || value === "local" || value === "localhost";

/** Backend state and discovery. */
export interface BackendState {
  location: BackendLocation | null;
  /** Checks the backend now (GET /health, 2 s); calls made meanwhile share the check. */
  discover(): Promise<BackendLocation>;
  /** The server answered a call: it is reachable, whatever was found before. */
  reached(): void;
}

type Kept = Pick<BackendState, "location">;

/** The stored form is the bare location ("localhost"), as browsers already hold it; 'offline'
 * is never written, so the last backend found stays. */
const rawStorage: PersistStorage<Kept> = {
  getItem(name) {
    const value = globalThis.localStorage?.getItem(name);
    return isFound(value) ? { state: { location: value }, version: 0 } : null;
  },
  setItem(name, value) {
    if (!isFound(value.state.location)) return;
    try {
      globalThis.localStorage?.setItem(name, value.state.location);
    } catch {
      // storage unavailable: the answer still holds for this page
    }
  },
  removeItem: (name) => globalThis.localStorage?.removeItem(name),
};

let checking: Promise<BackendLocation> | null = null;

/** The backend store. */
export const useBackend = create<BackendState>()(persist((set, get) => ({
  location: null,
  discover() {
    checking ??= (async () => {
      let location: BackendLocation = "offline";
      try {
        const res = await fetch("/health", {
          cache: "no-store",
          signal: AbortSignal.timeout(2000),
        });
        if (res.ok) location = here();
      } catch {
        location = "offline";
      }
      set({ location });
      return location;
    })().finally(() => (checking = null));
    return checking;
  },
  reached() {
    const location = here();
    if (get().location !== location) set({ location });
  },
}), {
  name: STORAGE_KEY,
  storage: rawStorage,
  partialize: (s): Kept => ({ location: s.location }),
}));

/** Uses the cached location when there is one, else discovers (once at start-up). */
export function startDiscovery(): void {
  if (useBackend.getState().location === null) void useBackend.getState().discover();
}

/** Whether the backend was found (not offline, not still unknown). */
export function isReachable(location: BackendLocation | null): boolean {
  return location !== null && location !== "offline";
}
