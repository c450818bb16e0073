// `npm run bench`, API at the size of an airline group (design 8, issue 16): `seed-load` fills a
// new KV file with 100,000 users and 1,000,000 audit entries, the server starts on it as
// `npm start` starts it (a restart: nothing is in its memory), and the bench measures the first
// user list, each read admins page through, the server's memory and the streamed CSV export, then
// that export against a bare read of the same index (tools/bench_export.ts).
// BENCH_SCALE_KV=remote puts the store on a KV Connect test server (the real denokv engine, data
// on disk, kv/connect/store_server_main.ts) instead of a file: seeded and read through it.

import { LOAD_HEADER, loadRow, memoryOf, row, runLoad, signIn, verdict } from "./bench_support.ts";
import { LOAD_PASSWORD, loadCode } from "./seed_load.ts";
import { spawnServer } from "./server_process.ts";
import { exportAgainstBare } from "./bench_export.ts";
import { spawnStoreServer } from "../kv/connect/store_harness.ts";

const USERS = Number(Deno.env.get("BENCH_SCALE_USERS") ?? "100000");
const AUDIT = Number(Deno.env.get("BENCH_SCALE_AUDIT") ?? "1000000");
const CLIENTS = 10;
const SECONDS = Number(Deno.env.get("BENCH_SCALE_SECONDS") ?? "8");
const READ_BAR = 50; // p95 ms of each read
const FIRST_LIST_BAR = 1000; // ms
const RSS_BAR = 250; // MB
const EXPORT_BAR = 3000; // ms
const REMOTE = Deno.env.get("BENCH_SCALE_KV") === "remote";

/** The UTC day `ago` days before now ('2026-11-24'): seed-load's year of audit ends now. */
const dayAgo = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);

/** Runs `seed-load` as an operator would (`npm run kv -- seed-load ...`) and prints its report. */
async function seedLoad(env: Record<string, string>) {
  const cli = new URL("../kv/cli.ts", import.meta.url).pathname;
  const started = performance.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", "--allow-env", "--allow-net", cli, "seed-load"]
      .concat(["--users", String(USERS), "--audit", String(AUDIT)]),
    env,
    stdout: "piped",
    stderr: "null",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) throw new Error(`seed-load failed:\n${text}`);
  console.log(text.trimEnd().split("\n").map((l) => `  ${l}`).join("\n"));
  return (performance.now() - started) / 1000;
}

/** Paths an admin's reads go through: pages and sorts, searches, expiring users, audit pages. */
function paths() {
  const sorts = ["employeeCode", "fullName", "station", "lastLogin", "passwordExpiry"];
  const list = Array.from(
    { length: 20 },
    (_, i) =>
      `/api/users/paginated?page=${1 + i * 7}&limit=25&sort=${sorts[i % 5]}` +
      (i % 2 ? "&order=desc" : ""),
  );
  const terms = ["ahmed", "hassan", "mona said", "محمد", "l0420", "lxr", "cargo", "@staff", "nour"];
  const search = terms.map((t) =>
    `/api/users/paginated?page=1&limit=25&search=${encodeURIComponent(t)}`
  );
  const expiring = ["7", "30", "all"].flatMap((days) =>
    [1, 2, 5].map((page) => `/api/users/expiring?days=${days}&page=${page}&limit=25`)
  );
  const actors = Array.from({ length: 20 }, (_, i) => loadCode(1 + ((i * 4999) % USERS)));
  const filtered = [
    ...actors.map((a) => `/api/audit?limit=50&actor=${a}`),
    ...actors.slice(0, 5).map((t) => `/api/audit?limit=50&target=${t}`),
    "/api/audit?limit=50&action=user.update",
    "/api/audit?limit=50&action=password.reset",
  ];
  // date ranges of the year seed-load wrote (issue 27): a key range of the log or of an index
  const ranges = [[1, 0], [30, 23], [200, 170], [364, 300], [90, 89]];
  const dated = ranges.map(([a, b]) => `/api/audit?limit=50&from=${dayAgo(a)}&to=${dayAgo(b)}`);
  const datedAction = ranges.flatMap(([a, b], i) => [
    `${dated[i]}&action=${["user.update", "password.reset", "login"][i % 3]}`,
    `/api/audit?limit=50&from=${dayAgo(a)}&to=${dayAgo(b)}&actor=${actors[i]}`,
  ]);
  return {
    "user list, 5 sorts": list,
    "search, 9 terms": search,
    "stats": ["/api/users/stats"],
    "expiring users, 3 windows": expiring,
    "audit page 1": ["/api/audit?limit=50"],
    "filtered audit": filtered,
    "audit filtered by date": dated,
    "audit by date and action/actor": datedAction,
  };
}

/** Confirms the bench super admin's password for its session: the exports ask for it within
 * the last minutes (issue 48). Untimed. */
async function confirmPassword(base: string, token: string) {
  const res = await fetch(`${base}/api/auth/step-up`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ password: LOAD_PASSWORD }),
  });
  await res.body?.cancel();
}

/** Times the streamed CSV export of every user and counts its rows. */
async function exportAll(base: string, token: string) {
  await confirmPassword(base, token);
  const started = performance.now();
  const res = await fetch(`${base}/api/users/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let lines = 0;
  for await (const chunk of res.body!) {
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return { ms: performance.now() - started, rows: lines - 1, status: res.status };
}

/** Times the streamed CSV export of a week of the audit log (about 19,000 entries of a million):
 * the first bytes come before the rest is read, and its rows are counted. */
async function exportWeek(base: string, token: string) {
  await confirmPassword(base, token);
  const started = performance.now();
  const res = await fetch(`${base}/api/audit/export?from=${dayAgo(8)}&to=${dayAgo(2)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let lines = 0;
  let firstMs = 0;
  for await (const chunk of res.body!) {
    firstMs ||= performance.now() - started;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return { ms: performance.now() - started, firstMs, rows: lines - 1, status: res.status };
}

/** The section; true when every bar is met. */
export async function benchScale(): Promise<boolean> {
  const dir = await Deno.makeTempDir({ prefix: "portal-bench-scale-" });
  // a store server's data on disk, as a denokv server keeps them
  const store = REMOTE ? await spawnStoreServer(`${dir}/store`) : null;
  const env: Record<string, string> = store === null ? { KV_PATH: `${dir}/load.kv` } : {
    KV_PATH: `http://127.0.0.1:${store.address.port}/load`,
    DENO_KV_ACCESS_TOKEN: store.address.token,
  };
  let pass = true;
  const server = await (async () => {
    const seconds = await seedLoad(env);
    console.log(
      `API at scale: seed-load wrote ${USERS} users and ${AUDIT} audit entries in ${
        seconds.toFixed(0)
      } s ${
        store === null ? "into a file" : "through a KV Connect server (denokv engine, on disk)"
      }; the server now starts on that KV`,
    );
    return await spawnServer(env);
  })().catch(async (err) => {
    store?.child.kill("SIGTERM");
    await store?.child.status;
    throw err;
  });
  try {
    const token = await signIn(server.base, loadCode(1), LOAD_PASSWORD);
    const started = performance.now();
    const first = await fetch(`${server.base}/api/users/paginated?page=1&limit=25`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const total = (await first.json()).data?.total;
    const firstMs = performance.now() - started;
    const firstPass = first.status === 200 && total === USERS + 1 && firstMs < FIRST_LIST_BAR;
    pass &&= firstPass;
    console.log(
      `first user list after the restart: ${firstMs.toFixed(0)} ms (${total} users)  ` +
        `bar <${FIRST_LIST_BAR} ms ${verdict(firstPass)}`,
    );
    console.log(`${CLIENTS} concurrent clients for ${SECONDS} s on each read`);
    console.log(LOAD_HEADER);
    for (const [name, list] of Object.entries(paths())) {
      const r = await runLoad(server.base, token, `GET ${list.join("|")}`, CLIENTS, SECONDS);
      const ok = r.p95 < READ_BAR && r.errors === 0;
      pass &&= ok;
      console.log(loadRow(name, r, `p95<${READ_BAR}`, ok));
    }
    const csv = await exportAll(server.base, token);
    const csvPass = csv.status === 200 && csv.rows === USERS + 1 && csv.ms < EXPORT_BAR;
    pass &&= csvPass;
    console.log(
      row([`streamed CSV export`, `${csv.rows} rows`, `${csv.ms.toFixed(0)} ms`]) +
        `  bar <${EXPORT_BAR} ms ${verdict(csvPass)}`,
    );
    const week = await exportWeek(server.base, token);
    const weekPass = week.status === 200 && week.rows > 0 && week.ms < EXPORT_BAR;
    pass &&= weekPass;
    console.log(
      row([`audit CSV, a week`, `${week.rows} rows`, `${week.ms.toFixed(0)} ms`]) +
        `  first bytes ${week.firstMs.toFixed(0)} ms; bar <${EXPORT_BAR} ms ${verdict(weekPass)}`,
    );
    const memory = await memoryOf(server.pid);
    const memoryPass = memory.peak < RSS_BAR;
    pass &&= memoryPass;
    console.log(
      row(["server memory", `${memory.rss.toFixed(0)} MB`, `peak ${memory.peak.toFixed(0)}`]) +
        `  bar: peak RSS <${RSS_BAR} MB ${verdict(memoryPass)}`,
    );
    // the export against a bare read of the same index, both in this process on the same store
    await server.stop();
    pass = (await exportAgainstBare(env)) && pass;
  } finally {
    await server.stop();
    if (store !== null) {
      store.child.kill("SIGTERM");
      await store.child.status;
    }
    await Deno.remove(dir, { recursive: true });
  }
  return pass;
}
