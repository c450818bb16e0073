// Tests' handle on a KV Connect test server (store_server_main.ts): the one `npm test` started
// (TEST_KV_CONNECT, JSON of {port, controlPort, token}) or a new one started here.

import { createRequire } from "node:module";

/** What the server printed first. */
interface Address {
  port: number;
  controlPort: number;
  token: string;
}

/** A fault order (store_server_main.ts): times in ms from now. */
export interface FaultOrder {
  stallMs?: number;
  unavailableMs?: number;
  loseAnswers?: number;
  delayMs?: number;
  down?: boolean;
}

/** A KV Connect test server and its controls. */
export interface StoreHarness {
  /** The bearer token; a process opening the store needs it as DENO_KV_ACCESS_TOKEN. */
  token: string;
  /** KV_PATH of a new, empty database on the server. */
  newStoreUrl(): string;
  /** Sets faults (each field optional). */
  fault(order: FaultOrder): Promise<void>;
  /** Ends every fault. */
  reset(): Promise<void>;
  /** Calls the server has answered so far. */
  counts(): Promise<{ reads: number; writes: number; exchanges: number }>;
  /** Stops the server when this harness started it. */
  stop(): Promise<void>;
}

const decoder = new TextDecoder();

/** Reads the first line a child prints. */
async function firstLine(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  for await (const chunk of stream) {
    text += decoder.decode(chunk, { stream: true });
    const end = text.indexOf("\n");
    if (end >= 0) return text.slice(0, end);
  }
  throw new Error(`the KV Connect test server ended before it listened: ${text}`);
}

/** The module's path, for `deno run`. */
const MAIN = new URL("./store_server_main.ts", import.meta.url).pathname;

/** Starts a KV Connect test server process (data on `dir`, or in memory). */
export async function spawnStoreServer(
  dir?: string,
): Promise<{ address: Address; child: Deno.ChildProcess }> {
  const args = [
    "run",
    "--quiet",
    "--allow-net",
    "--allow-read",
    "--allow-write",
    "--allow-env",
    "--allow-ffi",
    MAIN,
  ];
  if (dir) args.push("--dir", dir);
  const child = new Deno.Command(Deno.execPath(), { args, stdout: "piped", stderr: "inherit" })
    .spawn();
  const address = JSON.parse(await firstLine(child.stdout)) as Address;
  return { address, child };
}

/** The suite's server when `npm test` started one (TEST_KV_CONNECT), else a new one. */
export async function storeHarness(
  options: { own?: boolean; dir?: string } = {},
): Promise<StoreHarness> {
  const given = Deno.env.get("TEST_KV_CONNECT");
  let child: Deno.ChildProcess | undefined;
  let address: Address;
  if (given && !options.own && !options.dir) {
    address = JSON.parse(given);
  } else {
    ({ address, child } = await spawnStoreServer(options.dir));
  }
  const control = `http://127.0.0.1:${address.controlPort}`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${control}${path}`, { method: "POST", body: JSON.stringify(body) });
    await res.body?.cancel();
  };
  return {
    token: address.token,
    newStoreUrl: () => `http://127.0.0.1:${address.port}/${crypto.randomUUID()}`,
    fault: (order) => post("/faults", order),
    reset: () => post("/reset", {}),
    counts: async () => await (await fetch(`${control}/counts`)).json(),
    async stop() {
      if (!child) return;
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

/** True when the add-on can be loaded here (Linux x64 with glibc). */
export function engineAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve("@deno/kv-linux-x64-gnu");
    return true;
  } catch {
    return false;
  }
}
