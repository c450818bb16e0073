// Issue 49, findings 3, 4 and 6: the portal on a store that stalls, answers 503 or is away at
// the start. Each request's store work has a deadline (KV_DEADLINE_MS): past it the answer is a
// 503 with Retry-After, the portal recovers by itself when the store is back, /health/ready tells
// the fault, and a process started while the store is away waits for it instead of ending. Every
// answer carries X-Request-Id, and the request's log line carries the same id.

import assert from "node:assert/strict";
import { type StoreHarness, storeHarness } from "../kv/connect/store_harness.ts";
import { type ServerProcess, spawnServer } from "./server_process.ts";

const PASSWORD = "Store-fault-pass-1";
const DEADLINE_MS = 1500;
const UNREACHABLE = "The data store is not reachable. Try again in a moment.";

/** The API on a new database of the harness's server, with a short store deadline. */
function start(h: StoreHarness, waitReady = true): Promise<ServerProcess> {
  return spawnServer(
    {
      KV_PATH: h.newStoreUrl(),
      DENO_KV_ACCESS_TOKEN: h.token,
      KV_DEADLINE_MS: String(DEADLINE_MS),
      PORTAL_ADMIN_PASSWORD: PASSWORD,
      WEB_DIST: "/nonexistent/",
    },
    undefined,
    { waitReady },
  );
}

/** A request's status, body, headers and how long it took (ms). */
async function call(base: string, path: string, init: RequestInit = {}) {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  return { status: res.status, text, headers: res.headers, ms: performance.now() - t0 };
}

/** A session token of the first super admin. */
async function signIn(base: string): Promise<string> {
  const res = await call(base, "/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ employeeCode: "ADMIN", password: PASSWORD }),
  });
  assert.equal(res.status, 200, res.text);
  return JSON.parse(res.text).data.token;
}

/** Waits until /health/ready answers 200 (a generous bound: the store is back by then). */
async function untilReady(base: string, boundMs = 30_000): Promise<void> {
  const end = performance.now() + boundMs;
  while (performance.now() < end) {
    const res = await call(base, "/health/ready");
    if (res.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail("the portal did not become ready after the store came back");
}

/** Asserts the store-unreachable answer: 503, its message, Retry-After and a request id. */
function assertUnreachable(res: Awaited<ReturnType<typeof call>>) {
  assert.equal(res.status, 503, res.text);
  assert.deepEqual(JSON.parse(res.text), {
    success: false,
    code: "request:store_unreachable",
    message: UNREACHABLE,
    params: {},
  });
  assert.match(res.headers.get("retry-after") ?? "", /^\d+$/);
  assert.ok(res.headers.get("x-request-id"));
}

/** The store fault `order` for `faultMs`: requests answer 503 before it ends, /health answers
 * 200 and /health/ready 503 meanwhile, and all answer 200 once it is over, with no restart. */
async function survives(order: Record<string, number>, faultMs: number) {
  const h = await storeHarness({ own: true });
  const server = await start(h);
  try {
    const auth = { authorization: `Bearer ${await signIn(server.base)}` };
    assert.equal((await call(server.base, "/api/auth/me", { headers: auth })).status, 200);
    const began = performance.now();
    await h.fault(order);
    const during = await call(server.base, "/api/auth/me", { headers: auth });
    assertUnreachable(during);
    // answered before the fault ended: no request hangs for the fault's whole length
    assert.ok(performance.now() - began < faultMs, `answered after ${during.ms} ms`);
    assert.equal((await call(server.base, "/health")).status, 200);
    assertUnreachable(await call(server.base, "/health/ready"));
    const line = server.output().split("\n").find((l) =>
      l.includes(during.headers.get("x-request-id")!)
    );
    assert.ok(line, "the 503 is logged with its request id");

    await untilReady(server.base);
    assert.equal((await call(server.base, "/api/auth/me", { headers: auth })).status, 200);
    assert.equal((await call(server.base, "/health")).status, 200);
  } finally {
    await server.stop();
    await h.stop();
  }
}

Deno.test("a stall of the store answers 503 within the deadline, and the portal recovers", async () => {
  await survives({ stallMs: 8_000 }, 8_000);
});

Deno.test("a store answering 503 answers 503 within the deadline, and the portal recovers", async () => {
  await survives({ unavailableMs: 6_000 }, 6_000);
});

Deno.test("a process started while the store is down waits, answers 503, and serves once it is back", async () => {
  const h = await storeHarness({ own: true });
  await h.fault({ down: true });
  const server = await start(h, false);
  try {
    assertUnreachable(await call(server.base, "/api/auth/password-policy"));
    assertUnreachable(await call(server.base, "/health/ready"));
    assert.equal((await call(server.base, "/health")).status, 200);
    // each failure is logged with the next wait
    assert.match(server.output(), /store.*(retry|again).*\d+ ?(ms|s)/i);

    await h.fault({ down: false });
    await untilReady(server.base);
    await signIn(server.base);
    assert.match(server.output(), /First super admin created/);
  } finally {
    await server.stop();
    await h.stop();
  }
});

Deno.test("every answer has an X-Request-Id, and its request's log line carries it", async () => {
  const h = await storeHarness({ own: true });
  const server = await start(h);
  try {
    const token = await signIn(server.base);
    const answers = [
      ["/health", await call(server.base, "/health")],
      ["/health/ready", await call(server.base, "/health/ready")],
      ["/api/nope", await call(server.base, "/api/nope")],
      ["/some/page", await call(server.base, "/some/page")],
      ["/api/users/SECRET77", await call(server.base, "/api/users/SECRET77")],
      [
        "/api/auth/me",
        await call(server.base, "/api/auth/me", { headers: { authorization: `Bearer ${token}` } }),
      ],
    ] as const;
    const ids = answers.map(([path, res]) => {
      const id = res.headers.get("x-request-id");
      assert.ok(id, `${path} has no X-Request-Id`);
      return id;
    });
    assert.equal(new Set(ids).size, ids.length);
    const lines = server.output().split("\n").filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l));
    const lineOf = (id: string) => lines.find((l) => l.requestId === id && "ms" in l);
    for (const id of ids) assert.ok(lineOf(id), `no log line for ${id}`);
    const me = lineOf(ids[5]);
    assert.deepEqual(
      [me.method, me.route, me.status, me.user, typeof me.ms],
      ["GET", "/api/auth/me", 200, "ADMIN", "number"],
    );
    // the route's pattern, not the path: the code asked for is not in the log
    const byCode = lineOf(ids[4]);
    assert.equal(byCode.route, "/api/users/:code");
    assert.equal(byCode.user, null);
    assert.doesNotMatch(server.output(), /SECRET77/);
  } finally {
    await server.stop();
    await h.stop();
  }
});
