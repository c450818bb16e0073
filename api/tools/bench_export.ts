// `npm run bench`, API at scale: the users' CSV export against a bare read of the same index
// (design 8: within 1.5x). Both run in the bench's own process on the store the server used,
// once it stopped: the API (createApp, as main.ts makes it, on the store opened as main.ts opens
// it) and a bare Hono route that lists the same users' keys, a few hundred at a time as the export
// does, and writes the same CSV bytes (the export's own lines, made before the timing) in chunks
// of the same size. The same client fetches each in turn; the medians are compared.

import { Hono } from "hono";
import { createApp } from "../app.ts";
import { openRetryingKv } from "../kv/retry.ts";
import { keys } from "../store/keys.ts";
import { row, signIn, verdict } from "./bench_support.ts";
import { LOAD_PASSWORD, loadCode } from "./seed_load.ts";

/** The export's time at most this many times the bare read's. */
const EXPORT_RATIO_BAR = 1.5;
/** Timed runs of each, in turns. */
const RUNS = 5;
/** The bytes of text a chunk of the bare route holds before it is sent, as the export's. */
const CHUNK = 64 * 1024;

/** Serves `app` on a free local port. */
function serve(fetch: (req: Request) => Response | Promise<Response>) {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, fetch);
  return { base: `http://127.0.0.1:${server.addr.port}`, server };
}

/** Fetches `url` whole as bytes, timed: ms and the body. */
async function timedGet(url: string, token?: string) {
  const started = performance.now();
  const res = await fetch(url, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  const body = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - started, body };
}

/** The bare route: every user key listed as the export lists them, each written as `lines[i]`
 * (its line of the export), the text sent in chunks of CHUNK characters. */
function bareExport(kv: Deno.Kv, header: string, lines: readonly string[]) {
  const encoder = new TextEncoder();
  async function* chunks() {
    yield encoder.encode(header);
    let text = "";
    let i = 0;
    for await (const _ of kv.list({ prefix: [...keys.userPrefix()] }, { batchSize: 500 })) {
      text += lines[i++];
      if (text.length < CHUNK) continue;
      yield encoder.encode(text);
      text = "";
    }
    if (text !== "") yield encoder.encode(text);
  }
  return new Hono().get("/bare", (c) => c.body(ReadableStream.from(chunks())));
}

/** The median of some times. */
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)];

/** The section's part; true when the export is within the bar of the bare read. `env` is the
 * server's (KV_PATH, and DENO_KV_ACCESS_TOKEN for a store server). */
export async function exportAgainstBare(env: Record<string, string>): Promise<boolean> {
  if (env.DENO_KV_ACCESS_TOKEN !== undefined) {
    Deno.env.set("DENO_KV_ACCESS_TOKEN", env.DENO_KV_ACCESS_TOKEN);
  }
  const kv = await openRetryingKv(env.KV_PATH, {
    gatherReads: true,
    window: /^https?:/i.test(env.KV_PATH) ? Infinity : undefined,
  });
  const api = serve(createApp({ kv, now: Date.now, secureCookies: false }).fetch);
  try {
    const token = await signIn(api.base, loadCode(1), LOAD_PASSWORD);
    // the export asks for the password confirmed within the last minutes (issue 48)
    await fetch(`${api.base}/api/auth/step-up`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ password: LOAD_PASSWORD }),
    }).then((res) => res.body?.cancel());
    // the export's own bytes, untimed: the bare route writes them again
    const first = await timedGet(`${api.base}/api/users/export`, token);
    // with its byte order mark, which a decoder drops unless told not to
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(first.body);
    const end = text.indexOf("\r\n") + 2;
    const lines = text.slice(end).split(/(?<=\r\n)/);
    const bare = serve(bareExport(kv, text.slice(0, end), lines).fetch);
    const times = { export: [] as number[], bare: [] as number[] };
    let same = true;
    try {
      for (let i = 0; i < RUNS; i++) {
        const a = await timedGet(`${api.base}/api/users/export`, token);
        const b = await timedGet(`${bare.base}/bare`);
        times.export.push(a.ms);
        times.bare.push(b.ms);
        same &&= a.body.length === b.body.length;
      }
    } finally {
      await bare.server.shutdown();
    }
    const [exportMs, bareMs] = [median(times.export), median(times.bare)];
    const ratio = exportMs / bareMs;
    const pass = same && ratio <= EXPORT_RATIO_BAR;
    console.log(
      row([
        "CSV export, in the bench",
        `${lines.length} rows`,
        `${exportMs.toFixed(0)} ms`,
        `bare ${bareMs.toFixed(0)}`,
      ]) +
        `  ${ratio.toFixed(2)}x the bare read of the index writing the same ` +
        `${same ? "" : "(NOT the same) "}bytes (medians of ${RUNS} in turns); bar ` +
        `<=${EXPORT_RATIO_BAR}x ${verdict(pass)}`,
    );
    return pass;
  } finally {
    await api.server.shutdown();
    kv.close();
  }
}
