// Service worker: keeps the app shell for offline use. Pages are network-first (the cached shell
// when offline), hashed assets cache-first, and the API is never cached. A new version waits
// until the user chooses to reload (the page posts SKIP_WAITING).
const CACHE = "portal-shell-v2";
const SHELL = ["/", "/favicon.svg", "/manifest.webmanifest"];

// Every built file (from Vite's build manifest) is cached at install, so that a screen never
// opened online (its lazily loaded chunk) still opens offline.
async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL);
  try {
    const manifest = await (await fetch("/.vite/manifest.json")).json();
    const files = new Set();
    for (const entry of Object.values(manifest)) {
      files.add(`/${entry.file}`);
      for (const css of entry.css ?? []) files.add(`/${css}`);
      for (const asset of entry.assets ?? []) files.add(`/${asset}`);
    }
    await cache.addAll([...files]);
  } catch {
    // no build manifest (the dev server): files are cached as they are used
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname === "/health") return;
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put("/", copy)));
          return response;
        })
        .catch(() => caches.match("/")),
    );
    return;
  }
  if (url.pathname.startsWith("/assets/") || SHELL.includes(url.pathname)) {
    event.respondWith(
      caches.match(request).then((cached) =>
        cached ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
            }
            return response;
          })
      ),
    );
  }
});
