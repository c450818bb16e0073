// The user list's search finds Arabic names by their common spellings (issue 52, item 9): a
// query typed without hamza, with ه for ة or ي for ى, or with harakat finds the name as stored,
// in the list, in its counts and in a bulk action over every user the search matches; on a
// process that read the index before the users were written, too.

import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { testApi } from "../test_support.ts";
import { openTestKv } from "../kv/connect/test_store.ts";
import { bucketOf } from "../auth/signin_state.ts";
import { keys } from "../store/keys.ts";
import { UserIndex } from "./index_buckets.ts";
import { listMatches } from "./list.ts";

const NAMES: Record<string, [string, string]> = {
  AR1: ["أحمد", "علي"],
  AR2: ["إبراهيم", "حسن"],
  AR3: ["هبة", "سالم"],
  AR4: ["مصطفى", "كامل"],
  AR5: ["آمنة", "يوسف"],
};

Deno.test("common spellings of Arabic names find them as stored, on both processes", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin", { canViewAllStations: true });
    const other = createApp({ kv: api.kv, now: () => api.clock.now, secureCookies: false });
    // the other process has read the index before the users came
    const first = await other.request("/api/users/paginated?search=AR", {
      headers: { authorization: `Bearer ${root}` },
    });
    assert.equal(first.status, 200);
    for (const [code, [firstName, lastName]] of Object.entries(NAMES)) {
      const made = await api.call(
        "POST",
        "/api/users",
        { employeeCode: code, firstName, lastName, station: "CAI" },
        root,
      );
      assert.equal(made.status, 201, made.text);
    }
    const found = async (search: string) => {
      const path = `/api/users/paginated?limit=100&search=${encodeURIComponent(search)}`;
      const here = await api.call("GET", path, undefined, root);
      assert.equal(here.status, 200);
      const res = await other.request(path, { headers: { authorization: `Bearer ${root}` } });
      const there = (await res.json()).data;
      const codes = (d: { users: { employeeCode: string }[] }) =>
        d.users.map((u) => u.employeeCode).sort();
      assert.deepEqual(codes(there), codes(here.json.data), search);
      assert.equal(here.json.data.counts.all, here.json.data.users.length);
      return codes(here.json.data);
    };
    assert.deepEqual(await found("احمد"), ["AR1"]);
    assert.deepEqual(await found("ابراهيم"), ["AR2"]);
    assert.deepEqual(await found("هبه"), ["AR3"]);
    assert.deepEqual(await found("مصطفي"), ["AR4"]);
    assert.deepEqual(await found("امنه يوسف"), ["AR5"]);
    // the stored spellings, harakat and tatweel in the query find them too
    assert.deepEqual(await found("أحمد"), ["AR1"]);
    assert.deepEqual(await found("أَحْمَد"), ["AR1"]);
    assert.deepEqual(await found("مصـطـفى"), ["AR4"]);
    assert.deepEqual(await found("هبة سالم"), ["AR3"]);
    assert.deepEqual(await found("كمال"), []);

    // a bulk action over every user the search matches takes the same users
    const bulk = await api.call("POST", "/api/users/bulk-extend", {
      filter: { search: "ابراهيم" },
      days: 30,
    }, root);
    assert.equal(bulk.status, 200, bulk.text);
    assert.deepEqual(
      bulk.json.data.results.map((r: { employeeCode: string }) => r.employeeCode),
      ["AR2"],
    );
  } finally {
    api.close();
  }
});

Deno.test("an index bucket written before the fold, names as typed, is searched folded", async () => {
  const kv = await openTestKv();
  try {
    // as any version wrote it: the fields as written, the fold is made when a process reads them
    const stored = [["OLD1", "هبة مصطفى", "heba@example.com", "CAI", "user", 1, null]];
    await kv.set(keys.userIndex(bucketOf("OLD1")), JSON.stringify(stored));
    const index = new UserIndex(kv);
    await index.refresh();
    const [row] = index.rows();
    assert.equal(row.name, "هبة مصطفى");
    const query = { search: "هبه مصطفي", order: "asc" as const };
    const ctx = { now: 0, locked: new Set<string>(), scope: null };
    const { rows } = listMatches(index.by("employeeCode"), () => true, query, ctx);
    assert.deepEqual(rows.map((r) => r.code), ["OLD1"]);
  } finally {
    kv.close();
  }
});
