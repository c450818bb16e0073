// `npm run bench`, a registration request's time tells nothing (issue 48 finding 12): against the
// server as `npm start` runs it (behind TRUSTED_PROXY=1, each pair from its own address, so the
// per-address limit never answers), registration requests from the sign-in page in pairs, one for
// a free code and one for a taken code (the super admin's), their order alternating pair by pair.
// The bar: the median of the pairs' ratios (free over taken) within RATIO_BAR either way.
// BENCH_API=pairs runs this part alone.

import { row, verdict } from "./bench_support.ts";
import { spawnServer } from "./server_process.ts";
import { registrationBody } from "../test_support.ts";

const PAIRS = Number(Deno.env.get("BENCH_PAIRS") ?? "200");
const RATIO_BAR = 1.2;

/** One registration request for `code` from `address`: its time (ms) and its status. */
async function register(base: string, code: string, address: string) {
  const t = performance.now();
  const res = await fetch(`${base}/api/users/registration-request`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(registrationBody(code)),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

/** The median of some numbers. */
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The section; true when the bar holds. */
export async function benchPairs(): Promise<boolean> {
  const dir = await Deno.makeTempDir({ prefix: "portal-bench-pairs-" });
  const server = await spawnServer({
    KV_PATH: `${dir}/pairs.kv`,
    PORTAL_ADMIN_CODE: "ROOT",
    PORTAL_ADMIN_PASSWORD: "Bench-pairs-password-1",
    TRUSTED_PROXY: "1",
  });
  try {
    const free: number[] = [];
    const taken: number[] = [];
    const ratios: number[] = [];
    let refused = 0;
    // a few pairs first, unmeasured: the server's first requests compile its code
    for (let i = -10; i < PAIRS; i++) {
      const address = `10.${(i + 10) >> 8}.${(i + 10) & 255}.1`;
      const one = () => register(server.base, `FREE${String(i + 10).padStart(5, "0")}`, address);
      const two = () => register(server.base, "ROOT", address);
      const [f, t] = i % 2 === 0
        ? [await one(), await two()]
        : [await two(), await one()].reverse();
      if (f.status !== 200 || t.status !== 200) refused++;
      if (i < 0) continue;
      free.push(f.ms);
      taken.push(t.ms);
      ratios.push(f.ms / t.ms);
    }
    const ratio = median(ratios);
    const pass = refused === 0 && ratio < RATIO_BAR && ratio > 1 / RATIO_BAR;
    console.log(
      `registration requests in ${PAIRS} pairs, a free code and a taken one, one after the ` +
        "other in alternating order, each pair from its own address",
    );
    console.log(row(["call", "requests", "median ms"]));
    console.log(row(["registration, free code", free.length, median(free).toFixed(2)]));
    console.log(row(["registration, taken code", taken.length, median(taken).toFixed(2)]));
    console.log(
      `${row(["median ratio free / taken", ratios.length, ratio.toFixed(3)])}  within ` +
        `${RATIO_BAR}x either way, every answer 200 ${verdict(pass)}`,
    );
    return pass;
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
}
