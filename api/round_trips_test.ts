// The common signed-in requests wait for at most two KV round trips one after another (issue 49,
// Build 7): on Deploy a strong read from another region takes about 90 ms, so each trip in a row
// is 90 ms of the answer. The store here holds every call a few ms (kv/trip_counter.ts) and the
// test counts the chain, never the time. The app runs as main.ts runs it on a denokv server
// (reads gathered, kv/batched_reads.ts; remoteStore), and each request is counted once the process
// has served one of its kind (a cold process reads the whole index once).

import assert from "node:assert/strict";
import { createApp } from "./app.ts";
import { TOUCH_MS } from "./auth/sessions.ts";
import { batchedReads } from "./kv/batched_reads.ts";
import { tripCounter } from "./kv/trip_counter.ts";
import { PASSWORD, superAdmin, testApi } from "./test_support.ts";

/** The requests of issue 49's list, each as a second one of its kind (a new page, another user). */
const REQUESTS: [string, string, string][] = [
  ["a list page", "/api/users/paginated?page=1&limit=10", "/api/users/paginated?page=2&limit=10"],
  [
    "a search of the list",
    "/api/users/paginated?search=u1",
    "/api/users/paginated?search=u2&sort=fullName",
  ],
  ["a user's detail", "/api/users/U01", "/api/users/U07"],
  ["the statistics", "/api/users/stats", "/api/users/stats"],
  ["a reference list", "/api/ffm-to-uws/ulds", "/api/ffm-to-uws/dgsl"],
  ["the caller's own account", "/api/auth/me", "/api/auth/me"],
  ["the expiring passwords", "/api/users/expiring?days=30", "/api/users/expiring?days=all"],
];

async function setUp() {
  const api = await testApi();
  const token = await superAdmin(api);
  for (let i = 1; i <= 25; i++) {
    await api.account(`U${String(i).padStart(2, "0")}`, "user", { station: i % 2 ? "CAI" : "DXB" });
  }
  const counter = tripCounter(api.kv, 5);
  const app = createApp({
    kv: batchedReads(counter.kv),
    now: () => api.clock.now,
    secureCookies: false,
    remoteStore: true,
  });
  const get = async (path: string) => {
    const res = await app.request(path, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    assert.equal(res.status, 200, `${path}: ${text}`);
    return text;
  };
  /** The round trips in a row of one request. */
  const depth = async (path: string) => {
    counter.reset();
    const text = await get(path);
    return { depth: counter.depth(), trips: counter.trips(), text };
  };
  return { api, get, depth };
}

for (const [what, first, second] of REQUESTS) {
  Deno.test(`${what} waits for at most two KV round trips in a row`, async () => {
    const { api, get, depth } = await setUp();
    try {
      await get(first);
      const seen = await depth(second);
      assert.ok(seen.depth <= 2, `${second}: ${seen.depth} in a row\n${seen.trips.join("\n")}`);
    } finally {
      api.close();
    }
  });
}

Deno.test("a session's last use, written once a minute, adds no round trip in a row", async () => {
  const { api, get, depth } = await setUp();
  try {
    await get("/api/users/U01");
    api.clock.now += TOUCH_MS + 1000;
    const seen = await depth("/api/users/U02");
    assert.ok(seen.depth <= 2, `${seen.depth} in a row\n${seen.trips.join("\n")}`);
    assert.ok(seen.trips.includes("commit"), "the last use is written");
  } finally {
    api.close();
  }
});

Deno.test("a list page after a sign-in elsewhere waits for at most two KV round trips in a row", async () => {
  const { api, get, depth } = await setUp();
  try {
    const page = "/api/users/paginated?page=1&limit=10&sort=employeeCode";
    await get(page);
    // another process: a wrong password for U03, shown on the page
    const other = createApp({ kv: api.kv, now: () => api.clock.now, secureCookies: false });
    const login = await other.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ employeeCode: "U03", password: `${PASSWORD}x` }),
    });
    assert.equal(login.status, 401);
    const seen = await depth(page);
    assert.ok(seen.depth <= 2, `${seen.depth} in a row\n${seen.trips.join("\n")}`);
    const row = JSON.parse(seen.text).data.users.find((u: { employeeCode: string }) =>
      u.employeeCode === "U03"
    );
    assert.equal(row.loginAttempts, 1);
  } finally {
    api.close();
  }
});
