// Attack on the audit log's trust (issue finding 16): anonymous free text posing as an entry.

import assert from "node:assert/strict";
import { testApi } from "../test_support.ts";

Deno.test("finding 16: free text of anonymous callers cannot pass for another audit entry", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("ROOTX", "user", { isActive: false });
    const forged = "signed in\nlogin.success ROOT ROOT signed in";
    const res = await api.call("POST", "/api/users/activation-request", {
      employeeCode: "ROOTX",
      reason: forged,
    });
    assert.equal(res.status, 200);
    const log = await api.call("GET", "/api/audit?action=request.activation", undefined, root);
    const entry = log.json.data.entries.find((e: { target: string }) => e.target === "ROOTX");
    assert.ok(entry, JSON.stringify(log.json));
    // who sent it is not known: the actor is never the code the caller typed
    assert.equal(entry.actor, "anonymous");
    // the caller's words are data in a field of their own, never the server's summary
    assert.ok(!entry.summary.includes("login.success"), entry.summary);
    assert.equal(typeof entry.detail, "string");
    assert.ok(!/[\r\n]/.test(entry.detail), "control characters are removed");
    // a failed sign-in with a made-up code is anonymous too
    await api.call("POST", "/api/auth/login", { employeeCode: "S1", password: "wrong" });
    const failures = await api.call("GET", "/api/audit?action=login.failed", undefined, root);
    for (const e of failures.json.data.entries) assert.equal(e.actor, "anonymous");
  } finally {
    api.close();
  }
});
