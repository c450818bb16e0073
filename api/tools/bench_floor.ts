// The floor of the API bench's mixed load on the machine it runs on: a server that answers each
// call of the mix with the real server's answer to it, made before the load starts, after the
// least any signed-in call must do (the API's own session middleware: the caller's session and
// user read in one snapshot and checked). A profile edit is answered the same way, and writes
// nothing. The same load generator against it tells how much of the mix's time is the host
// (HTTP, one KV read, the answers' bytes) and how much is the API making its answers and writing
// the edits.

import { Hono } from "hono";
import { type Env, fail, session } from "../http.ts";

/** The mix's calls of the user lists (bench_client.ts), each with a path whose answer stands for
 * them all. */
const USER_SAMPLES = {
  list: "/api/users/paginated?page=3&limit=25",
  search: "/api/users/paginated?page=1&limit=25&search=lxr",
  detail: "/api/users/E00123",
  stats: "/api/users/stats",
} as const;

/** The reference lists the mix reads. */
const REFERENCE_LISTS = ["ulds", "dgsl", "xdgsl", "lightake"] as const;

/** The real server's answer to `path`, read with `token`. */
async function answerOf(base: string, path: string, token: string): Promise<string> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`floor: ${path} answered ${res.status}`);
  return await res.text();
}

/**
 * Starts the floor server on `kv` with the answers the server at `base` gives `token`'s user.
 * Returns its address and how to stop it.
 */
export async function startFloor(kv: Deno.Kv, base: string, token: string) {
  const users = {} as Record<keyof typeof USER_SAMPLES, string>;
  for (const [name, path] of Object.entries(USER_SAMPLES)) {
    users[name as keyof typeof USER_SAMPLES] = await answerOf(base, path, token);
  }
  const lists = new Map<string, string>();
  for (const list of REFERENCE_LISTS) {
    lists.set(list, await answerOf(base, `/api/ffm-to-uws/${list}`, token));
  }
  const json = { "content-type": "application/json" };
  const app = new Hono<Env>()
    .use(session({ kv, now: Date.now, secureCookies: false }))
    .use(async (c, next) => {
      if (c.get("user") === null) return fail(c, 401, "auth:sign_in_required");
      await next();
    })
    .get(
      "/api/users/paginated",
      (c) => c.body(users[c.req.query("search") ? "search" : "list"], 200, json),
    )
    .get("/api/users/stats", (c) => c.body(users.stats, 200, json))
    .get("/api/users/:code", (c) => c.body(users.detail, 200, json))
    .put("/api/users/:code", async (c) => {
      await c.req.json();
      return c.body(users.detail, 200, json);
    })
    .get("/api/ffm-to-uws/:list", (c) => {
      const answer = lists.get(c.req.param("list"));
      return answer === undefined ? c.notFound() : c.body(answer, 200, json);
    });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  return { base: `http://127.0.0.1:${server.addr.port}`, shutdown: () => server.shutdown() };
}
