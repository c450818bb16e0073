// The store a Deno API test runs on: `:memory:` by default, and a new database on the KV Connect
// test server when the suite runs a second time on it (TEST_KV_REMOTE=1, set by
// with_store_server.ts in `npm test`). Tests open their store here and nowhere else; the few
// about the file store itself say why they stay on a file.

/** Whether this run's tests use the KV Connect test server. */
export const remoteRun = Deno.env.get("TEST_KV_REMOTE") === "1";

/** A new, empty store for one test. */
export function openTestKv(): Promise<Deno.Kv> {
  return Deno.openKv(testStorePath(":memory:"));
}

/**
 * KV_PATH for a store a test opens in another process or opens again: `local` (":memory:" or a
 * file) by default, and a new database on the suite's KV Connect server in the remote run. A
 * child process finds the server's token in DENO_KV_ACCESS_TOKEN, which it inherits.
 */
export function testStorePath(local: string): string {
  if (!remoteRun) return local;
  const server = JSON.parse(Deno.env.get("TEST_KV_CONNECT") ?? "null") as { port: number } | null;
  if (!server) throw new Error("TEST_KV_REMOTE=1 needs TEST_KV_CONNECT (with_store_server.ts)");
  return `http://127.0.0.1:${server.port}/${crypto.randomUUID()}`;
}
