// `npm run bench`, API part (design 8). On 10,000 users in a KV file, with the real server on a
// local port: concurrent signed-in clients on the paginated list with a search and on the stats;
// `/health` during a burst of sign-ins and a hostile CSV import (tools/bench_health.ts); 200
// signed-in clients, each with its own session, over a realistic mix with one write in ten, beside
// the mix's floor (tools/bench_floor.ts) and a bare Hono route doing one KV read under the same
// generator. Then a colleague's sign-in during a one-address flood (tools/bench_flood.ts),
// registration requests for free and taken codes in pairs (tools/bench_pairs.ts), the portal at
// the size of an airline group (tools/bench_scale.ts), and 300 slow 2 MB sign-in bodies against
// the server's memory (tools/bench_bodies.ts), and the common requests with 90 ms added to every KV
// call, as on Deno Deploy from another region (tools/bench_latency.ts).
// BENCH_API=users,health,mix,flood,pairs,scale,bodies,latency picks parts.

import { Hono } from "hono";
import { createApp } from "../app.ts";
import { hashPassword, newToken } from "../auth/auth.ts";
import { benchBodies } from "./bench_bodies.ts";
import { startFloor } from "./bench_floor.ts";
import { benchFlood } from "./bench_flood.ts";
import { benchHealth } from "./bench_health.ts";
import { benchLatency } from "./bench_latency.ts";
import { benchPairs } from "./bench_pairs.ts";
import { benchScale } from "./bench_scale.ts";
import { LOAD_HEADER, loadRow, runLoad, verdict } from "./bench_support.ts";
import { seed } from "../start/seed.ts";
import { prepareSession } from "../auth/sessions.ts";
import { openRetryingKv } from "../kv/retry.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { createUser } from "../users/store.ts";
import { newUserRecord } from "../users/users.ts";

const USERS = 10_000;
const CLIENTS = 10;
const SECONDS = 10;
const MIX_CLIENTS = Number(Deno.env.get("BENCH_MIX_CLIENTS") ?? "200");
const MIX_SECONDS = Number(Deno.env.get("BENCH_MIX_SECONDS") ?? "60");
const BARE_SECONDS = 15;
const STATIONS = ["CAI", "LXR", "HRG", "SSH", "ASW", "JED", "DXB", "LHR"];
const MIX_BAR = 150; // p95 ms
const MIX_SHARE_OF_BARE = 3; // the mix's req/s at least 1/3 of the bare route's
const PARTS = new Set(
  (Deno.env.get("BENCH_API") ?? "users,health,mix,flood,pairs,scale,bodies,latency").split(","),
);
let pass = true;

/** Writes USERS users (every 50th an admin of all stations) into a new KV file. */
async function fill(kv: Deno.Kv, password: string) {
  await seed(kv, Date.now(), { adminCode: "ROOT", adminPassword: password });
  const hash = await hashPassword(password);
  const now = Date.now();
  const started = performance.now();
  for (let i = 0; i < USERS; i += 100) {
    await Promise.all(Array.from({ length: 100 }, (_, k) => {
      const n = i + k;
      return createUser(kv, {
        ...newUserRecord(
          {
            employeeCode: code(n),
            firstName: `First${n % 997}`,
            lastName: `Last${n % 991}`,
            email: `user${n}@example.com`,
            station: STATIONS[n % STATIONS.length],
            role: n % 50 === 0 ? "admin" : "user",
          },
          hash,
          now,
          "bench",
          { needsPasswordChange: false },
        ),
        isActive: n % 7 !== 0,
        // every 50th user is an admin who manages all stations: the mixed load signs them in
        ...(n % 50 === 0
          ? {
            isActive: true,
            canManageUsers: true,
            canAccessAdminApps: true,
            canViewAllStations: true,
            canExtendPasswords: true,
          }
          : {}),
      });
    }));
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`API: ${USERS} users written in ${seconds.toFixed(1)} s`);
}

/** The code of the n-th bench user. */
const code = (n: number) => `E${String(n).padStart(5, "0")}`;

/** ROOT's session, its first password changed (until then it may only change it, design 5.3). */
async function rootToken(base: string, password: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ employeeCode: "ROOT", password }),
  });
  const token = (await login.json()).data.token as string;
  await fetch(`${base}/api/users/change-password`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      employeeCode: "ROOT",
      currentPassword: password,
      newPassword: "Bench-password-2",
    }),
  });
  return token;
}

/** One session per client, made in KV as sign-in makes them (200 argon2 sign-ins take a minute);
 * written to a file for the load generator. Returns the file (`@path`) and the first token. */
async function sessionFile(kv: Deno.Kv, dir: string) {
  const sessions: string[] = [];
  for (let i = 0; sessions.length < MIX_CLIENTS; i++) {
    const { token, tokenHash } = newToken();
    const user = (await kv.get<UserRecord>(keys.user(code((i * 50) % USERS)))).value!;
    const addSession = await prepareSession(kv, user, tokenHash, Date.now());
    const op = kv.atomic();
    addSession(op);
    await op.commit();
    sessions.push(token);
  }
  const file = `${dir}/tokens.txt`;
  await Deno.writeTextFile(file, sessions.join("\n"));
  return { tokens: `@${file}`, first: sessions[0] };
}

/** The mixed load, then under the same generator the floor (bench_floor.ts: the same answers,
 * made in advance) and the bare route; true when the mix's bars hold (its p95, and its req/s
 * against the bare route's). */
async function mixed(kv: Deno.Kv, base: string, bareBase: string, dir: string) {
  const { tokens, first } = await sessionFile(kv, dir);
  const mix = await runLoad(base, tokens, "mix", MIX_CLIENTS, MIX_SECONDS, dir);
  const floor = await startFloor(kv, base, first);
  const least = await runLoad(floor.base, tokens, "mix", MIX_CLIENTS, BARE_SECONDS, dir);
  await floor.shutdown();
  const bare = await runLoad(bareBase, "-", "GET /bare", MIX_CLIENTS, BARE_SECONDS);
  console.log(
    `${MIX_CLIENTS} signed-in clients (one session each) for ${MIX_SECONDS} s, mixed: 30% list, ` +
      "20% search, 15% detail, 10% stats, 15% reference lists, 10% writes (profile edits); then " +
      `for ${BARE_SECONDS} s each, the same mix against the real server's answers made in ` +
      "advance (after a session read and check), and a bare Hono route doing one KV read",
  );
  console.log(LOAD_HEADER);
  const ok = mix.p95 < MIX_BAR && mix.errors === 0;
  console.log(loadRow("mixed, 1 write in 10", mix, `p95<${MIX_BAR}, 0 errors`, ok));
  console.log(loadRow("same answers, made in advance", least, "(floor)", least.errors === 0));
  console.log(loadRow("bare route, one KV read", bare, "(reference)", bare.errors === 0));
  const share = (r: typeof mix) => `${(mix.rps / r.rps * 100).toFixed(0)}%`;
  // design 8: the mix's req/s at least a third of the bare route's, measured in the same run
  const ratioOk = mix.rps * MIX_SHARE_OF_BARE >= bare.rps;
  console.log(
    `mixed load at ${share(least)} of the floor's req/s and ${share(bare)} of the bare route's ` +
      `(floor at ${(least.rps / bare.rps * 100).toFixed(0)}% of the bare route's)  bar: at ` +
      `least 1/${MIX_SHARE_OF_BARE} of the bare route's ${verdict(ratioOk)}`,
  );
  return ok && ratioOk;
}

/** The 10,000-user parts; true when their bars hold. */
async function benchUsers(): Promise<boolean> {
  const dir = await Deno.makeTempDir({ prefix: "portal-bench-" });
  // opened as api/main.ts opens a local store: transient errors retried (kv/retry.ts), concurrent
  // reads gathered (kv/batched_reads.ts), the bare route's included
  const kv = await openRetryingKv(`${dir}/bench.kv`, { gatherReads: true });
  const password = "Bench-password-1";
  await fill(kv, password);
  const app = createApp({ kv, now: Date.now, secureCookies: false });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}`;
  // the reference: a Hono route that reads one key of the same store, and nothing else
  const bareApp = new Hono().get(
    "/bare",
    async (c) => c.json((await kv.get(keys.settings())).value),
  );
  const bareServer = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    bareApp.fetch,
  );
  const bareBase = `http://127.0.0.1:${bareServer.addr.port}`;
  const token = await rootToken(base, password);
  let ok = true;
  try {
    if (PARTS.has("users")) {
      const list = await runLoad(base, token, "list", CLIENTS, SECONDS);
      const stats = await runLoad(base, token, "stats", CLIENTS, SECONDS);
      console.log(`${CLIENTS} concurrent clients for ${SECONDS} s each, ${USERS} users`);
      console.log(LOAD_HEADER);
      for (const [name, r, bar] of [["list + search", list, 50], ["stats", stats, 100]] as const) {
        const good = r.p95 < bar && r.errors === 0;
        ok &&= good;
        console.log(loadRow(name, r, `p95<${bar}`, good));
      }
    }
    if (PARTS.has("health")) {
      const codes = Array.from({ length: 40 }, (_, i) => code(1 + i * 7 + (i % 6)));
      ok = (await benchHealth(base, codes, password, token)) && ok;
    }
    if (PARTS.has("mix")) ok = (await mixed(kv, base, bareBase, dir)) && ok;
  } finally {
    await server.shutdown();
    await bareServer.shutdown();
    kv.close();
    await Deno.remove(dir, { recursive: true });
  }
  return ok;
}

if (PARTS.has("users") || PARTS.has("health") || PARTS.has("mix")) {
  pass = (await benchUsers()) && pass;
}
if (PARTS.has("flood")) pass = (await benchFlood()) && pass;
if (PARTS.has("pairs")) pass = (await benchPairs()) && pass;
if (PARTS.has("scale")) pass = (await benchScale()) && pass;
if (PARTS.has("bodies")) pass = (await benchBodies()) && pass;
if (PARTS.has("latency")) pass = (await benchLatency()) && pass;
console.log(`API bench: ${pass ? "every bar PASS" : "a bar FAILED (see above)"}`);
