// Attacks on the session lists and on ending one session (issue 27): a user ending someone else's
// session through their own route, a station admin reaching another station's user, one user's
// session id on another user's route, and the token's hash looked for in every answer.

import assert from "node:assert/strict";
import { sha256 } from "./auth.ts";
import { browserSignIn, CHROME, FIREFOX } from "./session_test_support.ts";
import { stationAdmin, testApi } from "../test_support.ts";

/** The id of an account's live session signed in from `address`, by the super admin's list
 * (test accounts also hold a session of their own making, with no address). */
async function idOf(
  api: Awaited<ReturnType<typeof testApi>>,
  root: string,
  code: string,
  address: string,
): Promise<string> {
  const listed = await api.call("GET", `/api/users/${code}/sessions`, undefined, root);
  assert.equal(listed.status, 200, listed.json.message);
  const found = (listed.json.data as { id: string; address: string }[])
    .find((s) => s.address === address);
  assert.ok(found, `no session of ${code} from ${address}`);
  return found.id;
}

/** How many live sessions an account has, by the super admin's list. */
async function countOf(api: Awaited<ReturnType<typeof testApi>>, root: string, code: string) {
  return (await api.call("GET", `/api/users/${code}/sessions`, undefined, root)).json.data.length;
}

Deno.test("a user cannot end another user's session through their own sessions route", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("VICT", "user");
    const mallory = await api.account("MALL", "user");
    const victim = await browserSignIn(api)("VICT", "10.0.0.7", CHROME);
    const victimId = await idOf(api, root, "VICT", "10.0.0.7");
    const tried = await api.call("DELETE", `/api/auth/sessions/${victimId}`, undefined, mallory);
    assert.equal(tried.status, 404);
    assert.equal(tried.json.message, "Session not found");
    assert.equal((await api.call("GET", "/api/auth/me", undefined, victim)).status, 200);
    // nor through the administrators' route, on the victim's account or on their own
    for (
      const path of [`/api/users/VICT/sessions/${victimId}`, `/api/users/MALL/sessions/${victimId}`]
    ) {
      assert.equal((await api.call("DELETE", path, undefined, mallory)).status, 403, path);
    }
    assert.equal(
      (await api.call("GET", "/api/users/VICT/sessions", undefined, mallory)).status,
      403,
    );
    // their own list holds their own session only
    const own = await api.call("GET", "/api/auth/sessions", undefined, mallory);
    assert.equal(own.status, 200);
    assert.equal(own.json.data.length, 1);
    assert.ok(!own.text.includes(victimId));
    // the same call on an id of their own works: the refusal above was the owner check
    const mine = await browserSignIn(api)("MALL", "10.0.0.8", FIREFOX);
    const other = (await api.call("GET", "/api/auth/sessions", undefined, mine)).json.data
      .find((s: { current: boolean; address: string }) => !s.current && s.address === "");
    const ended = await api.call("DELETE", `/api/auth/sessions/${other.id}`, undefined, mine);
    assert.equal(ended.status, 200, ended.json.message);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, mallory)).status, 401);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, victim)).status, 200);
  } finally {
    api.close();
  }
});

Deno.test("a station admin neither lists nor ends the sessions of another station's user", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    const admin = await stationAdmin(api, "A1");
    await api.account("DXB1", "user", { station: "DXB" });
    await api.account("CAI1", "user", { station: "CAI" });
    const far = await browserSignIn(api)("DXB1", "10.0.1.1", CHROME);
    const near = await browserSignIn(api)("CAI1", "10.0.1.2", CHROME);
    const farId = await idOf(api, root, "DXB1", "10.0.1.1");
    const listed = await api.call("GET", "/api/users/DXB1/sessions", undefined, admin);
    assert.equal(listed.status, 404);
    assert.ok(!listed.text.includes(farId));
    const ended = await api.call("DELETE", `/api/users/DXB1/sessions/${farId}`, undefined, admin);
    assert.equal(ended.status, 404);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, far)).status, 200);
    // the far session's id on a user of the admin's own station does not reach it either
    const across = await api.call("DELETE", `/api/users/CAI1/sessions/${farId}`, undefined, admin);
    assert.equal(across.status, 404);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, far)).status, 200);
    // in the admin's station it works
    const nearId = await idOf(api, root, "CAI1", "10.0.1.2");
    const own = await api.call("DELETE", `/api/users/CAI1/sessions/${nearId}`, undefined, admin);
    assert.equal(own.status, 200, own.json.message);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, near)).status, 401);
    const trail = await api.call(
      "GET",
      "/api/audit?target=CAI1&action=sessions.end_one",
      undefined,
      root,
    );
    assert.equal(trail.status, 200, trail.json.message);
    assert.deepEqual(
      trail.json.data.entries.map((e: { actor: string; target: string }) => [e.actor, e.target]),
      [["A1", "CAI1"]],
    );
    assert.match(trail.json.data.entries[0].summary, /Chrome 142 on Windows from 10\.0\.1\.2/);
  } finally {
    api.close();
  }
});

Deno.test("one user's session id on another user's route ends nothing", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("UONE", "user");
    await api.account("UTWO", "user");
    const one = await browserSignIn(api)("UONE", "10.0.2.1", CHROME);
    const two = await browserSignIn(api)("UTWO", "10.0.2.2", CHROME);
    const oneId = await idOf(api, root, "UONE", "10.0.2.1");
    const tried = await api.call("DELETE", `/api/users/UTWO/sessions/${oneId}`, undefined, root);
    assert.equal(tried.status, 404);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, one)).status, 200);
    assert.equal((await api.call("GET", "/api/auth/me", undefined, two)).status, 200);
    // each still has its browser's session and the one the test account began with
    assert.equal(await countOf(api, root, "UONE"), 2);
    assert.equal(await countOf(api, root, "UTWO"), 2);
  } finally {
    api.close();
  }
});

Deno.test("no answer about sessions carries a session's token or its stored hash", async () => {
  const api = await testApi();
  try {
    const root = await api.account("S1", "super_admin");
    await api.account("LEAK", "user");
    const first = await browserSignIn(api)("LEAK", "10.0.3.1", CHROME);
    const second = await browserSignIn(api)("LEAK", "10.0.3.2", FIREFOX);
    const secrets = [first, second, sha256(first), sha256(second)];
    const texts: string[] = [];
    const note = <T extends { text: string }>(r: T): T => {
      texts.push(r.text);
      return r;
    };
    note(await api.call("GET", "/api/users/LEAK/sessions", undefined, root));
    const own = note(await api.call("GET", "/api/auth/sessions", undefined, first));
    const other = own.json.data.find((s: { address: string }) => s.address === "10.0.3.2");
    note(await api.call("DELETE", `/api/auth/sessions/${other.id}`, undefined, first));
    note(await api.call("GET", "/api/auth/sessions", undefined, first));
    note(await api.call("GET", "/api/audit?target=LEAK", undefined, root));
    note(await api.call("GET", "/api/users/LEAK", undefined, root));
    // a hash given as the id is refused as no id at all
    const byHash = note(
      await api.call("DELETE", `/api/auth/sessions/${sha256(first)}`, undefined, first),
    );
    assert.equal(byHash.status, 400);
    for (const text of texts) {
      for (const secret of secrets) assert.ok(!text.includes(secret), `leaked in ${text}`);
    }
    assert.equal((await api.call("GET", "/api/auth/me", undefined, second)).status, 401);
  } finally {
    api.close();
  }
});
