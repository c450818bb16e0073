// The store a Deno API test runs on: `:memory:` by default, and a new database on the KV Connect
// test server when the suite runs a second time on it (TEST_KV_REMOTE=1, set by
// with_store_server.ts in `npm test`). Tests open their store here and nowhere else.

/** Whether this run's tests use the KV Connect test server. */
export const remoteRun = Deno.env.get("TEST_KV_REMOTE") === "1";

/** A new, empty store for one test. */
export function openTestKv(): Promise<Deno.Kv> {
  if (!remoteRun) return Deno.openKv(":memory:");
  const server = JSON.parse(Deno.env.get("TEST_KV_CONNECT") ?? "null") as { port: number } | null;
  if (!server) throw new Error("TEST_KV_REMOTE=1 needs TEST_KV_CONNECT (with_store_server.ts)");
  return Deno.openKv(`http://127.0.0.1:${server.port}/${crypto.randomUUID()}`);
}
