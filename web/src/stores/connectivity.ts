// Connectivity: the browser's online flag, confirmed every 30 s by a HEAD of the site icon with a
// 3 s timeout (spec).

import { create } from "zustand";

/** Whether the server is reachable. */
export interface ConnectivityState {
  online: boolean;
  /** Checks now (HEAD /favicon.svg, 3 s timeout). */
  check(): Promise<boolean>;
}

/** The connectivity store. */
export const useConnectivity = create<ConnectivityState>()((set) => ({
  online: globalThis.navigator?.onLine ?? true,
  async check() {
    let online = false;
    try {
      const res = await fetch("/favicon.svg", {
        method: "HEAD",
        cache: "no-store",
        signal: AbortSignal.timeout(3000),
      });
      online = res.ok;
    } catch {
      online = false;
    }
    set({ online });
    return online;
  },
}));

let started = false;

/** Starts the 30 s checks and follows the browser's online and offline events (once per page). */
export function watchConnectivity(): void {
  if (started || typeof globalThis.addEventListener !== "function") return;
  started = true;
  const check = () => void useConnectivity.getState().check();
  globalThis.addEventListener("online", check);
  globalThis.addEventListener("offline", () => useConnectivity.setState({ online: false }));
  setInterval(check, 30_000);
  check();
}
