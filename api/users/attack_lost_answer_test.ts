// A write the store committed but whose answer was lost (issue 49 finding 5): Deno's remote
// client sends it again, the second try fails its own checks, and the admin was told "Employee
// code X already exists" for the account just saved. Each create and approval recognises its
// own earlier commit by the operation id stored with the record and answers as the first commit
// would have, with one audit entry. On a private KV Connect test server (faults disturb no other
// test).

import assert from "node:assert/strict";
import { engineAvailable, storeHarness } from "../kv/connect/store_harness.ts";
import { registrationBody, stationAdmin, type TestApi, testApi } from "../test_support.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";

/** Audit entries of an action (its index). */
async function audited(api: TestApi, action: string): Promise<number> {
  let n = 0;
  for await (const _ of api.kv.list({ prefix: [...keys.auditsByAction(action)] })) n++;
  return n;
}

/** No answer names the operation id. */
function noOpId(text: string) {
  assert.doesNotMatch(text, /opId/);
}

Deno.test({
  name: "a create or an approval whose answer was lost answers success, audited once",
  ignore: !engineAvailable(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const store = await storeHarness({ own: true });
    Deno.env.set("DENO_KV_ACCESS_TOKEN", store.token);
    const fresh = async () => testApi(await Deno.openKv(store.newStoreUrl()));
    try {
      await t.step("create", async () => {
        const api = await fresh();
        const admin = await stationAdmin(api);
        await store.fault({ loseAnswers: 1 });
        const res = await api.call("POST", "/api/users", {
          employeeCode: "LOST1",
          firstName: "Lost",
          lastName: "Answer",
          station: "CAI",
        }, admin);
        assert.equal(res.status, 201, res.json.message);
        assert.equal(res.json.data.employeeCode, "LOST1");
        assert.equal(typeof res.json.data.oneTimePassword, "string");
        noOpId(res.text);
        assert.equal(await audited(api, "user.create"), 1);
        const stored = (await api.kv.get<UserRecord>(keys.user("LOST1"))).value!;
        assert.equal(typeof stored.opId, "string");
        noOpId((await api.call("GET", "/api/users/LOST1", undefined, admin)).text);
        noOpId((await api.call("GET", "/api/users?limit=100", undefined, admin)).text);
        api.close();
      });

      await t.step("bulk create", async () => {
        const api = await fresh();
        const admin = await stationAdmin(api);
        await store.fault({ loseAnswers: 1 });
        const res = await api.call("POST", "/api/users/bulk", {
          users: [{ employeeCode: "LOST2", firstName: "Lost", lastName: "Two", station: "CAI" }],
        }, admin);
        assert.equal(res.status, 200);
        assert.deepEqual([res.json.data.created, res.json.data.failed], [1, 0], res.text);
        assert.equal(await audited(api, "user.create"), 1);
        api.close();
      });

      await t.step("registration approval", async () => {
        const api = await fresh();
        const admin = await stationAdmin(api);
        const sent = await api.call(
          "POST",
          "/api/users/registration-request",
          registrationBody("NEW9"),
        );
        assert.equal(sent.status, 200);
        await store.fault({ loseAnswers: 1 });
        const res = await api.call("POST", "/api/users/NEW9/approve-registration", {}, admin);
        assert.equal(res.status, 201, res.json.message);
        assert.equal(typeof res.json.data.oneTimePassword, "string");
        noOpId(res.text);
        assert.equal(await audited(api, "registration.approve"), 1);
        assert.equal((await api.kv.get(keys.request("registration", "NEW9"))).value, null);
        api.close();
      });

      await t.step("activation approval", async () => {
        const api = await fresh();
        const admin = await stationAdmin(api);
        await api.account("OFF1", "user", { isActive: false, activationStatus: "pending" });
        const sent = await api.call("POST", "/api/users/activation-request", {
          employeeCode: "OFF1",
          reason: "back from leave",
        });
        assert.equal(sent.status, 200);
        assert.notEqual((await api.kv.get(keys.request("activation", "OFF1"))).value, null);
        await store.fault({ loseAnswers: 1 });
        const res = await api.call("POST", "/api/users/OFF1/approve-activation", {}, admin);
        assert.equal(res.status, 200, res.json.message);
        assert.equal(res.json.data.isActive, true);
        noOpId(res.text);
        assert.equal(await audited(api, "activation.approve"), 1);
        api.close();
      });

      await t.step("password reset approval", async () => {
        const api = await fresh();
        const admin = await stationAdmin(api);
        await api.account("FORGOT", "user");
        const sent = await api.call("POST", "/api/users/password-reset-request", {
          employeeCode: "FORGOT",
        });
        assert.equal(sent.status, 200);
        await store.fault({ loseAnswers: 1 });
        const res = await api.call("POST", "/api/users/FORGOT/reset-password", {}, admin);
        assert.equal(res.status, 200, res.json.message);
        assert.equal(typeof res.json.data.oneTimePassword, "string");
        noOpId(res.text);
        assert.equal(await audited(api, "password.reset"), 1);
        assert.equal((await api.kv.get(keys.request("password-reset", "FORGOT"))).value, null);
        api.close();
      });

      await t.step("a sign-in page request", async () => {
        const api = await fresh();
        const admin = await stationAdmin(api);
        // the address's count, then the request with its audit entry: both answers lost
        await store.fault({ loseAnswers: 2 });
        const sent = await api.call(
          "POST",
          "/api/users/registration-request",
          registrationBody("NEW8"),
        );
        assert.equal(sent.status, 200);
        assert.equal(await audited(api, "request.registration"), 1);
        const queue = await api.call("GET", "/api/users/registration-requests", undefined, admin);
        assert.deepEqual(
          queue.json.data.requests.map((r: { employeeCode: string }) => r.employeeCode),
          [
            "NEW8",
          ],
        );
        noOpId(queue.text);
        api.close();
      });
    } finally {
      await store.stop();
    }
  },
});
