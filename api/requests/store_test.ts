// The request store's bookkeeping: counts and the station index follow every add, move and
// removal, and requests from before they existed are indexed once at start.

import assert from "node:assert/strict";
import {
  addRequest,
  countRequests,
  indexOldRequests,
  moveRequest,
  pageRequests,
  pendingRequest,
  removeRequest,
} from "./store.ts";
import { keys, type RequestRecord } from "../store.ts";

const request = (code: string, station: string): RequestRecord => ({
  _id: code,
  kind: "activation",
  employeeCode: code,
  reason: "r",
  requestedAt: "2026-11-22T08:00:00.000Z",
  userInfo: { fullName: code },
  station,
});

Deno.test("counts and the station index follow adds, moves and removals; a repeat adds nothing", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    for (const [code, station] of [["A1", "CAI"], ["A2", "CAI"], ["A3", "LHR"]]) {
      assert.ok((await addRequest(kv.atomic(), request(code, station)).commit()).ok);
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
    const lhr = await pageRequests(kv, "activation", "LHR", 10, undefined);
    assert.deepEqual(lhr.requests.map((r) => r.employeeCode), ["A2", "A3"]);
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
    const first = await pageRequests(kv, "activation", undefined, 1, undefined);
    assert.deepEqual(first.requests.map((r) => r.employeeCode), ["A2"]);
    const second = await pageRequests(kv, "activation", undefined, 1, first.cursor!);
    assert.deepEqual(second.requests.map((r) => r.employeeCode), ["A3"]);
    assert.equal(second.cursor, null);
  } finally {
    kv.close();
  }
});

Deno.test("requests stored before the index get their station, index entry and counts once", async () => {
  const kv = await Deno.openKv(":memory:");
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
    const page = await pageRequests(kv, "registration", "LXR", 10, undefined);
    assert.deepEqual(page.requests.map((r) => r.employeeCode), ["NEW9"]);
  } finally {
    kv.close();
  }
});
