// The load generator of the API bench, run as its own process so that it does not share the
// server's event loop: `deno run --allow-net api/tools/bench_client.ts BASE TOKEN MODE CLIENTS SECONDS`
// (TOKEN `@FILE`: one token a line, one per client; `-`: no token). MODE list, stats, mix (the
// realistic mix of issue 8 with one write in ten), `flood ADDRESS`: sign-ins of unknown codes,
// each with a wrong password, as ADDRESS (X-Forwarded-For, for a server with TRUSTED_PROXY=1),
// or `GET /a|/b|...`: those paths in turn.
// Prints one JSON line: count, p50, p95, p99 (ms), errors. On stderr, when it made more than one
// kind of call, each call's count, p50 and p95: which calls make the tail of the mix.

const [base, tokenArg, mode, clientsText, secondsText] = Deno.args;
const clients = Number(clientsText);
const seconds = Number(secondsText);
const tokens = tokenArg.startsWith("@")
  ? (await Deno.readTextFile(tokenArg.slice(1))).split("\n").filter((t) => t !== "")
  : tokenArg === "-"
  ? []
  : [tokenArg];
const paths = mode.startsWith("GET ") ? mode.slice(4).split("|") : [];
const flooding = mode.startsWith("flood ") ? mode.slice(6) : null;
const searches = ["first1", "last99", "user12", "lxr", "e0042", "example"];
const lists = ["ulds", "dgsl", "xdgsl", "lightake"];
const WRITES = Number(Deno.env.get("BENCH_MIX_WRITES") ?? "0.1");
let n = 0;
const code = () => `E${String(Math.floor(Math.random() * 10_000)).padStart(5, "0")}`;

/** The next call of a client: method, path and body. */
function next(): [string, string, unknown?] {
  n++;
  if (paths.length > 0) return ["GET", paths[n % paths.length]];
  if (flooding !== null) {
    return ["POST", "/api/auth/login", { employeeCode: `GHOST${n}`, password: `wrong-${n}` }];
  }
  if (mode === "list") {
    return ["GET", `/api/users/paginated?page=1&limit=25&search=${searches[n % searches.length]}`];
  }
  if (mode === "stats") return ["GET", "/api/users/stats"];
  // a share WRITES of profile edits (BENCH_MIX_WRITES, 0.1 by default); the reads keep their
  // proportions: 30 list, 20 search, 15 detail, 10 stats, 15 reference lists
  if (Math.random() < WRITES) {
    return ["PUT", `/api/users/${code()}`, { department: `Ops ${n % 17}` }];
  }
  const r = Math.random() * 0.9;
  if (r < 0.3) return ["GET", `/api/users/paginated?page=${1 + (n % 40)}&limit=25`];
  if (r < 0.5) {
    return ["GET", `/api/users/paginated?page=1&limit=25&search=${searches[n % searches.length]}`];
  }
  if (r < 0.65) return ["GET", `/api/users/${code()}`];
  if (r < 0.75) return ["GET", "/api/users/stats"];
  return ["GET", `/api/ffm-to-uws/${lists[n % lists.length]}`];
}

/** A call's name in the figures: its method and route, codes and reference lists named by kind. */
function callOf(method: string, path: string): string {
  const [route, query = ""] = path.split("?");
  const named = route.replace(/E\d{5}/, ":code").replace(/ffm-to-uws\/\w+/, "ffm-to-uws/:list");
  return `${method} ${named}${query.includes("search=") ? " (search)" : ""}`;
}

const latencies: number[] = [];
/** The latencies of each call, by `callOf`. */
const byCall = new Map<string, number[]>();
let errors = 0;
/** Failed calls by status and route, printed on stderr so that a bench run says what failed. */
const failures = new Map<string, number>();
const end = performance.now() + seconds * 1000;
await Promise.all(Array.from({ length: clients }, async (_, client) => {
  const token = tokens.length === 0 ? undefined : tokens[client % tokens.length];
  while (performance.now() < end) {
    const [method, path, body] = next();
    const call = callOf(method, path);
    const t = performance.now();
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(flooding === null ? {} : { "x-forwarded-for": flooding }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      await res.arrayBuffer();
      if (!res.ok) {
        errors++;
        const key = `${res.status} ${call}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    } catch {
      errors++;
      failures.set("network error", (failures.get("network error") ?? 0) + 1);
    }
    const took = performance.now() - t;
    latencies.push(took);
    const times = byCall.get(call) ?? [];
    byCall.set(call, times);
    times.push(took);
  }
}));
/** The latency at share `p` of `sorted` (ascending). */
const at = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
for (const [what, count] of failures) console.error(`  failed: ${count} x ${what}`);
if (byCall.size > 1) {
  for (const [call, times] of [...byCall].sort(([a], [b]) => (a < b ? -1 : 1))) {
    times.sort((a, b) => a - b);
    const figures = `${times.length} calls, p50 ${at(times, 0.5).toFixed(0)} ms, p95 ` +
      `${at(times, 0.95).toFixed(0)} ms`;
    console.error(`  ${call.padEnd(40)} ${figures}`);
  }
}
latencies.sort((a, b) => a - b);
const [p50, p95, p99] = [0.5, 0.95, 0.99].map((p) => at(latencies, p));
console.log(JSON.stringify({ count: latencies.length, p50, p95, p99, errors }));
