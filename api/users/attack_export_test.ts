// Attack through exported CSV (issue finding 8): formulas in cells a spreadsheet would run.

import assert from "node:assert/strict";
import { testApi } from "../test_support.ts";

Deno.test("finding 8: every CSV the API writes neutralises cells that a spreadsheet would run", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const evil = ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tTab", "\rCR"];
    for (const [i, name] of evil.entries()) {
      const res = await api.call("POST", "/api/users", {
        employeeCode: `F${i}`,
        firstName: name,
        lastName: "X",
        department: name,
        station: "CAI",
      }, root);
      assert.equal(res.status, 201, res.json.message);
    }
    const csv = (await api.call("GET", "/api/users/export", undefined, root)).text;
    const cells = csv.split(/\r\n/).flatMap((line) => line.split(","));
    for (const cell of cells) {
      const bare = cell.startsWith('"') ? cell.slice(1) : cell;
      assert.ok(!/^[=+\-@\t\r]/.test(bare), `a cell starts with a formula character: ${cell}`);
    }
    assert.match(csv, /'=HYPERLINK/);
    assert.match(csv, /'@SUM/);
  } finally {
    api.close();
  }
});
