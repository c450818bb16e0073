// Ten sub-apps serve /api/users/*, and some of their paths overlap: `GET /api/users/export` is
// also `GET /api/users/:code` with the code "export". Hono answers with the first route
// registered, so an overlap answers right only while the more specific route comes first. This
// test fails when a reordering (of the areas in app.ts, or of a chain's routes) would let the
// wider route answer, so that the order is never a silent trap.

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

Deno.test("of two /api/users routes one path could reach, the more specific is registered first", async () => {
  const api = await testApi();
  try {
    const seen = new Set<string>();
    const routes = api.app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/users"))
      .map((r) => ({ method: r.method, path: r.path, parts: r.path.split("/").slice(1) }))
      // a route's validators are registered with it: its first registration is the route's place
      .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
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
