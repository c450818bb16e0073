// Attack of issue 48, finding 3 (the second round's first finding, still open): entries were
// filed under the actor's station as well as the target's, so a station admin at CAI read the
// edits a super admin of CAI made to LHR users (names, emails, phones) in the log and its export.
// A station admin sees an entry only when its target belongs to its station or it is the actor.

import assert from "node:assert/strict";
import { parseCsv } from "../rules/csv.ts";
import { stationAdmin, superAdmin, type TestApi, testApi } from "../test_support.ts";

type Entry = { actor: string; target: string; action: string };

/** Every entry of the log a caller may read with `query`, all pages. */
async function logOf(api: TestApi, token: string, query = ""): Promise<Entry[]> {
  const seen: Entry[] = [];
  for (let cursor = "";;) {
    const res = await api.call(
      "GET",
      `/api/audit?limit=200&${query}${cursor ? `&cursor=${cursor}` : ""}`,
      undefined,
      token,
    );
    assert.equal(res.status, 200, res.text);
    seen.push(...res.json.data.entries);
    cursor = res.json.data.cursor ?? "";
    if (!cursor) return seen;
  }
}

/** The export's rows (without the header) for a caller. */
async function exportOf(api: TestApi, token: string, query = "") {
  const res = await api.call("GET", `/api/audit/export?${query}`, undefined, token);
  assert.equal(res.status, 200, res.text);
  return { text: res.text, rows: (parseCsv(res.text) as string[][]).slice(1) };
}

Deno.test("attack 48/3: a CAI station admin reads none of a CAI super admin's edits of LHR users", async () => {
  const api = await testApi();
  try {
    // the super admin works at CAI, as the first super admin is created: a station the station
    // admin shares, so that filing entries under the actor's station shows
    const root = await superAdmin(api);
    const admin = await stationAdmin(api, "A1"); // CAI, does not see all stations
    await api.account("LHRU1", "user", { station: "LHR" });
    await api.account("CAIU1", "user", { station: "CAI" });
    const edit = (code: string, secret: string) =>
      api.call("PUT", `/api/users/${code}`, {
        firstName: `Secret${secret}`,
        email: `${secret.toLowerCase()}@example.com`,
        phone: `+44 20 7946 ${secret.length}000`,
      }, root);
    assert.equal((await edit("LHRU1", "Lhrname")).status, 200);
    assert.equal((await edit("CAIU1", "Cainame")).status, 200);
    // the station admin's own action on a CAI user
    const mine = await api.call("POST", "/api/users/CAIU1/unlock", {}, admin);
    assert.equal(mine.status, 200, mine.text);

    // the super admin sees both edits
    const all = await logOf(api, root, "action=user.update");
    assert.deepEqual(all.map((e) => e.target).sort(), ["CAIU1", "LHRU1"]);
    // the station admin: never the LHR user's entry, however asked
    for (const query of ["", "action=user.update", "actor=S1", "target=LHRU1", "action=user"]) {
      const seen = await logOf(api, admin, query);
      const leak = seen.filter((e) => JSON.stringify(e).match(/LHR|Lhrname/i));
      assert.deepEqual(leak, [], `log ${query || "(no filter)"}`);
      const csv = await exportOf(api, admin, query);
      assert.ok(!/LHR|Lhrname/i.test(csv.text), `export ${query || "(no filter)"}`);
    }
    // what is theirs stays: the CAI user's entries and their own actions
    const own = await logOf(api, admin);
    assert.ok(own.some((e) => e.target === "CAIU1" && e.action === "user.update"));
    assert.ok(own.some((e) => e.actor === "A1" && e.action === "user.unlock"));
    const csv = await exportOf(api, admin, "action=user.update");
    assert.deepEqual(csv.rows.map((r) => r[4]), ["CAIU1"]);
  } finally {
    api.close();
  }
});
