// The one bulk runner of the admin area: the user list's bulk bar, the expiring page's extension
// and the activation queue's Approve All all run one call per account through it, with progress,
// and read its results the same way.

import { serverText } from "../../i18n/server_text.ts";
import { errorText } from "./error_text.ts";
import type { Status } from "./status.ts";

/** One account's outcome in a bulk action: what the server said, or why it refused. */
export interface BulkResult {
  employeeCode: string;
  ok: boolean;
  /** The server's message by code (a bulk step's answer); a result made here is said already. */
  code?: string;
  params?: Record<string, string | number>;
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

/** One call of a bulk action over matching users: its outcomes, the matching users after the
 * ones it reached, and the cursor of the next call (null when none is left). */
export interface MatchingStep {
  results: BulkResult[];
  remaining: number;
  next: string | null;
}

/**
 * Runs a bulk action over every user a filter matches, one call (a hundred users) at a time
 * until the server says none is left or `stopped` holds between calls. `onProgress` hears the
 * users done and the total: those done plus those still matching.
 */
export async function runMatching(
  step: (after: string | undefined) => Promise<MatchingStep>,
  onProgress: (done: number, total: number) => void,
  stopped: () => boolean,
): Promise<{ results: BulkResult[]; stopped: boolean }> {
  const results: BulkResult[] = [];
  let after: string | undefined;
  do {
    if (stopped()) return { results, stopped: true };
    const answer = await step(after);
    results.push(...answer.results);
    onProgress(results.length, results.length + answer.remaining);
    after = answer.next ?? undefined;
  } while (after !== undefined);
  return { results, stopped: false };
}

/** The accounts that failed. */
export const failedOf = (results: readonly BulkResult[]) => results.filter((r) => !r.ok);

/** `CODE: message` for each result, the server's message in the language shown. */
export const lines = (results: readonly BulkResult[]) =>
  results.map((r) => `${r.employeeCode}: ${serverText(r)}`);

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
