// The service worker, built by vite-plugin-pwa (injectManifest): Workbox precaches every file of
// the build from the manifest the plugin writes into self.__WB_MANIFEST (a file's revision changes
// when its content does), so a new deployment is a new worker with its new chunks, and a screen
// never opened online still opens offline. Pages get the precached app shell; the API and
// /health are never cached. A new version waits until the user chooses to reload (the page posts
// SKIP_WAITING); the first version takes control at once so the page works offline right away.

import { clientsClaim } from "workbox-core";
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

/** The precache manifest the build injects (url and revision of each file). */
declare const self: {
  __WB_MANIFEST: { url: string; revision: string | null }[];
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  addEventListener(
    type: "activate",
    listener: (event: Event & { waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
};

/** The cache of the hand-written worker before this one (one fixed name for every version). */
const LEGACY_CACHE = "portal-shell-v2";

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// every path of the app is the same shell; the router reads the path
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/api\//, /^\/health/],
  }),
);

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.delete(LEGACY_CACHE));
});

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
