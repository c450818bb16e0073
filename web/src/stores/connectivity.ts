// Connectivity: the browser's online flag, confirmed every 30 s by a HEAD of the site icon with a
// 3 s timeout (spec). A check that finds the network back while the backend is marked offline
// looks for the backend again, so the badge recovers without a reload.

import { create } from "zustand";
import { useBackend } from "./backend.ts";

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
    if (online && useBackend.getState().location === "offline") {
      await useBackend.getState().discover();
    }
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
