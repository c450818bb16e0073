// The export takes the list's filters (issue 52, item 10): the server streams only the users the
// search and filters match, within the caller's station scope, and refuses a filter the list
// would refuse. Without a filter it exports every user in scope, as before.

import assert from "node:assert/strict";
import { parseCsv } from "../rules/csv.ts";
import { testApi } from "../test_support.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { type ExportFilter, exportLines } from "./export_stream.ts";
import { userOps } from "./ops.ts";

/** The employee codes of an export, in its order, and its header's first cell. */
function codesOf(csv: string): { header: string; codes: string[] } {
  // (the test client's text() has taken the byte order mark off)
  const [header, ...rows] = parseCsv(csv.replace(/^\ufeff/, "")) as string[][];
  return { header: header[0], codes: rows.filter((r) => r.length > 1).map((r) => r[0]) };
}

Deno.test("a filtered export has only the users the list's filters leave, in scope", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin", { canViewAllStations: true });
    await api.account("EC1", "user", { fullName: "هبة سالم" });
    await api.account("EC2", "user", { isActive: false });
    await api.account("EC3", "admin");
    await api.account("EJ1", "user", { station: "JED" });
    await api.account("EJ2", "user", { station: "JED", isActive: false });
    await api.account("EJ3", "user", {
      station: "JED",
      lockedUntil: new Date(api.clock.now + 3_600_000).toISOString(),
    });
    const jedAdmin = await api.account("AJ1", "admin", { station: "JED" });

    const exported = async (query: string, token = root) => {
      const res = await api.call("GET", `/api/users/export${query}`, undefined, token);
      assert.equal(res.status, 200, res.text);
      assert.match(res.headers.get("content-type") ?? "", /^text\/csv/);
      const { header, codes } = codesOf(res.text);
      assert.equal(header, "Employee Code");
      return codes;
    };
    // every filter of the list, alone and together, with the search
    assert.deepEqual(await exported("?search=E&isActive=false"), ["EC2", "EJ2"]);
    assert.deepEqual(await exported("?station=JED&role=user"), ["EJ1", "EJ2", "EJ3"]);
    assert.deepEqual(await exported("?role=admin"), ["AJ1", "EC3"]);
    assert.deepEqual(await exported("?locked=true"), ["EJ3"]);
    assert.deepEqual(await exported("?search=ej&isActive=true&locked=true"), ["EJ3"]);
    assert.deepEqual(await exported("?twoFactor=true"), []);
    assert.deepEqual(await exported(`?search=${encodeURIComponent("هبه")}`), ["EC1"]);
    assert.deepEqual(await exported("?search=nobody"), []);
    // no filter: every user, as before
    const all = await exported("");
    for (const code of ["S1", "EC1", "EC2", "EC3", "EJ1", "EJ2", "EJ3", "AJ1"]) {
      assert.ok(all.includes(code), code);
    }

    // a station admin: their station only, whatever the filter asks
    assert.deepEqual(await exported("", jedAdmin), ["AJ1", "EJ1", "EJ2", "EJ3"]);
    assert.deepEqual(await exported("?isActive=true", jedAdmin), ["AJ1", "EJ1", "EJ3"]);
    assert.deepEqual(await exported("?station=CAI", jedAdmin), []);
    assert.deepEqual(await exported("?search=EC", jedAdmin), []);

    // a filter the list refuses is refused here
    for (const bad of ["?role=pilot", "?isActive=yes", "?station=CAIRO", "?sort=fullName"]) {
      const res = await api.call("GET", `/api/users/export${bad}`, undefined, root);
      assert.equal(res.status, 400, `${bad}: ${res.text}`);
    }
  } finally {
    api.close();
  }
});

Deno.test("a filtered export past the read-by-code size picks the same users from the store in order", async () => {
  const api = await testApi();
  try {
    await api.account("S1", "super_admin", { canViewAllStations: true });
    const codes = Array.from({ length: 9 }, (_, i) => `EB${i}`);
    for (const [i, code] of codes.entries()) {
      await api.account(code, "user", { station: i % 3 === 0 ? "JED" : "CAI" });
    }
    await api.account("AC1", "admin", { station: "CAI" });
    const ops = userOps({ kv: api.kv, now: () => api.clock.now, secureCookies: false });
    const root = (await api.kv.get<UserRecord>(keys.user("S1"))).value!;
    const caiAdmin = (await api.kv.get<UserRecord>(keys.user("AC1"))).value!;
    const exported = async (
      actor: UserRecord,
      filter: Partial<ExportFilter>,
      byCodeMax: number,
    ) => {
      const lines = exportLines(ops, actor, api.clock.now, { search: "", ...filter }, byCodeMax);
      const text = await new Response(ReadableStream.from(lines)).text();
      return codesOf(text).codes;
    };
    for (const byCodeMax of [2, 2000]) {
      assert.deepEqual(await exported(root, { search: "eb" }, byCodeMax), codes, `${byCodeMax}`);
      assert.deepEqual(await exported(root, { station: "JED" }, byCodeMax), ["EB0", "EB3", "EB6"]);
      // the station admin's scope holds whichever way the users are read
      assert.deepEqual(
        await exported(caiAdmin, { role: "user" }, byCodeMax),
        ["EB1", "EB2", "EB4", "EB5", "EB7", "EB8"],
      );
    }
  } finally {
    api.close();
  }
});
