// `npm run bench`, API part (design 8): 10,000 users on a KV file, the real server on a local
// port, and concurrent signed-in clients on the paginated list with a search and on the stats;
// then (issue 8) 200 signed-in clients, each with its own session, for 60 s over a realistic mix
// with one write in ten.

import { createApp } from "./app.ts";
import { hashPassword, newToken } from "./auth.ts";
import { seed } from "./seed.ts";
import { prepareSession } from "./sessions.ts";
import { keys, type UserRecord } from "./store.ts";
import { createUser } from "./user_store.ts";
import { newUserRecord } from "./users.ts";

const USERS = 10_000;
const CLIENTS = 10;
const SECONDS = 10;
const MIX_CLIENTS = Number(Deno.env.get("BENCH_MIX_CLIENTS") ?? "200");
const MIX_SECONDS = Number(Deno.env.get("BENCH_MIX_SECONDS") ?? "60");
const STATIONS = ["CAI", "LXR", "HRG", "SSH", "ASW", "JED", "DXB", "LHR"];

const dir = await Deno.makeTempDir({ prefix: "portal-bench-" });
const kv = await Deno.openKv(`${dir}/bench.kv`);
const password = "Bench-password-1";
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
          employeeCode: `E${String(n).padStart(5, "0")}`,
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
console.log(
  `API: ${USERS} users written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const app = createApp({ kv, now: Date.now, secureCookies: false });
const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
const base = `http://127.0.0.1:${server.addr.port}`;
const login = await fetch(`${base}/api/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ employeeCode: "ROOT", password }),
});
const token = (await login.json()).data.token as string;
// the first super admin's session is for changing its password until it does (design 5.3)
await fetch(`${base}/api/users/change-password`, {
  method: "POST",
  headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
  body: JSON.stringify({
    employeeCode: "ROOT",
    currentPassword: password,
    newPassword: "Bench-password-2",
  }),
});

/** Runs the load generator in its own process and reads its figures. */
async function load(
  mode: "list" | "stats" | "mix",
  clients: number,
  seconds: number,
  tokens = token,
) {
  const client = new URL("./bench_client.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--allow-net",
      `--allow-read=${dir}`,
      "--allow-env=BENCH_MIX_WRITES",
      client,
      base,
      tokens,
      mode,
      String(clients),
      String(seconds),
    ],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const r = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    count: number;
    p50: number;
    p95: number;
    p99: number;
    errors: number;
  };
  return { ...r, rps: r.count / seconds };
}

const list = await load("list", CLIENTS, SECONDS);
const stats = await load("stats", CLIENTS, SECONDS);

const row = (cells: (string | number)[]) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(28) : String(c).padStart(9))).join(" ");
console.log(`${CLIENTS} concurrent clients for ${SECONDS} s each, ${USERS} users`);
console.log(row(["call", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "bar"]));
for (
  const [name, r, bar] of [["paginated list + search", list, 50], ["stats", stats, 100]] as const
) {
  const pass = r.p95 < bar && r.errors === 0 ? "PASS" : "FAIL";
  console.log(
    row([
      name,
      r.count,
      r.rps.toFixed(0),
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.p99.toFixed(1),
      r.errors,
      `p95<${bar} ${pass}`,
    ]),
  );
}
// one session per client, made in KV as sign-in makes them (200 argon2 sign-ins would take a minute)
const sessions: string[] = [];
for (let i = 0; sessions.length < MIX_CLIENTS; i++) {
  const code = `E${String((i * 50) % USERS).padStart(5, "0")}`;
  const { token, tokenHash } = await newToken();
  const addSession = await prepareSession(
    kv,
    (await kv.get<UserRecord>(keys.user(code))).value!,
    tokenHash,
    Date.now(),
  );
  const op = kv.atomic();
  addSession(op);
  await op.commit();
  sessions.push(token);
}
const tokenFile = `${dir}/tokens.txt`;
await Deno.writeTextFile(tokenFile, sessions.join("\n"));
const mix = await load("mix", MIX_CLIENTS, MIX_SECONDS, `@${tokenFile}`);
console.log(
  `${MIX_CLIENTS} signed-in clients (one session each) for ${MIX_SECONDS} s, mixed: 30% list, ` +
    "20% search, 15% detail, 10% stats, 15% reference lists, 10% writes (profile edits)",
);
console.log(row(["load", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "bar"]));
console.log(
  row([
    "mixed, 1 write in 10",
    mix.count,
    mix.rps.toFixed(0),
    mix.p50.toFixed(1),
    mix.p95.toFixed(1),
    mix.p99.toFixed(1),
    mix.errors,
    `0 errors ${mix.errors === 0 ? "PASS" : "FAIL"}`,
  ]),
);
await server.shutdown();
kv.close();
await Deno.remove(dir, { recursive: true });
