// Attack on memory with request bodies (issue 48, medium 6): anonymous sign-ins that announce or
// stream a large body, or send one slowly, against the real server on a socket.

import assert from "node:assert/strict";
import { testStorePath } from "../kv/connect/test_store.ts";
import { spawnServer } from "../tools/server_process.ts";

/** What a raw HTTP exchange ended with: the answer's status, null when the server closed the
 * connection without one, or "no answer" when it still held it open after 20 s. */
type Ending = number | null | "no answer";

/** Writes `head` and `chunks` to a new connection and reads the status the server answers (or
 * null when it closes it). The chunks after the first wait on `more`, which may never come: the
 * server must answer without them. A guard ends a server that answers nothing at all. */
async function exchange(
  base: string,
  head: string,
  first: Uint8Array,
  more: Promise<Uint8Array[]> = new Promise(() => {}),
): Promise<Ending> {
  const { hostname, port } = new URL(base);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  let waited = false;
  const guard = setTimeout(() => {
    waited = true;
    conn.close();
  }, 20_000);
  try {
    await conn.write(new TextEncoder().encode(head));
    await conn.write(first);
    more.then(async (rest) => {
      for (const chunk of rest) await conn.write(chunk);
    }).catch(() => {});
    const buf = new Uint8Array(256);
    let text = "";
    while (!text.includes("\r\n")) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) return waited ? "no answer" : null;
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
    return Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1]);
  } finally {
    clearTimeout(guard);
    try {
      conn.close();
    } catch { /* closed by the guard */ }
  }
}

/** A sign-in's request head with its own framing header. */
const signIn = (host: string, framing: string) =>
  `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
  `${framing}\r\n\r\n`;

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test({
  name: "finding 6: large or slow anonymous bodies are refused or dropped, not held in memory",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await spawnServer({
      KV_PATH: testStorePath(":memory:"),
      PORTAL_BODY_DEADLINE_MS: "500",
      PORTAL_ANONYMOUS_BODY_BUDGET: "6000",
    });
    const host = new URL(server.base).host;
    try {
      await t.step("a sign-in announcing 100 KB is refused by its length, unread", async () => {
        // the rest of the body never comes: only the Content-Length can have refused it
        const status = await exchange(
          server.base,
          signIn(host, "Content-Length: 100000"),
          bytes('{"employeeCode":"'),
        );
        assert.equal(status, 413);
      });

      await t.step("a chunked sign-in body that never ends is cut at the limit", async () => {
        const chunk = "4000\r\n" + "x".repeat(0x4000) + "\r\n";
        const status = await exchange(
          server.base,
          signIn(host, "Transfer-Encoding: chunked"),
          bytes(chunk + chunk),
        );
        assert.equal(status, 413);
      });

      await t.step("a sign-in body that stops coming is dropped", async () => {
        const status = await exchange(
          server.base,
          signIn(host, "Content-Length: 60"),
          bytes('{"employeeCode":"'),
        );
        // answered 408, or the connection closed; never left waiting for the rest
        assert.ok(status === 408 || status === null, `status ${status}`);
      });
    } finally {
      await server.stop();
    }
  },
});

/** What a wrong sign-in is answered: refused, or held back by the sign-in limits. */
const SIGN_IN_ANSWERS: readonly Ending[] = [401, 423, 429];

/** A whole sign-in body of `size` bytes (a wrong password, then spaces). */
function paddedSignIn(size: number): string {
  const body = JSON.stringify({ employeeCode: "NOBODY", password: "Wrong-password-1" });
  return body + " ".repeat(size - body.length);
}

Deno.test({
  name: "finding 6: the bytes anonymous callers may have in the server at once are capped",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const server = await spawnServer({
      KV_PATH: testStorePath(":memory:"),
      PORTAL_ANONYMOUS_BODY_BUDGET: "6000",
    });
    const host = new URL(server.base).host;
    const { hostname, port } = new URL(server.base);
    const holder = await Deno.connect({ hostname, port: Number(port) });
    try {
      // a slow body holds 5000 of the 6000 bytes anonymous callers may hold at once
      await holder.write(bytes(signIn(host, "Content-Length: 5000") + '{"employeeCode":"'));
      // a whole body of 4000 bytes more is then refused at once; until the server has taken in
      // the holder's request, it is read and answered as a sign-in, so it is sent again
      let status: Ending = 0;
      for (let i = 0; i < 50 && status !== 503; i++) {
        const body = paddedSignIn(4000);
        status = await exchange(
          server.base,
          signIn(host, `Content-Length: ${body.length}`),
          bytes(body),
        );
        assert.ok(status === 503 || SIGN_IN_ANSWERS.includes(status), `status ${status}`);
        if (status !== 503) await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(status, 503);
      holder.close();
      // once the holder is gone, the same sign-in is read and answered
      const body = paddedSignIn(4000);
      let after: Ending = 503;
      for (let i = 0; i < 50 && after === 503; i++) {
        after = await exchange(
          server.base,
          signIn(host, `Content-Length: ${body.length}`),
          bytes(body),
        );
        if (after === 503) await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(SIGN_IN_ANSWERS.includes(after), `status ${after}`);
    } finally {
      try {
        holder.close();
      } catch { /* closed above */ }
      await server.stop();
    }
  },
});
