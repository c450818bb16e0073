// The list pages' answers made from each user's JSON text (store.ts publicUserJson, http.ts
// okUsers) are the very bytes `ok(c, { users: [...publicUser], ... })` answers.

import assert from "node:assert/strict";
import { Hono } from "hono";
import { ok, okUsers } from "../http.ts";
import { NO_SIGN_IN } from "../auth/signin_state.ts";
import { publicUser, publicUserJson } from "./store.ts";
import { newUserRecord } from "./users.ts";

const now = Date.parse("2026-12-01T10:00:00Z");
const user = newUserRecord(
  { employeeCode: "E00042", firstName: "Mona", lastName: 'Said "M"', station: "LXR" },
  "hash",
  now,
  "ROOT",
  { needsPasswordChange: false },
);
const locked = { ...NO_SIGN_IN, failures: 5, lockedUntil: now + 60_000, lastLogin: now - 1000 };

Deno.test("a user's JSON text is JSON.stringify of its public answer, locked or not", () => {
  for (const state of [NO_SIGN_IN, locked, { ...locked, lockedUntil: now - 1 }]) {
    // twice: the second from the text kept for the record
    for (let i = 0; i < 2; i++) {
      assert.equal(publicUserJson(user, state, now), JSON.stringify(publicUser(user, state, now)));
    }
  }
});

Deno.test("okUsers answers what ok answers, headers included", async () => {
  const users = [publicUser(user, NO_SIGN_IN, now), publicUser(user, locked, now)];
  const texts = [publicUserJson(user, NO_SIGN_IN, now), publicUserJson(user, locked, now)];
  const rest = { page: 1, pages: 3, total: 61, counts: { all: 61 }, limit: 25 };
  const app = new Hono()
    .get("/ok", (c) => ok(c, { users, ...rest }))
    .get("/text", (c) => okUsers(c, texts, rest))
    .get("/empty", (c) => okUsers(c, [], {}));
  const [a, b] = [await app.request("/ok"), await app.request("/text")];
  assert.equal(await b.text(), await a.text());
  assert.deepEqual([...b.headers], [...a.headers]);
  const empty = await (await app.request("/empty")).text();
  assert.deepEqual(JSON.parse(empty), { success: true, data: { users: [] } });
});
