// A worker thread of the password hash pool: argon2id off the server's event loop.

import { argon2id, argon2Verify } from "hash-wasm";

/** A job the pool sends. */
export type HashJob =
  | { id: number; kind: "hash"; password: string; salt: Uint8Array; params: ArgonParams }
  | { id: number; kind: "verify"; password: string; hash: string };

/** argon2id cost parameters. */
export interface ArgonParams {
  parallelism: number;
  iterations: number;
  memorySize: number;
  hashLength: number;
}

/** Runs one job: the encoded hash, or whether the password matches. */
export async function runJob(job: HashJob): Promise<string | boolean> {
  if (job.kind === "hash") {
    return await argon2id({
      password: job.password,
      salt: job.salt,
      ...job.params,
      outputType: "encoded",
    });
  }
  try {
    return await argon2Verify({ password: job.password, hash: job.hash });
  } catch {
    return false;
  }
}

// in a worker: answer the pool's jobs (this module is also imported, for runJob, by the pool's
// inline fallback where the runtime has no workers). The pool's first message says how long to
// wait for work; after that long with none the worker says so and ends.
const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<HashJob | { idleMs: number }>) => void) | null;
  postMessage?: (data: unknown) => void;
  close?: () => void;
  WorkerGlobalScope?: unknown;
};
if (scope.WorkerGlobalScope !== undefined && typeof scope.postMessage === "function") {
  let idleMs = Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      scope.postMessage!({ retired: true });
      scope.close!();
    }, idleMs);
  };
  scope.onmessage = async (e) => {
    const message = e.data;
    if ("idleMs" in message) {
      idleMs = message.idleMs;
      return wait();
    }
    clearTimeout(timer);
    try {
      scope.postMessage!({ id: message.id, result: await runJob(message) });
    } catch (err) {
      scope.postMessage!({
        id: message.id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
    // hash-wasm builds a new WebAssembly instance for each argon2 call and grows its memory to
    // the cost's 19 MB, which only a collection frees; this small isolate seldom collects, so
    // each sign-in left 19 MB more in the server's memory until the worker ended (the scale
    // bench's peak RSS: 265 MB, 234 with this). `npm start` exposes gc (--expose-gc); the
    // collection of this isolate, a few MB, runs after the answer is sent.
    (globalThis as { gc?: () => void }).gc?.();
    wait();
  };
}
