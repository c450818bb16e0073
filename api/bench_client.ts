// The load generator of the API bench, run as its own process so that it does not share the
// server's event loop: `deno run --allow-net api/bench_client.ts BASE TOKEN MODE CLIENTS SECONDS`.
// Prints one JSON line: count, p50, p95, p99 (ms), errors.

const [base, token, mode, clientsText, secondsText] = Deno.args;
const clients = Number(clientsText);
const seconds = Number(secondsText);
const searches = ["first1", "last99", "user12", "lxr", "e0042", "example"];
let n = 0;
const path = () =>
  mode === "list"
    ? `/api/users/paginated?page=1&limit=25&search=${searches[n++ % searches.length]}`
    : "/api/users/stats";

const latencies: number[] = [];
let errors = 0;
const end = performance.now() + seconds * 1000;
await Promise.all(Array.from({ length: clients }, async () => {
  while (performance.now() < end) {
    const t = performance.now();
    try {
      const res = await fetch(`${base}${path()}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      if (!res.ok) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - t);
  }
}));
latencies.sort((a, b) => a - b);
const at = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
console.log(
  JSON.stringify({ count: latencies.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors }),
);
