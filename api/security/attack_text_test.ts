// Attack with look-alike texts (issue 48, low 9): direction controls that reverse how a name,
// job title or reason reads on an admin's screen, and station codes that look like CAI but are
// not its three ASCII capitals.

import assert from "node:assert/strict";
import { testApi } from "../test_support.ts";

/** The direction controls the portal refuses in texts. */
const CONTROLS = [
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200E",
  "\u200F",
];

/** A registration request from the sign-in page. */
const registration = (extra: Record<string, string> = {}) => ({
  employeeCode: "NEW1",
  firstName: "Nour",
  lastName: "Adel",
  email: "nour@example.com",
  jobTitle: "Agent",
  position: "Ramp",
  station: "CAI",
  reason: "I joined the ramp team",
  ...extra,
});

Deno.test("finding 9: direction controls are refused in names, job titles and reasons", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    for (const control of CONTROLS) {
      const cases: [string, string, Record<string, unknown>, string][] = [
        [
          "/api/users/registration-request",
          "firstName",
          registration({
            firstName: `Nour${control}`,
          }),
          "",
        ],
        [
          "/api/users/registration-request",
          "jobTitle",
          registration({
            jobTitle: `${control}tnegA`,
          }),
          "",
        ],
        [
          "/api/users/registration-request",
          "reason",
          registration({
            reason: `please ${control}evorppa`,
          }),
          "",
        ],
        ["/api/users/activation-request", "reason", {
          employeeCode: "OLD1",
          reason: `back ${control}from leave`,
        }, ""],
        ["/api/users", "lastName", {
          employeeCode: "NEW2",
          firstName: "Nour",
          lastName: `Adel${control}`,
          station: "CAI",
        }, root],
        ["/api/users", "department", {
          employeeCode: "NEW3",
          firstName: "Nour",
          lastName: "Adel",
          station: "CAI",
          department: `Ramp${control}`,
        }, root],
      ];
      for (const [path, field, body, token] of cases) {
        const res = await api.call("POST", path, body, token || undefined);
        const what = `${path} ${field} U+${control.codePointAt(0)!.toString(16)}`;
        assert.equal(res.status, 400, `${what}: ${res.status} ${res.text}`);
        assert.equal((res.json as { field?: string }).field, field, what);
        assert.match(res.json.message!, /direction control/i, what);
      }
    }
    // an edit too
    await api.account("U1", "user");
    const edit = await api.call("PUT", "/api/users/U1", { jobTitle: "Agent\u202E" }, root);
    assert.equal(edit.status, 400, edit.text);
    assert.equal((edit.json as { field?: string }).field, "jobTitle");
    // and a rejection's reason
    await api.call("POST", "/api/users/registration-request", registration({ employeeCode: "R1" }));
    const reject = await api.call(
      "POST",
      "/api/users/R1/reject-registration",
      { reason: "no\u2067 thanks" },
      root,
    );
    assert.equal(reject.status, 400, reject.text);
    // and a reference list's description
    const entry = await api.call(
      "POST",
      "/api/ffm-to-uws/ulds",
      { name: "PMC", weight: 110, description: "pallet\u202E" },
      root,
    );
    assert.equal(entry.status, 400, entry.text);
    assert.equal((entry.json as { field?: string }).field, "description");
    // nothing was written: no account NEW2/NEW3, no request of NEW1
    assert.equal((await api.kv.get(["users", "NEW2"])).value, null);
    assert.equal((await api.kv.get(["users", "NEW3"])).value, null);
    const queue = await api.call("GET", "/api/users/registration-requests", undefined, root);
    assert.doesNotMatch(queue.text, /NEW1/);
    // Arabic names and texts are still welcome
    const arabic = await api.call(
      "POST",
      "/api/users",
      { employeeCode: "NEW4", firstName: "نور", lastName: "عادل", station: "CAI" },
      root,
    );
    assert.equal(arabic.status, 201, arabic.text);
  } finally {
    api.close();
  }
});

Deno.test("finding 9: a station code is exactly three ASCII capitals", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    // full-width letters, a dotless i that upper-cases to I, Cyrillic look-alikes
    for (const station of ["ＣＡＩ", "caı", "СAI", "CA", "C4I"]) {
      const reg = await api.call(
        "POST",
        "/api/users/registration-request",
        registration({ station }),
      );
      assert.equal(reg.status, 400, `registration ${station}: ${reg.text}`);
      assert.equal((reg.json as { field?: string }).field, "station");
      const made = await api.call("POST", "/api/users", {
        employeeCode: "NEW2",
        firstName: "Nour",
        lastName: "Adel",
        station,
      }, root);
      assert.equal(made.status, 400, `create ${station}: ${made.text}`);
      assert.equal((made.json as { field?: string }).field, "station");
      await api.account("U1", "user");
      const edit = await api.call("PUT", "/api/users/U1", { station }, root);
      assert.equal(edit.status, 400, `edit ${station}: ${edit.text}`);
      const csv =
        `Employee Code,Full Name,Email,Station\r\nCSV1,Nour Adel,n@example.com,${station}\r\n`;
      const imported = await api.call("POST", "/api/users/import", { csv }, root);
      assert.equal(imported.status, 400, `import ${station}: ${imported.text}`);
      assert.match(JSON.stringify(imported.json.errors), /Row 2: Station/);
    }
    assert.equal((await api.kv.get(["users", "NEW2"])).value, null);
    assert.equal((await api.kv.get(["users", "CSV1"])).value, null);
    // a code typed in small letters is still that station
    const small = await api.call("POST", "/api/users", {
      employeeCode: "NEW5",
      firstName: "Nour",
      lastName: "Adel",
      station: "lxr",
    }, root);
    assert.equal(small.status, 201, small.text);
    assert.equal(small.json.data.station, "LXR");
  } finally {
    api.close();
  }
});

Deno.test("finding 9: the CSV import refuses direction controls in a name", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const csv = "Employee Code,Full Name,Email,Station,Job Title\r\n" +
      "CSV1,Nour \u202EledA,n@example.com,CAI,Agent\r\n" +
      "CSV2,Mona Said,m@example.com,CAI,Agent\u2066\r\n";
    const res = await api.call("POST", "/api/users/import", { csv }, root);
    assert.equal(res.status, 400, res.text);
    const errors = JSON.stringify(res.json.errors);
    assert.match(errors, /Row 2: Full Name .*direction control/);
    assert.match(errors, /Row 3: Job Title .*direction control/);
    assert.equal((await api.kv.get(["users", "CSV1"])).value, null);
  } finally {
    api.close();
  }
});
