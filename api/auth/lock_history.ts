// The history of an account's locks (issue 48 finding 5): repeated locks double, but a lock-free
// day makes the next one a first lock again; the failures before a lock are counted by address,
// and the lock's audit entry says where they came from, so the audit shows who is being
// targeted.

import type { SignInState } from "../store/records.ts";
import type { Problem } from "../rules/messages.ts";

/** A lock as answered: when it ends, and the failures that lock an account now. */
export interface Locked {
  until: number;
  after: number;
}

/** A lock-free day: a lock that begins this long after the last one ended is a first lock again
 * (its doubling decays, issue 48). */
export const LOCK_DECAY_MS = 24 * 60 * 60_000;
/** Addresses a state names one by one among its failures' sources. */
const SOURCES = 5;
/** The locks in a row a new lock at `now` follows: none after a lock-free day. */
export function locksInRow(state: SignInState, now: number): number {
  const ended = state.lockedUntil;
  return ended !== null && now - ended >= LOCK_DECAY_MS ? 0 : state.lockCount;
}

/** The sources with one more failure from `address` (unknown: not counted by address). */
export function withSource(
  state: SignInState,
  address: string | undefined,
): Record<string, number> {
  const sources = { ...state.sources };
  if (address === undefined) return sources;
  const named = Object.keys(sources).filter((a) => a !== "other");
  const at = address in sources || named.length < SOURCES ? address : "other";
  sources[at] = (sources[at] ?? 0) + 1;
  return sources;
}

/** The sources as an audit summary says them: "203.0.113.7 (3), 198.51.100.2 (2)". */
export function sourcesText(sources: Record<string, number> | undefined): string {
  const list = Object.entries(sources ?? {}).sort(([, a], [, b]) => b - a);
  return list.map(([address, n]) => `${address} (${n})`).join(", ") || "no address";
}

/** An audit summary with a lock's text after it: the message with its code when there is no
 * lock, else the English text (a lock's account of its sources is data, never translated). */
export function withLock(said: Problem, lock: string): Problem | string {
  return lock === "" ? said : said.message + lock;
}

/** A lock as its audit entry tells it: which lock in a row, and where its failures came from. */
export interface LockNote {
  inRow: number;
  sources: Record<string, number>;
}

/** What a lock's audit entry says of it: how long, which in a row, and who guessed (design 5.3:
 * the audit shows who is being targeted). */
export function lockText(o: Locked & { lock?: LockNote }, now: number): string {
  if (o.lock === undefined) return "";
  const minutes = Math.round((o.until - now) / 60_000);
  return `; locked for ${minutes} min (lock ${o.lock.inRow} in a row) after failed sign-ins from ` +
    sourcesText(o.lock.sources);
}
