// The installable app: the service worker, an update that waits for the user, and the browser's
// install prompt.

import { create } from "zustand";

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
}

/** Update and install state. */
export interface PwaState {
  /** A new version is installed and waits for the user. */
  updateReady: boolean;
  /** The browser offered to install the app. */
  canInstall: boolean;
  /** Activates the waiting version; the page reloads when it takes over. */
  applyUpdate(): void;
  /** Shows the browser's install prompt. */
  install(): Promise<void>;
}

let waiting: ServiceWorker | null = null;
let prompt: InstallPrompt | null = null;
let updateRequested = false;

/** The PWA store. */
export const usePwa = create<PwaState>()((set) => ({
  updateReady: false,
  canInstall: false,
  applyUpdate() {
    updateRequested = true;
    waiting?.postMessage({ type: "SKIP_WAITING" });
  },
  async install() {
    if (prompt === null) return;
    await prompt.prompt();
    prompt = null;
    set({ canInstall: false });
  },
}));

/** Registers the service worker and listens for updates and the install prompt. */
export function startPwa(): void {
  globalThis.addEventListener?.("beforeinstallprompt", (event: Event) => {
    event.preventDefault();
    prompt = event as InstallPrompt;
    usePwa.setState({ canInstall: true });
  });
  const sw = globalThis.navigator?.serviceWorker;
  if (sw === undefined) return;
  // the first worker takes control quietly; only an update the user asked for reloads the page
  sw.addEventListener("controllerchange", () => {
    if (!updateRequested) return;
    updateRequested = false;
    globalThis.location.reload();
  });
  sw.register("/sw.js").then((registration) => {
    const offer = (worker: ServiceWorker | null) => {
      // a waiting worker with a controller in place is an update, not the first install
      if (worker !== null && sw.controller !== null) {
        waiting = worker;
        usePwa.setState({ updateReady: true });
      }
    };
    offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      installing?.addEventListener("statechange", () => {
        if (installing.state === "installed") offer(installing);
      });
    });
  }).catch(() => {
    // no service worker (private mode, http on another host): the app works online all the same
  });
}
