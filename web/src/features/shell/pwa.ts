// The installable app: the service worker of the build (src/sw.ts, precache manifest by
// vite-plugin-pwa), registered through workbox-window; an update that waits for the user (the
// prompt); and the browser's install prompt.

import { Workbox } from "workbox-window";
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

let workbox: Workbox | null = null;
let prompt: InstallPrompt | null = null;

/** The PWA store. */
export const usePwa = create<PwaState>()((set) => ({
  updateReady: false,
  canInstall: false,
  applyUpdate() {
    if (workbox === null) return;
    // the new version takes over, then the page reloads into it (only after the user's choice)
    workbox.addEventListener("controlling", () => globalThis.location.reload());
    workbox.messageSkipWaiting();
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
  if (globalThis.navigator?.serviceWorker === undefined) return;
  workbox = new Workbox("/sw.js");
  // a worker waiting while another controls the page is a new version (the first one activates
  // at once and takes control quietly)
  workbox.addEventListener("waiting", () => usePwa.setState({ updateReady: true }));
  workbox.register().catch(() => {
    // no service worker (private mode, http on another host): the app works online all the same
  });
}
