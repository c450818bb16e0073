// The floor of the API bench's mixed load on the machine it runs on: a server that answers each
// call of the mix with the real server's answer to it, made before the load starts, after the
// least any signed-in call must do (its session and user read in one snapshot and checked). A
// profile edit is answered the same way, and writes nothing. The same load generator against it
// tells how much of the mix's time is the host (HTTP, one KV read, the answers' bytes) and how
// much is the API making its answers and writing the edits.

import { type Context, Hono } from "hono";
import { sha256 } from "../auth/auth.ts";
import { sessionValid } from "../auth/sessions.ts";
import { keys, type SessionRecord, type UserRecord } from "../store.ts";

/** The mix's kinds of call (bench_client.ts), each with a path whose answer stands for them all. */
const SAMPLES = {
  list: "/api/users/paginated?page=3&limit=25",
  search: "/api/users/paginated?page=1&limit=25&search=lxr",
  detail: "/api/users/E00123",
  stats: "/api/users/stats",
  ulds: "/api/ffm-to-uws/ulds",
  dgsl: "/api/ffm-to-uws/dgsl",
  xdgsl: "/api/ffm-to-uws/xdgsl",
  lightake: "/api/ffm-to-uws/lightake",
} as const;

type Sample = keyof typeof SAMPLES;

/** The reference lists among the samples. */
const REFERENCE_LISTS: ReadonlySet<string> = new Set(["ulds", "dgsl", "xdgsl", "lightake"]);

/** The real server's answer to each sample path, read with `token`. */
async function answersOf(base: string, token: string): Promise<Record<Sample, string>> {
  const out = {} as Record<Sample, string>;
  for (const [name, path] of Object.entries(SAMPLES) as [Sample, string][]) {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`floor: ${path} answered ${res.status}`);
    out[name] = await res.text();
  }
  return out;
}

/**
 * Starts the floor server on `kv` with the answers the server at `base` gives `token`'s user.
 * Returns its address and how to stop it.
 */
export async function startFloor(kv: Deno.Kv, base: string, token: string) {
  const answers = await answersOf(base, token);
  const owners = new Map<string, string>();
  /** The answer `name` when the caller's session is valid now, else 401. */
  const answer = (name: Sample) => async (c: Context) => {
    const hash = sha256(c.req.header("authorization")?.slice("Bearer ".length) ?? "");
    let owner = owners.get(hash);
    if (owner === undefined) {
      owner = (await kv.get<SessionRecord>(keys.session(hash))).value?.employeeCode ?? "";
      owners.set(hash, owner);
    }
    const [s, u] = await kv.getMany<[SessionRecord, UserRecord]>([
      keys.session(hash),
      keys.user(owner),
    ]);
    if (s.value === null || u.value === null || !sessionValid(s.value, u.value, Date.now())) {
      return c.json({ success: false, message: "Please sign in" }, 401);
    }
    return c.body(answers[name], 200, { "content-type": "application/json" });
  };
  const app = new Hono()
    .get("/api/users/paginated", (c) => answer(c.req.query("search") ? "search" : "list")(c))
    .get("/api/users/stats", answer("stats"))
    .get("/api/users/:code", answer("detail"))
    .put("/api/users/:code", async (c) => {
      await c.req.json();
      return answer("detail")(c);
    })
    .get("/api/ffm-to-uws/:list", (c) => {
      const list = c.req.param("list");
      return REFERENCE_LISTS.has(list) ? answer(list as Sample)(c) : c.notFound();
    });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  return { base: `http://127.0.0.1:${server.addr.port}`, shutdown: () => server.shutdown() };
}
