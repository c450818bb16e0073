// A real API process for tests and the bench: `api/main.ts` started as operators start it, on a
// port of its own choosing, with its address, process id and output at hand.

/** One running API process. */
export interface ServerProcess {
  base: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The flags `npm start` gives the server (package.json; a test keeps the two the same). The V8
 * flags keep its memory near what it uses: young objects get 8 MB semi-spaces instead of V8's
 * 16 to 32, and a 512 MB old-space limit makes V8 grow the heap by a smaller factor after each
 * full collection than it does under its default limit of several GB; the hash workers collect
 * after each argon2 call with the exposed gc (auth/hash_worker.ts) (README, "Capacity").
 */
export const START_FLAGS = [
  "--allow-net",
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--v8-flags=--max-semi-space-size=8,--max-old-space-size=512,--expose-gc",
];

/** The output kept of a process (its start's lines and the latest), in characters. */
const MAX_OUTPUT = 8 * 1024 * 1024;
const HEAD = 256 * 1024;

/** Starts api/main.ts with `env` (KV_PATH at least) on a free port; resolves once it has its
 * store and serves (with `waitReady: false`, once it listens: the API answers 503 until then). */
export async function spawnServer(
  env: Record<string, string>,
  denoArgs: readonly string[] = START_FLAGS,
  { waitReady = true }: { waitReady?: boolean } = {},
): Promise<ServerProcess> {
  const main = new URL("../main.ts", import.meta.url).pathname;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...denoArgs, main],
    env: { PORT: "0", HOSTNAME: "127.0.0.1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let text = "";
  let started = false;
  // resolved by the line the server prints once it listens, rejected if it ends before that
  const listening = Promise.withResolvers<string>();
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      // main.ts logs a line per request: under a bench's flood the start and the latest are kept
      text += chunk;
      if (text.length > MAX_OUTPUT) text = text.slice(0, HEAD) + text.slice(-(MAX_OUTPUT / 2));
      if (started) continue;
      const [, host, port] = text.match(/Staff Portal API on http:\/\/([^:]+):(\d+)/) ?? [];
      // "localhost" stands for every address (0.0.0.0); main.ts says when the store is ready
      if (port !== undefined && (!waitReady || text.includes("Staff Portal API ready"))) {
        started = true;
        listening.resolve(`http://${host === "localhost" ? "127.0.0.1" : host}:${port}`);
      }
    }
  };
  const pumped = Promise.all([pump(child.stdout), pump(child.stderr)]).then(() =>
    listening.reject(new Error(`the server ended before it listened:\n${text}`))
  );
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already ended */ }
    await child.status;
    await pumped;
  };
  // a server that neither listens nor ends within this long is stuck
  const stuck = setTimeout(
    () => listening.reject(new Error(`the server did not start:\n${text}`)),
    30_000,
  );
  try {
    const base = await listening.promise;
    return { base, pid: child.pid, output: () => text, stop };
  } catch (err) {
    await stop();
    throw err;
  } finally {
    clearTimeout(stuck);
  }
}
