// Attacks through the CSV import's dry run (issue 27 item 7): the preview's server check must
// write nothing, keep the station scope, and name no account of another station; and it must
// refuse exactly the rows the save refuses, so the preview never says "Errors 0" for a file the
// save then refuses.

import assert from "node:assert/strict";
import { stationAdmin, type TestApi, testApi } from "../test_support.ts";

const HEADER = "Employee Code,Full Name,Email,Station\r\n";

/** Every key of the store with its versionstamp: any write shows. */
async function snapshot(kv: Deno.Kv): Promise<string> {
  const out: string[] = [];
  for await (const e of kv.list({ prefix: [] })) {
    out.push(`${JSON.stringify(e.key)}@${e.versionstamp}`);
  }
  return out.join("\n");
}

const dryRun = (api: TestApi, csv: string, token: string) =>
  api.call("POST", "/api/users/import?dryRun=true", { csv }, token);
const save = (api: TestApi, csv: string, token: string) =>
  api.call("POST", "/api/users/import", { csv }, token);

Deno.test("attack: a station admin's dry run of other stations' rows writes nothing and names no one", async () => {
  const api = await testApi();
  try {
    const admin = await stationAdmin(api);
    await api.account("LHRU1", "user", {
      station: "LHR",
      email: "taken@example.com",
      fullName: "Hidden Person",
    });
    const csv = `${HEADER}CAI77,Nour Adel,taken@example.com,CAI\r\n` +
      `LHRU1,Moved Person,moved@example.com,CAI\r\n` +
      `DXB01,Outside Person,outside@example.com,DXB\r\n` +
      `CAI78,Fine Person,fine@example.com,CAI\r\n`;
    const before = await snapshot(api.kv);
    const res = await dryRun(api, csv, admin);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.data.errors, [{
      row: 4,
      code: "import:outside_station",
      params: { station: "DXB", own: "CAI" },
      message: "Row 4: Station DXB is outside your station (CAI)",
    }]);
    // the scope error is the shared rules' (no store read): with it fixed, the store's errors
    const fixed = csv.replace(",DXB\r\n", ",CAI\r\n");
    const store = await dryRun(api, fixed, admin);
    assert.equal(store.status, 200, store.text);
    // the rows of existing accounts (issue 52 item 7) name none of another station's
    assert.deepEqual(store.json.data.existing, []);
    assert.deepEqual(store.json.data.errors, [
      {
        row: 2,
        code: "users:email_taken",
        params: { email: "taken@example.com" },
        message: "Row 2: Email taken@example.com is already used by another account",
      },
      {
        row: 3,
        code: "import:code_used",
        params: { code: "LHRU1" },
        message: "Row 3: Employee code LHRU1 is already used by another account",
      },
    ]);
    assert.doesNotMatch(JSON.stringify(store.json), /LHR\b|Hidden Person/);
    assert.equal(await snapshot(api.kv), before, "a dry run writes nothing");

    // a clean file: the counts of what a save would do, and still nothing written
    const clean =
      `${HEADER}CAI78,Fine Person,fine@example.com,CAI\r\nA1,Me Myself,a1@example.com,CAI\r\n`;
    const plan = await dryRun(api, clean, admin);
    assert.equal(plan.status, 200, plan.text);
    assert.equal(plan.json.data.errors.length, 1, "the importer's own account is refused");
    const ok = await dryRun(api, `${HEADER}CAI78,Fine Person,fine@example.com,cai\r\n`, admin);
    assert.deepEqual(ok.json.data, {
      dryRun: true,
      errors: [],
      warnings: [{
        row: 2,
        code: "import:job_title_missing",
        params: {},
        message: "Row 2: Job Title is missing; 'Employee' is used",
      }],
      created: 1,
      updated: 0,
      existing: [],
      code: "import:ready",
      params: { created: 1, updated: 0 },
      message: "Ready to save: 1 to create, 0 to update",
    });
    assert.equal(await snapshot(api.kv), before, "a dry run writes nothing");
    assert.equal((await api.call("GET", "/api/users/CAI78", undefined, admin)).status, 404);
  } finally {
    api.close();
  }
});

Deno.test("the dry run refuses exactly the rows the save refuses", async () => {
  const api = await testApi();
  try {
    const admin = await stationAdmin(api);
    await api.account("SA1", "super_admin", { station: "CAI", email: "sa1@example.com" });
    await api.account("LHRU2", "user", { station: "LHR", email: "lhr2@example.com" });
    const files = [
      `${HEADER}X1,Ok Name,x1@example.com,CAI\r\nX2,Other,x2@example.com,JED\r\n`,
      `${HEADER}SA1,Super Edit,sa1@example.com,CAI\r\n`,
      `${HEADER}X3,Taken Mail,lhr2@example.com,CAI\r\nX4,Bad Mail,bad.example.com,CAI\r\n`,
      `${HEADER}X5,Twice,x5@example.com,CAI\r\nX5,Again,x6@example.com,CAI\r\n`,
      `${HEADER}A1,Own Account,a1@example.com,CAI\r\n`,
    ];
    for (const csv of files) {
      const preview = await dryRun(api, csv, admin);
      const saved = await save(api, csv, admin);
      assert.equal(preview.status, 200, preview.text);
      assert.equal(saved.status, 400, saved.text);
      assert.ok(preview.json.data.errors.length > 0, csv);
      assert.deepEqual(preview.json.data.errors, saved.json.errors, csv);
    }
    // a file both accept: the dry run's counts are what the save then does
    const good = `${HEADER}X7,Seven,x7@example.com,CAI\r\nLHRU2X,Eight,x8@example.com,CAI\r\n`;
    const preview = await dryRun(api, good, admin);
    const saved = await save(api, good, admin);
    assert.deepEqual(preview.json.data.errors, []);
    assert.equal(saved.status, 200, saved.text);
    assert.equal(preview.json.data.created, saved.json.data.created);
    assert.equal(preview.json.data.updated, saved.json.data.updated);
  } finally {
    api.close();
  }
});

Deno.test("the dry run's query is validated: an unknown value is a 400, nothing written", async () => {
  const api = await testApi();
  try {
    const admin = await stationAdmin(api);
    const before = await snapshot(api.kv);
    const csv = `${HEADER}Q1,Query Person,q1@example.com,CAI\r\n`;
    for (const q of ["?dryRun=yes", "?dryRun=true&extra=1", "?dryrun=true"]) {
      const res = await api.call("POST", `/api/users/import${q}`, { csv }, admin);
      assert.equal(res.status, 400, `${q}: ${res.text}`);
      assert.ok(res.json.message);
    }
    assert.equal(await snapshot(api.kv), before);
  } finally {
    api.close();
  }
});
