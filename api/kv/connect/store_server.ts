// A KV Connect test server on the real denokv engine (issue 49). Production runs `denokv serve`
// or Deno Deploy; this is the same engine, the native add-on of the npm package `@deno/kv`
// (@deno/kv-linux-x64-gnu), behind a small front that speaks denokv's proto/kv-connect.md. The
// add-on takes and gives the data path's protobuf bytes as they travel, so the front only routes
// them, and the engine enforces denokv's own limits (10 checks, 1,000 mutations, ... per write).
//
// Several databases are served at once, one per first path segment (`http://host:port/<name>`),
// each made empty on its first metadata exchange: every test of a suite gets its own store, as
// it gets its own `:memory:` one locally.
//
// Faults on demand, for the tests of what the portal does when its store misbehaves: a stall
// (every call held), 503 answers, a lost answer (a write committed and its answer replaced by a
// 503, so that the client sends it again), down (the port closed) and a delay added to every call.

import { createRequire } from "node:module";

/** The add-on's functions the front uses (npm/napi/src/lib.rs in denokv). */
interface Engine {
  open(path: string, inMemory: boolean | undefined, debug: boolean): number;
  close(db: number, debug: boolean): void;
  snapshotRead(db: number, request: Uint8Array, debug: boolean): Promise<Uint8Array<ArrayBuffer>>;
  atomicWrite(db: number, request: Uint8Array, debug: boolean): Promise<Uint8Array<ArrayBuffer>>;
}

/** The faults in force; the control answers with them. */
export interface Faults {
  /** Every data-path call is held until this time (ms since the epoch). */
  stallUntil: number;
  /** Every call (metadata exchange included) answers 503 until this time. */
  unavailableUntil: number;
  /** The next N atomic writes are committed and answered 503, as if the answer were lost. */
  loseAnswers: number;
  /** Milliseconds added to every data-path call, as a store in another region adds them. */
  delayMs: number;
  /** The port is closed: connections are refused. */
  down: boolean;
}

/** Where the server listens and how to reach a database on it. */
export interface StoreServerOptions {
  /** The data port (0: any free one). */
  port?: number;
  hostname?: string;
  /** The bearer token clients present (DENO_KV_ACCESS_TOKEN); denokv wants 12 characters. */
  token: string;
  /** A folder for the databases' SQLite files; without it they live in memory. */
  dir?: string;
}

/** A running test server. */
export interface StoreServer {
  /** The data port (kept across down and up). */
  port: number;
  /** The store's URL for KV_PATH: `http://host:port/<name>`. */
  url(name: string): string;
  faults: Faults;
  /** Closes the data port until `up()`. */
  down(): Promise<void>;
  up(): void;
  /** Calls answered, by path kind (the tests count round trips with it). */
  counts: { reads: number; writes: number; exchanges: number };
  close(): Promise<void>;
}

const PROTOBUF = { "content-type": "application/x-protobuf" };

/** The add-on, from node_modules (Deno loads Node-API add-ons with --allow-ffi). */
function loadEngine(): Engine {
  const require = createRequire(import.meta.url);
  return require("@deno/kv-linux-x64-gnu") as Engine;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One data-path call, under the faults in force: denokv's engine takes the protobuf as sent. */
async function dataCall(
  engine: Engine,
  db: number,
  call: string | undefined,
  body: Uint8Array,
  faults: Faults,
  counts: StoreServer["counts"],
): Promise<Response> {
  while (Date.now() < faults.stallUntil) {
    await sleep(Math.min(50, faults.stallUntil - Date.now()));
  }
  if (faults.delayMs > 0) await sleep(faults.delayMs);
  try {
    if (call === "snapshot_read") {
      counts.reads++;
      return new Response(await engine.snapshotRead(db, body, false), {
        headers: PROTOBUF,
      });
    }
    if (call === "atomic_write") {
      counts.writes++;
      const answer = await engine.atomicWrite(db, body, false);
      if (faults.loseAnswers > 0) {
        faults.loseAnswers--;
        return new Response("the answer was lost", { status: 503 });
      }
      return new Response(answer, { headers: PROTOBUF });
    }
  } catch (error) {
    // the engine's refusals (TooManyChecks, ValueTooLong, ...) are the client's fault: 400,
    // with denokv's name for them first, as `denokv serve` answers
    const reason = String(error instanceof Error ? error.message : error).split("\n")[0];
    return new Response(reason, { status: 400 });
  }
  return new Response("Resource not found.", { status: 404 });
}

const NO_FAULTS: Faults = {
  stallUntil: 0,
  unavailableUntil: 0,
  loseAnswers: 0,
  delayMs: 0,
  down: false,
};

/** The metadata exchange's answer (protocol version 3): one strong endpoint under the name. */
function metadataAnswer(name: string, id: string, token: string): Response {
  return Response.json({
    version: 3,
    databaseId: id,
    endpoints: [{ url: `/${name}/v2`, consistency: "strong" }],
    token,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
}

/** The database served under `name`, opened empty the first time (a file in `dir`, or memory). */
function openDatabase(
  engine: Engine,
  databases: Map<string, { db: number; id: string }>,
  name: string,
  dir: string | undefined,
): { db: number; id: string } {
  let found = databases.get(name);
  if (!found) {
    const path = dir ? `${dir}/${name}.sqlite3` : "";
    found = { db: engine.open(path, dir === undefined, false), id: crypto.randomUUID() };
    databases.set(name, found);
  }
  return found;
}

/** Starts the front on the engine; resolves once it listens. */
export function startStoreServer(options: StoreServerOptions): StoreServer {
  if (options.token.length < 12) throw new Error("the access token needs 12 characters or more");
  const engine = loadEngine();
  const hostname = options.hostname ?? "127.0.0.1";
  const databases = new Map<string, { db: number; id: string }>();
  const faults: Faults = { ...NO_FAULTS };
  const counts = { reads: 0, writes: 0, exchanges: 0 };

  const database = (name: string) => openDatabase(engine, databases, name, options.dir);
  const authorized = (req: Request) =>
    req.headers.get("authorization") === `Bearer ${options.token}`;

  async function handle(req: Request): Promise<Response> {
    if (Date.now() < faults.unavailableUntil) {
      return new Response("The server is temporarially unavailable, try again later.", {
        status: 503,
      });
    }
    const url = new URL(req.url);
    const [, name, version, call, ...rest] = url.pathname.split("/");
    if (req.method !== "POST" || !name || !/^[\w.-]+$/.test(name) || rest.length) {
      return new Response("Resource not found.", { status: 404 });
    }
    if (!authorized(req)) return new Response("Invalid access token.", { status: 401 });
    if (version === undefined) {
      counts.exchanges++;
      const { id } = database(name);
      return metadataAnswer(name, id, options.token);
    }
    const known = databases.get(name);
    if (version !== "v2" || !known || req.headers.get("x-denokv-database-id") !== known.id) {
      return new Response("Invalid database id.", { status: 400 });
    }
    return await dataCall(
      engine,
      known.db,
      call,
      new Uint8Array(await req.arrayBuffer()),
      faults,
      counts,
    );
  }

  let port = options.port ?? 0;
  let server: Deno.HttpServer<Deno.NetAddr> | undefined;
  function listen() {
    server = Deno.serve({ port, hostname, onListen: () => {} }, handle);
    port = server.addr.port;
  }
  listen();

  return {
    get port() {
      return port;
    },
    url: (name) => `http://${hostname}:${port}/${name}`,
    faults,
    counts,
    async down() {
      faults.down = true;
      const closing = server;
      server = undefined;
      await closing?.shutdown();
    },
    up() {
      faults.down = false;
      if (!server) listen();
    },
    async close() {
      await server?.shutdown();
      server = undefined;
      for (const { db } of databases.values()) engine.close(db, false);
      databases.clear();
    },
  };
}
