// The audit log's date range (issue 27): a key range of the log and of each index, both bounds
// included; a date alone is a whole UTC day, an instant (what the screen sends: the start and end
// of the user's days in their timezone) is exact. A range that ends before it starts is a 400 on
// `to`.

import { openTestKv } from "../kv/connect/test_store.ts";
import assert from "node:assert/strict";
import { auditPage } from "./log.ts";
import { audit, auditAt } from "../store/audit.ts";
import { testApi } from "../test_support.ts";
import type { AuditAction } from "../rules/audit.ts";

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse("2026-10-01T00:00:00Z");

/** One entry an hour for ten days from START: [actor, action, target] by its hour. */
async function tenDays(kv: Deno.Kv) {
  const rows: { at: number; actor: string; action: AuditAction; target: string }[] = [];
  for (let h = 0; h < 240; h++) {
    rows.push({
      at: START + h * 60 * 60 * 1000,
      actor: h % 2 === 0 ? "ADM1" : "ADM2",
      action: h % 3 === 0 ? "user.update" : "login.success",
      target: `U${h % 4}`,
    });
  }
  for (let i = 0; i < rows.length; i += 50) {
    const op = kv.atomic();
    for (const r of rows.slice(i, i + 50)) {
      audit(op, auditAt(r.at, {}), r.actor, r.action, r.target, "s");
    }
    assert.ok((await op.commit()).ok);
  }
  return rows;
}

/** Every entry a query finds, through all its pages. */
async function all(kv: Deno.Kv, q: Omit<Parameters<typeof auditPage>[1], "cursor">) {
  const found: string[] = [];
  let cursor: string | undefined = undefined;
  for (;;) {
    const page = await auditPage(kv, { ...q, cursor });
    found.push(...page.entries.map((e) => e.at));
    if (page.cursor === null) return found;
    cursor = page.cursor;
  }
}

Deno.test("a date range reads exactly its entries, both bounds included, alone and with each filter", async () => {
  const kv = await openTestKv();
  try {
    const rows = await tenDays(kv);
    const from = START + 2 * DAY;
    const to = START + 4 * DAY - 1; // the last ms of day 4 (two whole days)
    const within = rows.filter((r) => r.at >= from && r.at <= to);
    const iso = (list: typeof rows) => list.map((r) => new Date(r.at).toISOString()).reverse();
    assert.deepEqual(await all(kv, { limit: 7, from, to }), iso(within));
    assert.equal(within.length, 48);
    // bounds are included to the ms: an entry at exactly `from` and at exactly `to`
    assert.deepEqual(await all(kv, { limit: 5, from: rows[10].at, to: rows[12].at }), [
      ...iso(rows.slice(10, 13)),
    ]);
    // open ends
    assert.equal((await all(kv, { limit: 100, from: START + 9 * DAY })).length, 24);
    assert.equal((await all(kv, { limit: 100, to: START + DAY - 1 })).length, 24);
    // with every index
    const cases: [Parameters<typeof auditPage>[1], (r: (typeof rows)[0]) => boolean][] = [
      [{ limit: 9, actor: "adm2" }, (r) => r.actor === "ADM2"],
      [{ limit: 9, target: "u1" }, (r) => r.target === "U1"],
      [{ limit: 9, action: "user" }, (r) => r.action === "user.update"],
      [
        { limit: 9, action: "login.success", actor: "ADM1" },
        (r) => r.action === "login.success" && r.actor === "ADM1",
      ],
    ];
    for (const [q, keep] of cases) {
      assert.deepEqual(
        await all(kv, { ...q, from, to }),
        iso(within.filter(keep)),
        JSON.stringify(q),
      );
    }
    // a range with nothing in it
    assert.deepEqual(await all(kv, { limit: 10, from: START - 5 * DAY, to: START - 1 }), []);
  } finally {
    kv.close();
  }
});

Deno.test("GET /api/audit: dates are whole UTC days, instants are exact, and a reversed range is a 400 on `to`", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await tenDays(api.kv);
    const get = (query: string) =>
      api.call("GET", `/api/audit?limit=200&${query}`, undefined, root);
    const day = await get("from=2026-10-03&to=2026-10-03&actor=ADM1");
    assert.equal(day.status, 200, day.text);
    assert.equal(day.json.data.entries.length, 12);
    for (const e of day.json.data.entries) assert.equal(e.at.slice(0, 10), "2026-10-03");
    // the day of a user in Cairo (UTC+3 in October 2026): from 21:00 UTC the day before
    const cairo = await get(
      `from=${encodeURIComponent("2026-10-03T00:00:00+03:00")}&to=${
        encodeURIComponent("2026-10-03T23:59:59.999+03:00")
      }`,
    );
    assert.equal(cairo.json.data.entries.length, 24);
    assert.equal(cairo.json.data.entries.at(-1).at, "2026-10-02T21:00:00.000Z");
    assert.equal(cairo.json.data.entries[0].at, "2026-10-03T20:00:00.000Z");
    const reversed = await get("from=2026-10-05&to=2026-10-04");
    assert.equal(reversed.status, 400);
    assert.equal(reversed.named, "to: The end date must be on or after the start date");
    const bad = await get("from=yesterday");
    assert.equal(bad.status, 400);
    assert.equal(bad.named, "from: Enter a date (YYYY-MM-DD) or an ISO time");
    assert.equal((await get("to=2026-13-45")).status, 400);
    // the export takes the same checks
    const badExport = await api.call(
      "GET",
      "/api/audit/export?from=2026-10-05&to=2026-10-01",
      undefined,
      root,
    );
    assert.equal(badExport.status, 400);
    assert.equal(badExport.named, "to: The end date must be on or after the start date");
  } finally {
    api.close();
  }
});
