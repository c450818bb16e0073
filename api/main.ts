// The server: configuration from the environment, Deno.serve, then the KV store and first-start
// seeding (retried until the store answers). The only file of the API that touches Deno.* directly.

import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import { createApp } from "./app.ts";
import { preparePrivateStore, protectStoreFiles } from "./kv/backup.ts";
import { openRetryingKv } from "./kv/retry.ts";
import { deadlineKv, withinDeadline, withStoreBudget } from "./kv/deadline.ts";
import { KV_DEADLINE_MS } from "./kv/store_unavailable.ts";
import { keepTrying, lateKv } from "./kv/startup.ts";
import { firstAdminLines } from "./start/first_admin_lines.ts";
import { seed } from "./start/seed.ts";
import { importSecretKey, KEY_ENV, newSecretKeyText } from "./two_factor/secret_box.ts";

/** A positive whole number from the environment, or undefined (the app's default). */
function positive(name: string): number | undefined {
  const n = Number.parseInt(Deno.env.get(name) ?? "");
  return n > 0 ? n : undefined;
}

const port = Number(Deno.env.get("PORT") ?? "8000");
const kvPath = Deno.env.get("KV_PATH") ?? ".data/portal.kv";
// a denokv server over KV Connect (or Deploy's store, below): every call is a round trip
const remote = /^https?:/i.test(kvPath);
const secureCookies = Deno.env.get("SECURE_COOKIES") === "true";
const hostname = Deno.env.get("HOSTNAME") || "0.0.0.0";
// TRUSTED_PROXY: the proxies in front of the server whose X-Forwarded-For entries are read
// ('true' for one); unset, the header is never read
const proxyText = Deno.env.get("TRUSTED_PROXY") ?? "";
const trustedProxies = proxyText === "true" ? 1 : Math.max(0, Number.parseInt(proxyText) || 0);

// On Deno Deploy the file system is read-only and openKv() with no path is the managed store:
// KV_PATH is not read there, and no folder is made.
const onDeploy = Deno.env.get("DENO_DEPLOYMENT_ID") !== undefined;
// A file store's folder (0700) and files (0600) are the server account's alone.
if (!onDeploy) await preparePrivateStore(kvPath);
// KV_DEADLINE_MS: how long one request may wait on the store in all; past it, a 503
// (kv/deadline.ts). The store is opened after the server listens (below): until then `kv`
// answers StoreUnavailable, and the API 503.
const kvDeadlineMs = positive("KV_DEADLINE_MS") ?? KV_DEADLINE_MS;
const store = lateKv();
const kv = deadlineKv(store.kv, kvDeadlineMs);
/** Opens the store. Several processes may share it: its transient errors are retried
 * (kv/retry.ts). The local store answers one call at a time, so its concurrent reads go to it
 * together (kv/batched_reads.ts); the managed store of Deploy is not one thread, and is read as
 * it is. A denokv server (KV_PATH=http…) answers many calls at once over one connection, but
 * each is a round trip: its reads are gathered per turn of the event loop, never held for a
 * window (in the bench's 90 ms rows a window of 4 added a round trip under 4 clients). */
async function openStore(): Promise<Deno.Kv> {
  const opened = onDeploy
    ? await openRetryingKv()
    : await openRetryingKv(kvPath, { gatherReads: true, window: remote ? Infinity : undefined });
  if (!onDeploy) await protectStoreFiles(kvPath);
  return opened;
}

const adminEnv = {
  adminCode: Deno.env.get("PORTAL_ADMIN_CODE"),
  adminPassword: Deno.env.get("PORTAL_ADMIN_PASSWORD"),
};
/** True once the store is open and seeded: the API answers 503 until then. */
let ready = false;

/** The key that seals authenticator secrets: PORTAL_2FA_KEY, or a key file made once beside a
 * file store (0600). Without either (Deno Deploy, or a denokv server shared by processes on
 * several machines, with no key set) the process makes its own, and enrolments do not outlive it:
 * the start says so. */
async function twoFactorKey(): Promise<CryptoKey | undefined> {
  const given = Deno.env.get(KEY_ENV);
  if (given) return await importSecretKey(given);
  if (onDeploy || kvPath === ":memory:" || remote) {
    if (kvPath !== ":memory:") {
      console.error(`${KEY_ENV} is not set: set it, or two-factor enrolments will not last`);
    }
    return undefined;
  }
  const file = kvPath.replace(/[^/]*$/, "") + "two_factor.key";
  // several processes may start together on one store: the key is written whole to a file of
  // this process's own and linked into place, so one of them makes it and every one reads it
  const own = `${file}.${crypto.randomUUID()}`;
  await Deno.writeTextFile(own, newSecretKeyText() + "\n", { mode: 0o600, createNew: true });
  try {
    await Deno.link(own, file);
    console.log(
      `Two-factor key made in ${file} (keep it with the store's backups, or set ${KEY_ENV})`,
    );
  } catch (err) {
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
  } finally {
    await Deno.remove(own);
  }
  return await importSecretKey(await Deno.readTextFile(file));
}

const app = createApp({
  kv,
  now: Date.now,
  secureCookies,
  trustedProxies,
  twoFactorKey: await twoFactorKey(),
  remoteStore: onDeploy || remote,
  // its origin alone ('https://portal.example.com/' is 'https://portal.example.com'); a value
  // that is no address stops the start
  webOrigin: Deno.env.get("PORTAL_ORIGIN")
    ? new URL(Deno.env.get("PORTAL_ORIGIN")!).origin
    : undefined,
  bodyDeadlineMs: positive("PORTAL_BODY_DEADLINE_MS"),
  anonymousBodyBudget: positive("PORTAL_ANONYMOUS_BODY_BUDGET"),
  logRequests: true,
  ready: () => ready,
});
// The built web app (npm start builds it into web/dist; WEB_DIST points elsewhere) at the same origin; any other path gets
// index.html so that deep links open in the app. Unknown API paths stay JSON 404s.
const webRoot = Deno.env.get("WEB_DIST")?.replace(/\/?$/, "/") ??
  new URL("../web/dist/", import.meta.url).pathname;
const server = new Hono()
  .route("/", app)
  .all(
    "/api/*",
    (c) => c.json({ success: false, message: `Not found: ${c.req.method} ${c.req.path}` }, 404),
  )
  .use("/*", serveStatic({ root: webRoot }))
  // the sign-in form in the page (web/src/features/sign_in/boot_form_html.ts) is shown on /login
  // from the first paint; a form submitted before the page's script ran comes back to it
  .post("/login", (c) => c.redirect("/login", 303))
  .get("*", async (c) => {
    try {
      const page = await Deno.readTextFile(`${webRoot}index.html`);
      return c.html(
        c.req.path === "/login" ? page.replace("<html ", '<html data-boot="login" ') : page,
      );
    } catch {
      return c.text("The web app is not built: run npm start (or npm run build:web).", 503);
    }
  });
Deno.serve({
  port,
  hostname,
  onListen: ({ hostname, port }) =>
    console.log(
      `Staff Portal API on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port} (KV: ${
        onDeploy ? "Deno Deploy" : kvPath
      })`,
    ),
  // each request's store calls share its budget of time on the store (kv/deadline.ts)
}, (req, info) => withStoreBudget(kvDeadlineMs, async () => await server.fetch(req, info)));

// The store is opened and seeded after the server listens: a store that is away at the start
// is waited for (each failure logged with the next wait), the API answering 503 meanwhile.
const seeded = await keepTrying(async () => {
  if (!store.opened()) store.open(await withinDeadline(openStore, kvDeadlineMs));
  return await seed(kv, Date.now(), adminEnv);
});
ready = true;
// the first super admin, or why the variables that would have made it were not used
for (const line of firstAdminLines(seeded, adminEnv)) console.log(line);
console.log("Staff Portal API ready: the store is open and seeded");
