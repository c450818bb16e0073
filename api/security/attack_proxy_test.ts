// Attack from behind a proxy (issue finding 17): everyone sharing the proxy's address.

import assert from "node:assert/strict";
import { ADDRESS_LIMIT } from "../auth/sign_in.ts";
import { PASSWORD, signInFrom, testApi } from "../test_support.ts";

Deno.test("finding 17: behind a trusted proxy each caller has its own address; untrusted headers are ignored", async () => {
  const api = await testApi();
  try {
    const proxied = signInFrom(api, { trustedProxies: 1 });
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      const res = await proxied("10.0.0.1", `NOBODY${i}`, "wrong", "198.51.100.66");
      assert.equal(res.status, 401);
    }
    // the caller past the limit has its guesses refused as throttled (a right password would
    // still sign in: design 5.3)
    assert.equal((await proxied("10.0.0.1", "NOBODYX", "wrong", "198.51.100.66")).status, 429);
    // another caller through the same proxy is not throttled
    assert.equal((await proxied("10.0.0.1", "NOBODYY", "wrong", "198.51.100.77")).status, 401);
    assert.equal((await proxied("10.0.0.1", "ROOT", PASSWORD, "198.51.100.77")).status, 200);
    // a client-made header in front of the proxy's entry does not change who the caller is
    assert.equal(
      (await proxied("10.0.0.1", "NOBODYZ", "wrong", "203.0.113.250, 198.51.100.66")).status,
      429,
    );
    // without TRUSTED_PROXY the header is not read at all
    const direct = signInFrom(api);
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      await direct("192.0.2.10", `NOBODY${i}`, "wrong", `198.51.100.${i}`);
    }
    assert.equal((await direct("192.0.2.10", "NOBODYW", "wrong", "198.51.100.200")).status, 429);
  } finally {
    api.close();
  }
});
