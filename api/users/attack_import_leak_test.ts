// Attack on the station scope through import errors (issue finding 15).

import assert from "node:assert/strict";
import { stationAdmin, testApi } from "../test_support.ts";

Deno.test("finding 15: import errors never name users of other stations", async () => {
  const api = await testApi();
  try {
    const admin = await stationAdmin(api);
    await api.account("LHRU1", "user", {
      station: "LHR",
      email: "taken@example.com",
      fullName: "Hidden Person",
    });
    const csv =
      "Employee Code,Full Name,Email,Station\r\nCAI77,Nour Adel,taken@example.com,CAI\r\n";
    const res = await api.call("POST", "/api/users/import", { csv }, admin);
    assert.equal(res.status, 400);
    const text = JSON.stringify(res.json);
    assert.match(text, /Row 2/);
    assert.doesNotMatch(text, /LHRU1|LHR|Hidden Person/);
  } finally {
    api.close();
  }
});
