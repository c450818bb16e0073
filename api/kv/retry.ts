// Transient errors of the KV store are retried with backoff before any request fails (issue 16).
// The local store is one SQLite file: when two processes write to it at once, a commit can throw
// "database is locked" although nothing is wrong. Such a write did nothing, so it is safe to send
// again as it was, with its checks: a check that no longer holds answers { ok: false } as usual.
// Reads of the local store do not lock (it runs in WAL mode) but are retried the same way.

import { aroundCalls } from "./around_calls.ts";
import { batchedReads } from "./batched_reads.ts";
import { isLocalFile, withOwnWriter } from "./own_writer.ts";

/** How often and how patiently a transient error is retried. */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first wait; each next one doubles, up to `maxDelayMs`, with jitter. */
  firstDelayMs: number;
  maxDelayMs: number;
}

/** About 2 s of retries in all before the error goes on (to a 500). */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 14, firstDelayMs: 2, maxDelayMs: 250 };

const TRANSIENT = /database is locked|database table is locked|database is busy|SQLITE_BUSY/i;

/** True for an error the store may not give again: a locked or busy database. */
export function isTransient(error: unknown): boolean {
  return error instanceof Error && TRANSIENT.test(error.message);
}

/** Runs `work`, again after a growing wait while it fails with a transient error. */
export async function withRetry<T>(
  work: () => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<T> {
  let delay = policy.firstDelayMs;
  for (let attempt = 1;; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= policy.attempts || !isTransient(error)) throw error;
      // full jitter: processes that collided do not collide again in step
      await new Promise((r) => setTimeout(r, Math.random() * delay + 1));
      delay = Math.min(delay * 2, policy.maxDelayMs);
    }
  }
}

const RETRIED = new Set<PropertyKey>(["get", "getMany", "set", "delete"]);

/**
 * `kv` with its reads, writes and atomic commits retried on transient errors. Everything else
 * (list, close, ...) is the store's own.
 */
export function retryingKv(kv: Deno.Kv, policy: Partial<RetryPolicy> = {}): Deno.Kv {
  const full = { ...DEFAULT_RETRY, ...policy };
  return aroundCalls(kv, RETRIED, (work) => withRetry(work, full));
}

/** Opens the store at `path` (the default store without one) with `retryingKv`. Opening is
 * retried too: a process opening the file while another writes to it can meet "database is
 * locked" (two processes starting together on a new file did, in api/tools/multi_process_test.ts).
 * With `gatherReads`, concurrent reads go to the store together (kv/batched_reads.ts), at most
 * `window` gathered calls out at once; they are
 * gathered beneath the retries, so a read waiting to be tried again holds no place among them.
 * A store file read so is written through a second handle of its own (kv/own_writer.ts), so that
 * reads do not wait behind the commits' disk writes. */
export async function openRetryingKv(
  path?: string,
  { gatherReads = false, window }: { gatherReads?: boolean; window?: number } = {},
): Promise<Deno.Kv> {
  const kv = await withRetry(() => Deno.openKv(path));
  if (!gatherReads) return retryingKv(kv);
  const reader = batchedReads(kv, { window });
  if (!isLocalFile(path)) return retryingKv(reader);
  const writer = await withRetry(() => Deno.openKv(path)).catch((err) => {
    kv.close();
    throw err;
  });
  return retryingKv(withOwnWriter(reader, writer));
}
