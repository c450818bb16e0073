// Counters of events per caller and fixed time window (failed sign-ins per address, sign-in page
// requests per address). A count is a KvU64 summed in place, so parallel callers never lose an
// update to a race, and it is read after it was added to, so a burst cannot all see the count
// from before it. KV sums cannot expire, so each count deletes its caller's counter of two
// windows before: a caller keeps at most two.

import { keys } from "../store/keys.ts";

/** What a counter counts. */
export type ThrottleScope = "address" | "requests" | "passkey-options" | "address-noted";

const MINUS_ONE = (1n << 64n) - 1n; // KvU64 sums wrap around: adding this subtracts one

function windowKey(scope: ThrottleScope, id: string, now: number, windowMs: number) {
  return keys.throttle(scope, id, Math.floor(now / windowMs));
}

/** Adds one to the caller's count of this window and returns the count with it. */
export async function countOne(
  kv: Deno.Kv,
  scope: ThrottleScope,
  id: string,
  now: number,
  windowMs: number,
): Promise<number> {
  const key = windowKey(scope, id, now, windowMs);
  await kv.atomic().sum(key, 1n).delete(windowKey(scope, id, now - 2 * windowMs, windowMs))
    .commit();
  const entry = await kv.get<Deno.KvU64>(key);
  return Number(entry.value?.value ?? 0n);
}

/** Takes back one count (a sign-in that succeeded was no failure). */
export async function uncountOne(
  kv: Deno.Kv,
  scope: ThrottleScope,
  id: string,
  now: number,
  windowMs: number,
): Promise<void> {
  await kv.atomic().sum(windowKey(scope, id, now, windowMs), MINUS_ONE).commit();
}

/** Writes `note` in its own write once per caller and window (a marker key checked absent, and
 * kept for the window), so that of many callers past a limit exactly one writes it. True when
 * this call wrote it. */
export async function noteOnce(
  kv: Deno.Kv,
  scope: ThrottleScope,
  id: string,
  now: number,
  windowMs: number,
  note: (op: Deno.AtomicOperation) => void,
): Promise<boolean> {
  const key = windowKey(scope, id, now, windowMs);
  if ((await kv.get(key)).value !== null) return false;
  // the marker carries its expiry time, which a backup restores (kv/expiry.ts)
  const op = kv.atomic().check({ key, versionstamp: null }).set(
    key,
    { expiresAt: now + windowMs },
    {
      expireIn: windowMs,
    },
  );
  note(op);
  return (await op.commit()).ok;
}

/** When the caller's window ends. */
export function windowEnd(now: number, windowMs: number): number {
  return (Math.floor(now / windowMs) + 1) * windowMs;
}
