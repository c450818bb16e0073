// ASVS 5.0 L2 (issue 48, item 17): a caller probing what it may not do leaves a trace. Every
// refused request (403) is logged with its request id, and counted in the audit: one entry per
// caller, route and minute with the count, not one per refusal, so a flood of refusals cannot
// flood the log.

import assert from "node:assert/strict";
import { testApi } from "../test_support.ts";

/** Runs `fn` with console.warn captured; returns what it wrote, one line a call. */
async function capture(fn: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  try {
    await fn();
  } finally {
    console.warn = original;
  }
  return lines;
}

Deno.test("item 17: refused requests are logged with their id and counted in the audit", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const user = await api.account("U1", "user");
    const ids: string[] = [];
    const lines = await capture(async () => {
      for (let i = 0; i < 7; i++) {
        const res = await api.call("GET", "/api/users/stats", undefined, user);
        assert.equal(res.status, 403);
        const id = res.headers.get("x-request-id");
        assert.ok(id !== null && id !== "", "the answer names its request id");
        ids.push(id);
      }
      const other = await api.call("DELETE", "/api/users/S1", undefined, user);
      assert.equal(other.status, 403);
    });
    assert.equal(new Set(ids).size, 7, "each request has its own id");
    // one structured line a refusal, with its request id, the caller and the route
    for (const id of ids) {
      const line = lines.find((l) => l.includes(id));
      assert.ok(line !== undefined, `no log line for ${id}: ${lines.join("\n")}`);
      const record = JSON.parse(line);
      assert.equal(record.status, 403);
      assert.equal(record.actor, "U1");
      assert.equal(record.route, "GET /api/users/stats");
    }
    // once the minute is over, the audit holds one entry per route with the count
    api.clock.now += 61_000;
    const log = await api.call("GET", "/api/audit?limit=50&action=access.refused", undefined, root);
    assert.equal(log.status, 200, log.text);
    const entries = log.json.data.entries ?? log.json.data.items ?? log.json.data;
    const refused = (entries as { actor: string; target: string; summary: string }[])
      .filter((e) => e.actor === "U1");
    assert.equal(refused.length, 2, JSON.stringify(refused));
    const stats = refused.find((e) => e.target === "GET /api/users/stats");
    assert.ok(stats, JSON.stringify(refused));
    assert.match(stats.summary, /\b7 times\b/);
    const deletion = refused.find((e) => e.target === "DELETE /api/users/:code");
    assert.ok(deletion, JSON.stringify(refused));
    assert.match(deletion.summary, /\b1 time\b/);
  } finally {
    api.close();
  }
});
