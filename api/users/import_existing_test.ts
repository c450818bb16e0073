// A CSV import that names accounts that exist (issue 52 item 7): the dry run names each such row
// with the fields it would change, and the save overwrites them or, when the admin chose so,
// leaves them as they are.

import assert from "node:assert/strict";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { stationAdmin, superAdmin, testApi } from "../test_support.ts";

const HEADER = "Employee Code,Full Name,Email,Station\r\n";
const CSV = `${HEADER}CAI10,Nour Adel,nour.new@example.com,CAI\r\n` +
  `CAI11,Same Person,same@example.com,CAI\r\n` +
  `CAI12,New Person,new@example.com,CAI\r\n`;

Deno.test("the dry run names each row that rewrites an account, with its changes", async () => {
  const api = await testApi();
  try {
    const admin = await stationAdmin(api);
    await api.account("CAI10", "user", {
      station: "CAI",
      email: "nour@example.com",
      fullName: "Nour Old",
      firstName: "Nour",
      lastName: "Old",
    });
    await api.account("CAI11", "user", {
      station: "CAI",
      email: "same@example.com",
      fullName: "Same Person",
      firstName: "Same",
      lastName: "Person",
    });
    const res = await api.call("POST", "/api/users/import?dryRun=true", { csv: CSV }, admin);
    assert.equal(res.status, 200, res.text);
    const data = res.json.data;
    assert.equal(data.created, 1);
    assert.equal(data.updated, 2);
    assert.deepEqual(data.existing, [
      {
        row: 2,
        employeeCode: "CAI10",
        // the audited fields, in the audit's order (the full name follows the first and last)
        changes: [
          { field: "lastName", from: "Old", to: "Adel" },
          { field: "email", from: "nour@example.com", to: "nour.new@example.com" },
        ],
      },
      { row: 3, employeeCode: "CAI11", changes: [] },
    ]);
  } finally {
    api.close();
  }
});

Deno.test("a save that skips existing accounts leaves them as they were and says so", async () => {
  const api = await testApi();
  try {
    const admin = await superAdmin(api);
    await api.account("CAI10", "user", {
      station: "CAI",
      email: "nour@example.com",
      fullName: "Nour Old",
      firstName: "Nour",
      lastName: "Old",
    });
    const before = await api.kv.get<UserRecord>(keys.user("CAI10"));
    const res = await api.call("POST", "/api/users/import?existing=skip", { csv: CSV }, admin);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.data.created, 2);
    assert.equal(res.json.data.updated, 0);
    assert.equal(res.json.data.skipped, 1);
    assert.equal(
      res.json.data.message,
      "Import completed: 2 created, 1 existing accounts skipped, 0 errors",
    );
    const after = await api.kv.get<UserRecord>(keys.user("CAI10"));
    assert.equal(after.versionstamp, before.versionstamp);
    assert.equal(after.value?.email, "nour@example.com");
    assert.notEqual((await api.kv.get(keys.user("CAI12"))).value, null);
  } finally {
    api.close();
  }
});

Deno.test("a save that overwrites rewrites them, as the spec's import does", async () => {
  const api = await testApi();
  try {
    const admin = await superAdmin(api);
    await api.account("CAI10", "user", { station: "CAI", email: "nour@example.com" });
    for (const query of ["?existing=overwrite", ""]) {
      const res = await api.call("POST", `/api/users/import${query}`, { csv: CSV }, admin);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.data.skipped, 0);
      const after = await api.kv.get<UserRecord>(keys.user("CAI10"));
      assert.equal(after.value?.email, "nour.new@example.com");
    }
  } finally {
    api.close();
  }
});

Deno.test("an unknown choice for existing accounts is refused", async () => {
  const api = await testApi();
  try {
    const admin = await superAdmin(api);
    const res = await api.call("POST", "/api/users/import?existing=merge", { csv: CSV }, admin);
    assert.equal(res.status, 400);
    assert.equal((await api.kv.get(keys.user("CAI12"))).value, null);
  } finally {
    api.close();
  }
});
