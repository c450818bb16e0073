// The audit entries from before issue 48 (stations of actor and target in one list, filed under
// each): after the start-up migration a station admin sees those about its station's users, and
// none it could only see because their actor works at its station.

import { newId } from "../store/ids.ts";
import assert from "node:assert/strict";
import type { AuditEntry } from "../store/records.ts";
import { keys } from "../store/keys.ts";
import { stationAdmin, superAdmin, type TestApi, testApi } from "../test_support.ts";
import { oldTargetStations, scopeOldAuditEntries } from "./scope_migration.ts";
import { storeHarness } from "../kv/connect/store_harness.ts";

/** Writes an entry as the code before issue 48 did: `stations` and the old station index. */
async function oldEntry(
  api: TestApi,
  e: { actor: string; action: string; target: string; stations: string[]; summary: string },
) {
  const id = newId(api.clock.now);
  const entry: AuditEntry = { _id: id, at: new Date(api.clock.now).toISOString(), ...e };
  const op = api.kv.atomic().set(keys.audit(id), entry)
    .set([...keys.auditsByActor(e.actor), id], null)
    .set([...keys.auditsByTarget(e.target), id], null)
    .set([...keys.auditsByAction(e.action), id], null);
  for (const s of e.stations) op.set([...keys.auditsByStation(s), id], null);
  assert.ok((await op.commit()).ok);
  api.clock.now += 1000;
}

Deno.test("issue 48/3: old entries get their target's stations where certain, and nothing leaks", async () => {
  const api = await testApi();
  try {
    const root = await superAdmin(api);
    const admin = await stationAdmin(api, "A1");
    const entries = [
      // a CAI super admin's edit of an LHR user: the leak
      { actor: "S1", action: "user.update", target: "LHRU1", stations: ["CAI", "LHR"] },
      // a CAI admin's edit of a CAI user: one station, both the same
      { actor: "A2", action: "user.update", target: "CAIU1", stations: ["CAI"] },
      // an anonymous request about a CAI user, and a sign-in of a CAI user
      { actor: "anonymous", action: "request.activation", target: "CAIU2", stations: ["CAI"] },
      { actor: "CAIU3", action: "login.success", target: "CAIU3", stations: ["CAI"] },
      // a CAI super admin's reference edit: its one station was the actor's
      { actor: "S1", action: "reference.add", target: "ulds/AKE", stations: ["CAI"] },
      // the station admin's own edit of an LHR user (before it moved to CAI)
      { actor: "A1", action: "user.update", target: "LHRU2", stations: ["CAI", "LHR"] },
    ];
    for (const e of entries) await oldEntry(api, { ...e, summary: `old ${e.target}` });
    // a store of an earlier version: its start has not scoped the log yet
    await api.kv.delete(keys.auditScoped());
    assert.equal(await scopeOldAuditEntries(api.kv, api.clock.now), entries.length);
    // done once
    assert.equal(await scopeOldAuditEntries(api.kv, api.clock.now), 0);
    let oldKeys = 0;
    for await (const _ of api.kv.list({ prefix: ["audit_station"] })) oldKeys++;
    assert.equal(oldKeys, 0, "the old index is gone");

    const seen = async (token: string) => {
      const res = await api.call("GET", "/api/audit?limit=200", undefined, token);
      assert.equal(res.status, 200, res.text);
      return (res.json.data.entries as AuditEntry[]).map((e) => e.target)
        .filter((t) => entries.some((x) => x.target === t)).sort();
    };
    assert.deepEqual(await seen(admin), ["CAIU1", "CAIU2", "CAIU3"]);
    const own = await api.call("GET", "/api/audit?actor=A1", undefined, admin);
    assert.ok(own.json.data.entries.some((e: AuditEntry) => e.target === "LHRU2"), own.text);
    // the super admin sees them all
    assert.equal((await seen(root)).length, entries.length);
  } finally {
    api.close();
  }
});

Deno.test("issue 48/3: an old entry's target stations are told only when certain", () => {
  const e = (actor: string, action: string, target: string, stations: string[]) =>
    ({ _id: "x", at: "", summary: "", actor, action, target, stations }) as AuditEntry;
  assert.deepEqual(oldTargetStations(e("anonymous", "login.failed", "U1", ["LHR"])), ["LHR"]);
  assert.deepEqual(oldTargetStations(e("operator", "user.unlock", "U1", ["LHR", "CAI"])), [
    "LHR",
    "CAI",
  ]);
  assert.deepEqual(oldTargetStations(e("U1", "logout", "U1", ["CAI"])), ["CAI"]);
  assert.deepEqual(oldTargetStations(e("A1", "user.update", "U1", ["CAI"])), ["CAI"]);
  assert.equal(oldTargetStations(e("S1", "user.update", "U1", ["CAI", "LHR"])), null);
  assert.equal(oldTargetStations(e("S1", "settings.update", "settings", ["CAI"])), null);
  assert.equal(oldTargetStations(e("S1", "user.update", "U1", [])), null);
});

Deno.test("issue 49: 120 old entries are scoped on a denokv server, whose writes take 10 checks", async () => {
  const harness = await storeHarness();
  Deno.env.set("DENO_KV_ACCESS_TOKEN", harness.token);
  const api = await testApi(await Deno.openKv(harness.newStoreUrl()));
  try {
    for (let i = 0; i < 120; i++) {
      await oldEntry(api, {
        actor: "anonymous",
        action: "request.activation",
        target: `CAIU${i}`,
        stations: ["CAI"],
        summary: "old",
      });
    }
    await api.kv.delete(keys.auditScoped());
    assert.equal(await scopeOldAuditEntries(api.kv, api.clock.now), 120);
    assert.notEqual((await api.kv.get(keys.auditScoped())).value, null, "done, once");
    let oldKeys = 0;
    for await (const _ of api.kv.list({ prefix: ["audit_station"] })) oldKeys++;
    assert.equal(oldKeys, 0, "the old index is gone");
  } finally {
    api.close();
    await harness.stop();
  }
});
