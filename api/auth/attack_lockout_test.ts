// Attacks on the lockout (issue findings 2 and 10): parallel guesses, and probing which codes exist.

import assert from "node:assert/strict";
import { ADDRESS_LIMIT } from "./sign_in.ts";
import { PASSWORD, signInFrom, testApi } from "../test_support.ts";

for (const n of [5, 20, 50]) {
  Deno.test(`finding 2: ${n} parallel wrong passwords lock the account after exactly the 5th failure`, async () => {
    const api = await testApi();
    try {
      await api.account("V1", "user");
      const login = signInFrom(api);
      const answers = await Promise.all(
        Array.from({ length: n }, (_, i) => login("203.0.113.1", "V1", `wrong-${i}`)),
      );
      const count = (status: number) => answers.filter((a) => a.status === status).length;
      assert.equal(count(401), 4, JSON.stringify(answers));
      assert.equal(count(423), n - 4, JSON.stringify(answers));
      // locked: even the right password is refused now
      const right = await login("198.51.100.2", "V1", PASSWORD);
      assert.equal(right.status, 423);
      // the address counted every failure: what is left of its allowance, and no more
      for (let i = n; i < ADDRESS_LIMIT; i++) {
        const more = await login("203.0.113.1", `NOBODY${i}`, "wrong");
        assert.notEqual(more.status, 429, `failure ${i + 1} of the address`);
      }
      assert.equal((await login("203.0.113.1", "NOBODYX", "wrong")).status, 429);
      // ...but a right password from it still signs in (design 5.3, issue 22 hole 6)
      assert.equal((await login("203.0.113.1", "ROOT", PASSWORD)).status, 200);
    } finally {
      api.close();
    }
  });
}

Deno.test("finding 10: unknown codes answer exactly like real ones, lock included", async () => {
  const api = await testApi();
  try {
    await api.account("REAL1", "user");
    const login = signInFrom(api);
    const real = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login("203.0.113.3", "REAL1", `wrong-${i}`)),
    );
    const fake = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login("203.0.113.4", "FAKE1", `wrong-${i}`)),
    );
    const shape = (answers: { status: number; message?: string }[]) =>
      answers.map((a) => `${a.status} ${a.message}`).sort();
    assert.deepEqual(shape(fake), shape(real));
    assert.equal(fake.filter((a) => a.status === 423).length, 8, "the unknown code locked too");
    // one at a time, too
    const one = await login("203.0.113.5", "REAL2X", "wrong");
    await api.account("REAL2", "user");
    const two = await login("203.0.113.6", "REAL2", "wrong");
    assert.deepEqual(one, two);
  } finally {
    api.close();
  }
});
