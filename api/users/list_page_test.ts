// The list's page from the index: descending order keeps the users without a value last, and each
// filter's counts are those of the search and every other filter (issue 27).

import assert from "node:assert/strict";
import type { IndexRow } from "./index_buckets.ts";
import { expiryBand, listMatches, type ListQuery, pageOf, ViewCache } from "./list.ts";

/** The page of the list a query asks for, as the route computes it. */
function listPage(
  sorted: readonly IndexRow[],
  has: (r: IndexRow) => boolean,
  q: ListQuery,
  ctx: { now: number; locked: ReadonlySet<string>; scope: string | null },
) {
  const { rows, counts } = listMatches(sorted, has, q, ctx);
  const shown = pageOf(rows, q.page, q.limit);
  return { ...shown, codes: shown.items.map((r) => r.code), total: rows.length, counts };
}

const row = (code: string, extra: Partial<IndexRow> = {}): IndexRow => ({
  code,
  name: code,
  station: "CAI",
  role: "user",
  active: true,
  expiry: null,
  twoFactor: false,
  search: code.toLowerCase(),
  ...extra,
});

const base = { search: "", order: "asc" as const, page: 1, limit: 10 };
const ctx = { now: 0, locked: new Set<string>(), scope: null };

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

Deno.test("each filter's counts follow the search and the other filters, the page all of them", () => {
  const sorted = [
    row("A1", { role: "admin", search: "a1 nour" }),
    row("A2", { active: false, search: "a2 nour", twoFactor: true }),
    row("A3", { station: "LXR", search: "a3 nour" }),
    row("B1", { search: "b1" }),
  ];
  const page = listPage(sorted, () => true, { ...base, search: "nour", role: "user" }, {
    ...ctx,
    locked: new Set(["A2"]),
  });
  // the role counts ignore only the role filter; the others count the users (A2, A3) it leaves
  assert.deepEqual(page.counts, {
    all: 3,
    active: 1,
    inactive: 1,
    super_admin: 0,
    admin: 1,
    user: 2,
    locked: 1,
    twoFactor: 1,
    noTwoFactor: 1,
    expired: 0,
    expiring7: 0,
    expiring30: 0,
    stations: { CAI: 1, LXR: 1 },
  });
  // a station narrows the role counts; the station picker keeps every station with its count
  const cai = listPage(sorted, () => true, { ...base, search: "nour", station: "CAI" }, ctx);
  assert.deepEqual(
    [cai.counts.admin, cai.counts.user, cai.counts.stations],
    [1, 1, { CAI: 2, LXR: 1 }],
  );
  assert.deepEqual([page.codes, page.total], [["A2", "A3"], 2]);
  const withFactor = listPage(sorted, () => true, { ...base, twoFactor: "true" }, ctx);
  assert.deepEqual(withFactor.codes, ["A2"]);
  const without = listPage(sorted, () => true, { ...base, twoFactor: "false" }, ctx);
  assert.deepEqual(without.codes, ["A1", "A3", "B1"]);
  const scoped = listPage(sorted, () => true, base, {
    ...ctx,
    scope: "CAI",
  });
  assert.deepEqual(scoped.codes, ["A1", "A2", "B1"]);
  // a station admin asking for another station's users gets none
  const other = listPage(sorted, () => true, { ...base, station: "LXR" }, { ...ctx, scope: "CAI" });
  assert.deepEqual([other.codes, other.counts.all], [[], 0]);
  const paged = listPage(sorted, () => true, { ...base, limit: 3, page: 9 }, ctx);
  assert.deepEqual([paged.page, paged.pages, paged.codes], [2, 2, ["B1"]]);
});

Deno.test("a kept view is given back by its key, and the least recently used goes first", () => {
  const views = new ViewCache<number>(2);
  let made = 0;
  const make = () => ++made;
  assert.equal(views.get("a", make), 1);
  assert.equal(views.get("b", make), 2);
  assert.equal(views.get("a", make), 1);
  assert.equal(views.get("c", make), 3); // b goes: a was used after it
  assert.equal(views.get("a", make), 1);
  assert.equal(views.get("b", make), 4);
});

Deno.test("the expired filter lists exactly the users the expired count counts", () => {
  const now = 1_000 * 86_400_000;
  const day = 86_400_000;
  const sorted = [
    row("X1", { expiry: now - day }),
    row("X2", { expiry: now - 1 }),
    row("X3", { expiry: now }),
    row("X4", { expiry: now + 7 * day }),
    row("X5", { expiry: now + 8 * day }),
    row("X6", { expiry: now + 31 * day }),
    row("X7"),
  ];
  const at = { ...ctx, now };
  const expired = listPage(sorted, () => true, { ...base, expiring: "expired" }, at);
  assert.deepEqual(expired.codes, ["X1", "X2"]);
  assert.equal(expired.counts.expired, expired.total);
  const week = listPage(sorted, () => true, { ...base, expiring: "7" }, at);
  assert.deepEqual(week.codes, ["X1", "X2", "X3", "X4"]);
  assert.deepEqual(
    [week.counts.expired, week.counts.expiring7, week.counts.expiring30],
    [2, 4, 5],
  );
  // the bands are the dashboard's: its expired, 7-day and 30-day counts are these
  assert.deepEqual(
    sorted.map((r) => expiryBand(r.expiry, now)),
    ["expired", "expired", "7", "7", "30", "later", "none"],
  );
});

Deno.test("a station admin's station picker holds its own station only", () => {
  const sorted = [row("C1"), row("L1", { station: "LXR" }), row("A1", { station: "ASW" })];
  const scoped = listPage(sorted, () => true, base, { ...ctx, scope: "CAI" });
  assert.deepEqual(scoped.counts.stations, { CAI: 1 });
  const all = listPage(sorted, () => true, { ...base, role: "admin" }, ctx);
  assert.deepEqual(all.counts.stations, { CAI: 0, LXR: 0, ASW: 0 });
});
