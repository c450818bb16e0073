// The request store's bookkeeping: counts and the time indexes follow every add, move and
// removal, queues page newest first (a search reads a bounded part), and requests from before
// the indexes existed are indexed once at start.

import { openTestKv } from "../kv/connect/test_store.ts";
import assert from "node:assert/strict";
import {
  addRequest,
  countRequests,
  indexOldRequests,
  moveRequest,
  pageRequests,
  pendingRequest,
  removeRequest,
  SCAN_LIMIT,
} from "./store.ts";
import { keys } from "../store/keys.ts";
import type { RequestRecord } from "../store/records.ts";

const request = (code: string, station: string, minute = 0, name = code): RequestRecord => ({
  _id: code,
  kind: "activation",
  employeeCode: code,
  reason: "r",
  requestedAt: new Date(Date.UTC(2026, 10, 22, 8, minute)).toISOString(),
  userInfo: { fullName: name },
  station,
});

Deno.test("counts and the station index follow adds, moves and removals; a repeat adds nothing", async () => {
  const kv = await openTestKv();
  try {
    for (const [code, station, minute] of [["A1", "CAI", 1], ["A2", "CAI", 2], ["A3", "LHR", 3]]) {
      assert.ok(
        (await addRequest(kv.atomic(), request(`${code}`, `${station}`, +minute)).commit()).ok,
      );
    }
    assert.equal((await addRequest(kv.atomic(), request("A1", "LHR")).commit()).ok, false);
    assert.deepEqual(
      [
        await countRequests(kv, "activation"),
        await countRequests(kv, "activation", "CAI"),
        await countRequests(kv, "activation", "LHR"),
      ],
      [3, 2, 1],
    );
    const a2 = (await pendingRequest(kv, "activation", "A2"))!;
    assert.ok((await moveRequest(kv.atomic(), a2, "LHR").commit()).ok);
    const lhr = await pageRequests(kv, "activation", { station: "LHR", limit: 10 });
    assert.deepEqual(lhr.requests.map((r) => r.employeeCode), ["A3", "A2"], "newest first");
    assert.deepEqual(lhr.requests.map((r) => r.station), ["LHR", "LHR"]);
    const cai = await pageRequests(kv, "activation", { station: "CAI", limit: 10 });
    assert.deepEqual(cai.requests.map((r) => r.employeeCode), ["A1"]);
    assert.equal(lhr.cursor, null);
    const a1 = (await pendingRequest(kv, "activation", "A1"))!;
    assert.ok((await removeRequest(kv.atomic(), a1).commit()).ok);
    assert.equal((await removeRequest(kv.atomic(), a1).commit()).ok, false, "taken once only");
    assert.deepEqual(
      [
        await countRequests(kv, "activation"),
        await countRequests(kv, "activation", "CAI"),
        await countRequests(kv, "activation", "LHR"),
      ],
      [2, 0, 2],
    );
    const first = await pageRequests(kv, "activation", { limit: 1 });
    assert.deepEqual(first.requests.map((r) => r.employeeCode), ["A3"]);
    const second = await pageRequests(kv, "activation", { limit: 1, cursor: first.cursor! });
    assert.deepEqual(second.requests.map((r) => r.employeeCode), ["A2"]);
    assert.equal(second.requests[0].station, "LHR", "the every-station index follows the move");
    assert.equal(second.cursor, null);
  } finally {
    kv.close();
  }
});

Deno.test("requests stored before the index get their station, index entry and counts once", async () => {
  const kv = await openTestKv();
  try {
    await kv.set(keys.user("OLD1"), { employeeCode: "OLD1", station: "ASW" });
    const { station: _s, ...legacy } = request("OLD1", "");
    await kv.set(keys.request("activation", "OLD1"), legacy);
    await kv.set(keys.request("registration", "NEW9"), {
      ...legacy,
      kind: "registration",
      employeeCode: "NEW9",
      registration: { station: "LXR" },
    });
    await indexOldRequests(kv);
    await indexOldRequests(kv);
    assert.equal((await pendingRequest(kv, "activation", "OLD1"))!.value.station, "ASW");
    assert.deepEqual(
      [
        await countRequests(kv, "activation"),
        await countRequests(kv, "activation", "ASW"),
        await countRequests(kv, "registration", "LXR"),
      ],
      [1, 1, 1],
    );
    const page = await pageRequests(kv, "registration", { station: "LXR", limit: 10 });
    assert.deepEqual(page.requests.map((r) => r.employeeCode), ["NEW9"]);
    const all = await pageRequests(kv, "activation", { limit: 10 });
    assert.deepEqual(all.requests.map((r) => [r.employeeCode, r.station]), [["OLD1", "ASW"]]);
  } finally {
    kv.close();
  }
});

Deno.test("a search finds codes and names newest first, reading a bounded part with a cursor that goes on", async () => {
  const kv = await openTestKv();
  try {
    const add = (r: RequestRecord) => addRequest(kv.atomic(), r).commit();
    // the oldest matches, then more than one read's worth of others, then two newer matches
    await add(request("M0", "CAI", 0, "Mona Said"));
    for (let i = 0; i < SCAN_LIMIT; i++) {
      const at = new Date(Date.UTC(2026, 10, 22, 9, 0, 0, i)).toISOString();
      await add({ ...request(`X${i}`, "CAI", 0, "Other"), requestedAt: at });
    }
    const later = "2026-11-22T10:00:00.000Z";
    await add({ ...request("M1", "CAI", 0, "mona ali"), requestedAt: later });
    await add({ ...request("Q2", "LHR", 0, "Someone"), requestedAt: later });
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await pageRequests(kv, "activation", { search: "MONA", limit: 10, cursor });
      pages.push(page.requests.map((r) => r.employeeCode));
      cursor = page.cursor ?? undefined;
    } while (cursor !== undefined);
    assert.deepEqual(pages, [["M1"], ["M0"]], "the first read stops at SCAN_LIMIT entries");
    const byCode = await pageRequests(kv, "activation", { search: "q2", limit: 10 });
    assert.deepEqual(byCode.requests.map((r) => r.employeeCode), ["Q2"]);
    const none = await pageRequests(kv, "activation", { station: "LHR", search: "mona", limit: 5 });
    assert.deepEqual(none, { requests: [], cursor: null });
  } finally {
    kv.close();
  }
});
