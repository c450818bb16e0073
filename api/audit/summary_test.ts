// Audit summaries by code (issue 50): a new entry stores its code and values; an older entry,
// stored as English text only, is read back to its code by the catalogue's templates.

import assert from "node:assert/strict";
import { testApi } from "../test_support.ts";
import { keys } from "../store/keys.ts";
import { newId } from "../store/ids.ts";
import type { AuditEntry } from "../store/records.ts";
import { summaryCode } from "./summary.ts";

Deno.test("a new entry comes back with its stored code; an old English-only one with the code of its text", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("U1", "user", { station: "CAI" });
    assert.equal((await api.call("POST", "/api/users/U1/unlock", {}, root)).status, 200);
    // an entry as written before issue 50: its summary text only
    const id = newId(api.clock.now + 1);
    const old: AuditEntry = {
      _id: id,
      at: new Date(api.clock.now + 1).toISOString(),
      actor: "anonymous",
      action: "login.failed",
      target: "U1",
      summary: "unknown employee code, failed attempt 4",
    };
    await api.kv.set(keys.audit(id), old);
    const page = await api.call("GET", "/api/audit?limit=5", undefined, root);
    const [first, second] = page.json.data.entries as AuditEntry[];
    assert.deepEqual(
      { code: first.code, params: first.params, summary: first.summary },
      {
        code: "audit:unknown_code_attempt",
        params: { n: "4" },
        summary: "unknown employee code, failed attempt 4",
      },
    );
    assert.deepEqual(
      { action: second.action, code: second.code, params: second.params, summary: second.summary },
      { action: "user.unlock", code: "users:unlocked", params: {}, summary: "unlocked" },
    );
    // the stored new entry holds its code itself (not read back)
    const stored = await api.kv.get<AuditEntry>(keys.audit(second._id));
    assert.equal(stored.value?.code, "users:unlocked");
    assert.equal((await api.kv.get<AuditEntry>(keys.audit(id))).value?.code, undefined);
  } finally {
    api.close();
  }
});

Deno.test("old summaries map to the most specific template; a text of data has no code", () => {
  assert.deepEqual(summaryCode("extended 30 days"), {
    code: "users:extended_days",
    params: { days: "30" },
  });
  assert.deepEqual(summaryCode("90 days"), { code: "audit:days", params: { days: "90" } });
  assert.deepEqual(summaryCode("role admin, station CAI"), {
    code: "audit:role_station",
    params: { role: "admin", station: "CAI" },
  });
  assert.deepEqual(summaryCode("signed in"), { code: "audit:signed_in", params: {} });
  assert.equal(summaryCode("jobTitle, station"), null);
  assert.equal(summaryCode("lots of days"), null);
  // a lock's account after the attempt is data: the whole stays English
  assert.equal(summaryCode("failed attempt 5; locked for 15 min (lock 1 in a row)"), null);
});
