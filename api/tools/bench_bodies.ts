// `npm run bench`, API under slow large bodies (issue 48, medium 6): 300 anonymous sign-ins on
// loopback, each sending a 2 MB body slowly (half announce their length, half stream it
// chunked), against the server started as `npm start` starts it; its peak resident memory must
// stay under the bar. Bounded: every connection ends within SECONDS.

import { memoryOf, row, verdict } from "./bench_support.ts";
import { spawnServer } from "./server_process.ts";

const CONNECTIONS = 300;
const BODY_BYTES = 2 * 1024 * 1024;
const PIECE_BYTES = 32 * 1024;
const PIECE_EVERY_MS = 100;
const SECONDS = 20;
const RSS_BAR = 250; // MB

/** One slow sign-in: the head, then the body a piece at a time until it is sent, the server
 * closes the connection, or the time is up. Resolves to the bytes of body it could send. */
async function slowSignIn(host: string, port: number, chunked: boolean, until: number) {
  const conn = await Deno.connect({ hostname: host, port });
  const framing = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${BODY_BYTES}`;
  const encoder = new TextEncoder();
  const piece = new Uint8Array(PIECE_BYTES).fill(0x78); // 'x'
  const chunkHead = encoder.encode(`${PIECE_BYTES.toString(16)}\r\n`);
  const crlf = encoder.encode("\r\n");
  let sent = 0;
  try {
    await conn.write(encoder.encode(
      `POST /api/auth/login HTTP/1.1\r\nHost: ${host}:${port}\r\n` +
        `Content-Type: application/json\r\n${framing}\r\n\r\n`,
    ));
    while (sent < BODY_BYTES && Date.now() < until) {
      if (chunked) await conn.write(chunkHead);
      await conn.write(piece);
      if (chunked) await conn.write(crlf);
      sent += PIECE_BYTES;
      await new Promise((r) => setTimeout(r, PIECE_EVERY_MS));
    }
  } catch {
    // the server refused the body and closed the connection
  } finally {
    try {
      conn.close();
    } catch { /* closed already */ }
  }
  return sent;
}

/** The section; true when the bar is met. */
export async function benchBodies(): Promise<boolean> {
  const server = await spawnServer({ KV_PATH: ":memory:" });
  try {
    const { hostname, port } = new URL(server.base);
    const before = await memoryOf(server.pid);
    const until = Date.now() + SECONDS * 1000;
    const sent = await Promise.all(
      Array.from(
        { length: CONNECTIONS },
        (_, i) => slowSignIn(hostname, Number(port), i % 2 === 1, until),
      ),
    );
    const health = await fetch(`${server.base}/health`);
    await health.body?.cancel();
    const memory = await memoryOf(server.pid);
    const pass = memory.peak < RSS_BAR && health.status === 200;
    const mb = sent.reduce((a, b) => a + b, 0) / 1024 / 1024;
    console.log(
      `${CONNECTIONS} anonymous sign-ins each sending a 2 MB body slowly (${
        PIECE_BYTES / 1024
      } KB ` +
        `every ${PIECE_EVERY_MS} ms, half chunked; ${
          mb.toFixed(0)
        } MB written to the sockets in all), ` +
        `the server at ${before.rss.toFixed(0)} MB before`,
    );
    console.log(
      row([
        "server memory, slow bodies",
        `${memory.rss.toFixed(0)} MB`,
        `peak ${memory.peak.toFixed(0)}`,
      ]) + `  bar: peak RSS <${RSS_BAR} MB, /health 200 ${verdict(pass)}`,
    );
    return pass;
  } finally {
    await server.stop();
  }
}
