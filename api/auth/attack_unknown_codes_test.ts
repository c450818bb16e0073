// Attacks of issue 48 finding 11: an anonymous caller makes the server write for it. Failed
// sign-ins past the address limit must be counted, not written to the audit log one by one, and
// sign-ins of codes that belong to nobody must leave no sign-in state behind them.

import assert from "node:assert/strict";
import { ADDRESS_LIMIT } from "./sign_in.ts";
import { signInFrom, testApi } from "../test_support.ts";
import { keys } from "../store/keys.ts";

Deno.test("finding 11: failures past the address limit are counted, not audited one by one", async () => {
  const api = await testApi();
  try {
    const login = signInFrom(api);
    const past = 6;
    for (let i = 0; i < ADDRESS_LIMIT + past; i++) {
      const r = await login("203.0.113.111", `NOBODY${i}`, "wrong");
      assert.equal(r.status, i < ADDRESS_LIMIT ? 401 : 429, `failure ${i + 1}`);
    }
    const entries = [];
    for await (
      const e of api.kv.list<{ address?: string; summary: string }>({
        prefix: keys.audits(),
      })
    ) {
      if (e.value.address === "203.0.113.111") entries.push(e.value.summary);
    }
    // one entry per failure up to the limit, and one that says the rest are counted
    assert.equal(entries.length, ADDRESS_LIMIT + 1, entries.slice(-3).join(" | "));
    assert.equal(entries.filter((s) => /counted, not logged one by one/.test(s)).length, 1);
  } finally {
    api.close();
  }
});

Deno.test("finding 11: sign-ins of codes that belong to nobody keep no sign-in state", async () => {
  const api = await testApi();
  try {
    const login = signInFrom(api);
    // four wrong passwords for each of three codes: counted, none locked yet
    for (let i = 0; i < 12; i++) {
      assert.equal((await login(`198.51.100.${i}`, `GHOST${i % 3}`, "wrong")).status, 401);
    }
    const kept: string[] = [];
    for await (const e of api.kv.list({ prefix: [] })) {
      const [first] = e.key;
      // the audit log names the code tried, as it does a real one's
      if (String(first).startsWith("audit")) continue;
      if (e.key.some((part) => String(part).includes("GHOST"))) kept.push(JSON.stringify(e.key));
      if (
        JSON.stringify(e.value ?? null, (_, v) => (typeof v === "bigint" ? `${v}` : v))
          .includes("GHOST")
      ) kept.push(JSON.stringify(e.key));
    }
    assert.deepEqual(kept, []);
  } finally {
    api.close();
  }
});
