// Connectivity: the browser's online flag, confirmed every 30 s by a HEAD of the site icon with a
// 3 s timeout (spec). A check that finds the network back while the backend is marked offline
// looks for the backend again, so the badge recovers without a reload; while the page is offline
// the checks come every 3 s.

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

/** How often a page that is offline (no network, or no backend) checks again: the browser's
 * 'online' event does not come when only the server was away, nor in a page loaded while offline
 * (Chromium 150 reports it online), and 30 s is long with a departure waiting. */
export const OFFLINE_CHECK_MS = 3000;

/** Whether the page is offline: the last check failed, or the backend was not found. */
const isOffline = () =>
  !useConnectivity.getState().online || useBackend.getState().location === "offline";

/** Checks every `every` ms for as long as the page is offline, and not otherwise; the stop. */
export function checkWhileOffline(every = OFFLINE_CHECK_MS): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const follow = () => {
    if (isOffline()) timer ??= setInterval(() => void useConnectivity.getState().check(), every);
    else if (timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const stops = [useConnectivity.subscribe(follow), useBackend.subscribe(follow)];
  follow();
  return () => {
    stops.forEach((stop) => stop());
    clearInterval(timer);
  };
}

let started = false;

/** Starts the 30 s checks (every 3 s while offline) and follows the browser's online and offline
 * events (once per page). */
export function watchConnectivity(): void {
  if (started || typeof globalThis.addEventListener !== "function") return;
  started = true;
  const check = () => void useConnectivity.getState().check();
  globalThis.addEventListener("online", check);
  globalThis.addEventListener("offline", () => useConnectivity.setState({ online: false }));
  setInterval(check, 30_000);
  checkWhileOffline();
  check();
}
