// The list's page from the index: descending order keeps the users without a value last, and the
// counts are those of the search, whatever the role, state, lock and expiry filters.

import assert from "node:assert/strict";
import type { IndexRow } from "./user_index.ts";
import { listPage } from "./user_list.ts";

const row = (code: string, extra: Partial<IndexRow> = {}): IndexRow => ({
  code,
  name: code,
  email: `${code.toLowerCase()}@x.com`,
  station: "CAI",
  role: "user",
  active: true,
  expiry: null,
  search: code.toLowerCase(),
  ...extra,
});

const base = { search: "", order: "asc" as const, page: 1, limit: 10 };
const ctx = { now: 0, locked: new Set<string>(), visible: () => true };

Deno.test("descending order reverses the users with a value and keeps the others last", () => {
  const sorted = [row("A", { expiry: 1 }), row("B", { expiry: 2 }), row("C"), row("D")];
  const has = (r: IndexRow) => r.expiry !== null;
  assert.deepEqual(listPage(sorted, has, base, ctx).codes, ["A", "B", "C", "D"]);
  assert.deepEqual(listPage(sorted, has, { ...base, order: "desc" }, ctx).codes, [
    "B",
    "A",
    "C",
    "D",
  ]);
});

Deno.test("the counts follow the search and station, the page the other filters too", () => {
  const sorted = [
    row("A1", { role: "admin", search: "a1 nour" }),
    row("A2", { active: false, search: "a2 nour" }),
    row("A3", { station: "LXR", search: "a3 nour" }),
    row("B1", { search: "b1" }),
  ];
  const page = listPage(sorted, () => true, { ...base, search: "nour", role: "user" }, {
    ...ctx,
    locked: new Set(["A2"]),
  });
  assert.deepEqual(page.counts, {
    all: 3,
    active: 2,
    inactive: 1,
    super_admin: 0,
    admin: 1,
    user: 2,
    locked: 1,
  });
  assert.deepEqual([page.codes, page.total], [["A2", "A3"], 2]);
  const scoped = listPage(sorted, () => true, base, {
    ...ctx,
    visible: (r) => r.station === "CAI",
  });
  assert.deepEqual(scoped.codes, ["A1", "A2", "B1"]);
  const paged = listPage(sorted, () => true, { ...base, limit: 3, page: 9 }, ctx);
  assert.deepEqual([paged.page, paged.pages, paged.codes], [2, 2, ["B1"]]);
});
