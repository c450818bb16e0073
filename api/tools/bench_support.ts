// What the API bench's sections share: the load generator run in its own process, sign-in, a
// process's memory, and the table rows they print.

/** The figures of one load run. */
export interface LoadResult {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  rps: number;
}

/** Runs api/tools/bench_client.ts against `base` for `seconds` with `clients` and reads its figures.
 * `tokens` is a token, `@file` (one a line; `readDir` holds it) or `-` for none. */
export async function runLoad(
  base: string,
  tokens: string,
  mode: string,
  clients: number,
  seconds: number,
  readDir?: string,
): Promise<LoadResult> {
  const client = new URL("./bench_client.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--allow-net",
      ...(readDir === undefined ? [] : [`--allow-read=${readDir}`]),
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
  const r = JSON.parse(new TextDecoder().decode(out.stdout)) as Omit<LoadResult, "rps">;
  return { ...r, rps: r.count / seconds };
}

/** Signs in at `base` and returns the session token; throws with the server's answer if not. */
export async function signIn(base: string, code: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ employeeCode: code, password }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`sign-in of ${code}: ${res.status} ${body.message}`);
  return body.data.token as string;
}

/** A process's resident memory now and at its peak, in MB (Linux /proc). */
export async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  // Deno lets only --allow-all read /proc: `cat` reads it for us (the bench may run commands)
  const out = await new Deno.Command("cat", { args: [`/proc/${pid}/status`] }).output();
  const status = new TextDecoder().decode(out.stdout);
  const kb = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, "m"))?.[1]);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** One row of a figures table: a name, then right-aligned cells. */
export function row(cells: readonly (string | number)[]): string {
  return cells.map((c, i) => (i === 0 ? String(c).padEnd(30) : String(c).padStart(9))).join(" ");
}

/** The header of a load table. */
export const LOAD_HEADER = row([
  "call",
  "requests",
  "req/s",
  "p50 ms",
  "p95 ms",
  "p99 ms",
  "errors",
]);

/** A load run as a table row, with its bar and verdict after it. */
export function loadRow(name: string, r: LoadResult, bar: string, pass: boolean): string {
  const cells = [r.count, r.rps.toFixed(0), r.p50.toFixed(1), r.p95.toFixed(1), r.p99.toFixed(1)];
  return `${row([name, ...cells, r.errors])}  ${bar} ${verdict(pass)}`;
}

/** PASS or FAIL. */
export const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");
