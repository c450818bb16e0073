// Attack of issue 48 finding 12: a registration request from the sign-in page for a free code was
// stored, one for a taken code dropped without a write, so the taken one answered sooner and its
// time told which codes exist. Both must do the same work: the same reads and one write each.
// (Their times are measured in pairs by the bench, tools/bench_pairs.ts; no test asserts a time.)

import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { registrationBody, testApi } from "../test_support.ts";
import { keys } from "../store/keys.ts";

/** The store seen through a tally of its reads and of its writes that went through. */
function tallied(kv: Deno.Kv) {
  const tally = { reads: 0, writes: 0 };
  const counted = new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "get" || prop === "getMany") {
        return (...args: unknown[]) => (tally.reads++, value.apply(target, args));
      }
      if (prop === "atomic") {
        return () => {
          const op = target.atomic();
          const commit = op.commit.bind(op);
          op.commit = async () => {
            const res = await commit();
            if (res.ok) tally.writes++;
            return res;
          };
          return op;
        };
      }
      return value.bind(target);
    },
  });
  return { kv: counted, tally };
}

const registration = registrationBody;

Deno.test("finding 12: a registration for a free code and one for a taken code do the same work", async () => {
  const api = await testApi();
  try {
    await api.account("TAKEN1", "user");
    const { kv, tally } = tallied(api.kv);
    const app = createApp({ kv, now: () => api.clock.now, secureCookies: false });
    const send = async (code: string, address: string) => {
      const before = { ...tally };
      const res = await app.request("/api/users/registration-request", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(registration(code)),
      }, { remoteAddr: { hostname: address, port: 1, transport: "tcp" } });
      const work = { reads: tally.reads - before.reads, writes: tally.writes - before.writes };
      return { status: res.status, body: await res.json(), work };
    };
    const free = await send("FREE1", "203.0.113.121");
    const taken = await send("TAKEN1", "203.0.113.122");
    assert.deepEqual([taken.status, taken.body], [free.status, free.body]);
    assert.deepEqual(taken.work, free.work, "the same reads, and one write each");
    // the free code's request is queued; the taken code's is not, and its attempt is audited
    assert.notEqual((await api.kv.get(keys.request("registration", "FREE1"))).value, null);
    assert.equal((await api.kv.get(keys.request("registration", "TAKEN1"))).value, null);
    const entries = [];
    for await (
      const e of api.kv.list<{ target: string; summary: string }>({
        prefix: keys.audits(),
      })
    ) {
      if (e.value.target === "TAKEN1") entries.push(e.value.summary);
    }
    assert.equal(entries.length, 1, entries.join(" | "));
    assert.match(entries[0], /not queued/);
  } finally {
    api.close();
  }
});
