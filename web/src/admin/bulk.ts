// The one bulk runner of the admin area: the user list's bulk bar, the expiring page's extension
// and the activation queue's Approve All all run one call per account through it, with progress,
// and read its results the same way.

import { errorText } from "./error_text.ts";
import type { Status } from "./slices.ts";

/** One account's outcome in a bulk action: what the server said, or why it refused. */
export interface BulkResult {
  employeeCode: string;
  ok: boolean;
  message: string;
}

/** How many calls a bulk action runs at once (password hashing makes resets slow). */
export const BULK_PARALLEL = 4;

/** Runs `work` over the items, at most `limit` at a time, keeping the results in item order. */
export async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
  onDone?: (done: number) => void,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  async function runner() {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
      onDone?.(++done);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
}

/**
 * Runs `work` for each code (one failure does not stop the others) and reports how many are done.
 * `work` answers the line the account gets in the details ('activated', the server's message).
 */
export function runBulk(
  codes: readonly string[],
  work: (employeeCode: string) => Promise<string>,
  onProgress?: (done: number) => void,
): Promise<BulkResult[]> {
  return inPool(codes, BULK_PARALLEL, async (employeeCode) => {
    try {
      return { employeeCode, ok: true, message: await work(employeeCode) };
    } catch (err) {
      return { employeeCode, ok: false, message: errorText(err) };
    }
  }, onProgress);
}

/** The accounts that failed. */
export const failedOf = (results: readonly BulkResult[]) => results.filter((r) => !r.ok);

/** `CODE: message` for each result. */
export const lines = (results: readonly BulkResult[]) =>
  results.map((r) => `${r.employeeCode}: ${r.message}`);

/** Success and failure counts of a bulk action, with one line per account. */
export function tally(
  results: readonly BulkResult[],
): Required<Pick<Status, "counts" | "details">> {
  const failed = failedOf(results).length;
  return {
    counts: { succeeded: results.length - failed, failed },
    details: lines(results),
  };
}
