// The server: configuration from the environment, the KV store, first-start seeding and
// Deno.serve. The only file of the API that touches Deno.* directly.

import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import { createApp } from "./app.ts";
import { preparePrivateStore, protectStoreFiles } from "./kv/backup.ts";
import { openRetryingKv } from "./kv/retry.ts";
import { firstAdminLines } from "./tools/first_admin_lines.ts";
import { seed } from "./tools/seed.ts";
import { importSecretKey, KEY_ENV, newSecretKeyText } from "./two_factor/secret_box.ts";

const port = Number(Deno.env.get("PORT") ?? "8000");
const kvPath = Deno.env.get("KV_PATH") ?? ".data/portal.kv";
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
// Several processes may share the store: its transient errors are retried (kv/retry.ts). The
// local store answers one call at a time, so its concurrent reads go to it together
// (kv/batched_reads.ts); the managed store of Deploy is not one thread, and is read as it is. A
// denokv server (KV_PATH=http…) answers many calls at once over one connection, but each is a
// round trip: its reads are gathered per turn of the event loop, never held for a window (in the
// bench's 90 ms rows a window of 4 added a round trip under 4 clients; issue 49).
const remote = /^https?:/i.test(kvPath);
const kv = onDeploy
  ? await openRetryingKv()
  : await openRetryingKv(kvPath, { gatherReads: true, window: remote ? Infinity : undefined });
if (!onDeploy) await protectStoreFiles(kvPath);

const adminEnv = {
  adminCode: Deno.env.get("PORTAL_ADMIN_CODE"),
  adminPassword: Deno.env.get("PORTAL_ADMIN_PASSWORD"),
};
// the first super admin, or why the variables that would have made it were not used
for (const line of firstAdminLines(await seed(kv, Date.now(), adminEnv), adminEnv)) {
  console.log(line);
}

/** The key that seals authenticator secrets: PORTAL_2FA_KEY, or a key file made once beside a
 * file store (0600). Without either (Deno Deploy, or a denokv server shared by processes on
 * several machines, with no key set) the process makes its own, and enrolments do not outlive it:
 * the start says so. */
async function twoFactorKey(): Promise<CryptoKey | undefined> {
  const given = Deno.env.get(KEY_ENV);
  if (given) return await importSecretKey(given);
  if (onDeploy || kvPath === ":memory:" || /^https?:/i.test(kvPath)) {
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

/** A positive whole number from the environment, or undefined (the app's default). */
function positive(name: string): number | undefined {
  const n = Number.parseInt(Deno.env.get(name) ?? "");
  return n > 0 ? n : undefined;
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
  .get("*", async (c) => {
    try {
      return c.html(await Deno.readTextFile(`${webRoot}index.html`));
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
}, server.fetch);
