// The audit log at size: pages newest first with a cursor (no count of the whole log), filters
// read their index keys, and a rare filter answers a short page with a cursor instead of a scan.

import { openTestKv } from "../kv/connect/test_store.ts";
import assert from "node:assert/strict";
import { auditPage, SCAN_LIMIT } from "./log.ts";
import { audit, auditAt } from "../store/audit.ts";
import { testApi } from "../test_support.ts";
import type { AuditAction } from "../rules/audit.ts";

/** Writes entries: [actor, action, target] each, one ms apart from `start`. */
async function write(kv: Deno.Kv, start: number, rows: [string, AuditAction, string][]) {
  for (let i = 0; i < rows.length; i += 100) {
    const op = kv.atomic();
    rows.slice(i, i + 100).forEach(([actor, action, target], k) =>
      audit(op, auditAt(start + i + k, {}), actor, action, target, "summary")
    );
    assert.ok((await op.commit()).ok);
  }
}

Deno.test("pages go newest first with a cursor; every filter and their mix read the right entries", async () => {
  const kv = await openTestKv();
  try {
    const rows: [string, AuditAction, string][] = Array.from({ length: 250 }, (_, i) => [
      i % 5 === 0 ? "ADM1" : "ADM2",
      i % 2 === 0 ? "user.update" : "login.success",
      `U${i % 7}`,
    ]);
    await write(kv, 1_000_000, rows);
    const all: string[] = [];
    let cursor: string | undefined = undefined;
    for (;;) {
      const page = await auditPage(kv, { limit: 60, cursor });
      all.push(...page.entries.map((e) => e.at));
      if (page.cursor === null) break;
      cursor = page.cursor;
    }
    assert.equal(all.length, 250);
    assert.deepEqual(all, [...all].sort().reverse(), "newest first");
    const count = async (q: Parameters<typeof auditPage>[1]) => {
      let n = 0;
      let c: string | undefined = undefined;
      for (;;) {
        const page = await auditPage(kv, { ...q, cursor: c });
        n += page.entries.length;
        if (page.cursor === null) return n;
        c = page.cursor;
      }
    };
    const expect = (f: (r: [string, AuditAction, string]) => boolean) => rows.filter(f).length;
    assert.equal(await count({ limit: 25, actor: "adm1" }), expect((r) => r[0] === "ADM1"));
    assert.equal(await count({ limit: 25, target: "u3" }), expect((r) => r[2] === "U3"));
    assert.equal(await count({ limit: 25, action: "user" }), expect((r) => r[1] === "user.update"));
    assert.equal(
      await count({ limit: 25, action: "login.success", actor: "ADM1", target: "U0" }),
      expect((r) => r[1] === "login.success" && r[0] === "ADM1" && r[2] === "U0"),
    );
    assert.equal(await count({ limit: 25, actor: "NOBODY" }), 0);
  } finally {
    kv.close();
  }
});

Deno.test("a filter that matches little answers a short page and a cursor after the scan limit", async () => {
  const kv = await openTestKv();
  try {
    const rows: [string, AuditAction, string][] = Array.from(
      { length: SCAN_LIMIT + 10 },
      (_, i) => ["ADM1", i === 5 ? "user.delete" : "login.success", "X"],
    );
    await write(kv, 2_000_000, rows);
    const first = await auditPage(kv, { limit: 10, actor: "ADM1", action: "user.delete" });
    assert.deepEqual(first.entries, []);
    assert.notEqual(first.cursor, null, "more may follow");
    const second = await auditPage(kv, {
      limit: 10,
      actor: "ADM1",
      action: "user.delete",
      cursor: first.cursor!,
    });
    assert.deepEqual(second.entries.map((e) => e.action), ["user.delete"]);
    assert.equal(second.cursor, null);
  } finally {
    kv.close();
  }
});

Deno.test("the retention setting is 30 to 3650 days, and the API pages the log with a cursor", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    assert.equal(
      (await api.call("PUT", "/api/settings", { auditRetentionDays: 10 }, root)).status,
      400,
    );
    assert.equal(
      (await api.call("PUT", "/api/settings", { auditRetentionDays: 400 }, root)).status,
      200,
    );
    const page = await api.call("GET", "/api/audit?limit=1", undefined, root);
    assert.equal(page.json.data.entries.length, 1);
    const next = await api.call(
      "GET",
      `/api/audit?limit=1&cursor=${encodeURIComponent(page.json.data.cursor)}`,
      undefined,
      root,
    );
    assert.notDeepEqual(next.json.data.entries, page.json.data.entries);
  } finally {
    api.close();
  }
});
