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
// inline fallback where the runtime has no workers)
const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<HashJob>) => void) | null;
  postMessage?: (data: unknown) => void;
  WorkerGlobalScope?: unknown;
};
if (scope.WorkerGlobalScope !== undefined && typeof scope.postMessage === "function") {
  scope.onmessage = async (e) => {
    const job = e.data;
    try {
      scope.postMessage!({ id: job.id, result: await runJob(job) });
    } catch (err) {
      scope.postMessage!({ id: job.id, error: err instanceof Error ? err.message : String(err) });
    }
  };
}
