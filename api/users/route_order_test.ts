// Many sub-apps serve /api/users/*, and some of their paths overlap: `GET /api/users/export` is
// also `GET /api/users/:code` with the code "export". Hono answers with the first route
// registered, so app.ts mounts them in two parts (usersAreas): first every area whose paths
// begin with a word, at /api/users; then every area of one account, at /api/users/:code. These
// tests fail when a route breaks that construction (a word area's route that begins with a
// parameter, an account route registered among the word routes) or when any route could
// answer a path meant for a more specific one registered after it.

import assert from "node:assert/strict";
import { testApi } from "../test_support.ts";

/** Whether some path matches both patterns: as many segments, each equal or a parameter. */
function overlap(a: string[], b: string[]): boolean {
  return a.length === b.length &&
    a.every((s, i) => s === b[i] || s.startsWith(":") || b[i].startsWith(":"));
}

/** Whether `a` is the more specific of two overlapping patterns: at the first segment where
 * they differ, `a` has the fixed word and `b` the parameter. */
function moreSpecific(a: string[], b: string[]): boolean {
  const i = a.findIndex((s, j) => s !== b[j]);
  return i !== -1 && !a[i].startsWith(":") && b[i].startsWith(":");
}

/** The /api/users routes as registered, each once (its first registration: a route's validators
 * are registered with it), with the segments after /api/users. */
function usersRoutes(routes: { method: string; path: string }[]) {
  const seen = new Set<string>();
  return routes
    .filter((r) =>
      r.method !== "ALL" && (r.path === "/api/users" || r.path.startsWith("/api/users/"))
    )
    .map((r) => ({ method: r.method, path: r.path, parts: r.path.split("/").slice(1) }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

Deno.test("every /api/users route of a word comes before the first route of one account", async () => {
  const api = await testApi();
  try {
    const routes = usersRoutes(api.app.routes);
    // the segment after /api/users: a word, none (the list itself), or the account's code
    const first = (r: { parts: string[] }) => r.parts[2] ?? "";
    const accounts = routes.filter((r) => first(r).startsWith(":"));
    assert.deepEqual([...new Set(accounts.map(first))], [":code"]);
    const firstAccount = routes.indexOf(accounts[0]);
    const late = routes.slice(firstAccount).filter((r) => !first(r).startsWith(":"));
    assert.deepEqual(late.map((r) => `${r.method} ${r.path}`), []);
    // both parts are there
    assert.ok(firstAccount > 10);
    assert.ok(routes.some((r) => r.path === "/api/users/:code/sessions/:id"));
  } finally {
    api.close();
  }
});

Deno.test("of two /api/users routes one path could reach, the more specific is registered first", async () => {
  const api = await testApi();
  try {
    const routes = usersRoutes(api.app.routes);
    const traps: string[] = [];
    routes.forEach((later, i) => {
      for (const earlier of routes.slice(0, i)) {
        if (earlier.method !== later.method || !overlap(earlier.parts, later.parts)) continue;
        // the earlier must be the more specific one, or at least not the wider one
        if (moreSpecific(later.parts, earlier.parts)) {
          traps.push(`${later.method} ${later.path} is answered by ${earlier.path} first`);
        }
      }
    });
    assert.deepEqual(traps, []);
    // the test sees the overlaps it guards
    assert.ok(routes.some((r) => r.path === "/api/users/export"));
    assert.ok(routes.some((r) => r.path === "/api/users/:code" && r.method === "GET"));
  } finally {
    api.close();
  }
});
