// Passwords and session tokens (design 5.3); the lockout's numbers are settings
// (rules/password_policy.ts).

import { createSHA256 } from "hash-wasm";
import { HashPool, type JobTag } from "./hash_pool.ts";
import { SESSION_HOURS } from "../rules/sessions.ts";

/** argon2id parameters of design 5.3. */
const ARGON = { parallelism: 1, iterations: 2, memorySize: 19456, hashLength: 32 } as const;

/** Session lifetime when the setting is not given: 8 hours from creation (spec). A session's own
 * lifetime is the setting in force at its sign-in (rules/sessions.ts), kept in its record. */
export const SESSION_MS = SESSION_HOURS * 60 * 60 * 1000;

/** Worker threads of the hash pool: two, this machine's cores (argon2id is one core each). */
const POOL_WORKERS = 2;
/** Hashes that may wait for a worker; a burst beyond answers 429 (about 2 s of work). */
export const POOL_QUEUE = 64;

let pool: HashPool | null = null;

/** The process's hash pool, started on first use. */
export function hashPool(): HashPool {
  pool ??= new HashPool({ workers: POOL_WORKERS, maxQueue: POOL_QUEUE });
  return pool;
}

/** Uses another pool (tests of a small queue; a command-line tool's own). */
export function useHashPool(next: HashPool): void {
  pool?.close();
  pool = next;
}

/** An argon2id hash of the password (encoded with its salt and parameters). */
export async function hashPassword(password: string, tag: JobTag = {}): Promise<string> {
  return await hashPool().hash(password, ARGON, tag);
}

// Verifying against this costs what verifying a real hash costs, so an unknown code answers
// as slowly as a known one.
let dummyHash: Promise<string> | null = null;

/** True when the password matches the hash; with no hash (an unknown code, an account that has
 * no password yet) it still spends the same time. `tag` says whose work it is (auth/hash_pool.ts). */
export async function verifyPassword(
  password: string,
  hash: string | null,
  tag: JobTag = {},
): Promise<boolean> {
  if (hash === null || hash === "") {
    dummyHash ??= hashPassword(crypto.randomUUID(), { signIn: true });
    await hashPool().verify(password, await dummyHash, tag);
    return false;
  }
  return await hashPool().verify(password, hash, tag);
}

/** A new 256-bit session token (hex) and the SHA-256 (hex) that KV keeps instead of it. */
export function newToken(): { token: string; tokenHash: string } {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return { token, tokenHash: sha256(token) };
}

/** One SHA-256 hasher for the process: once made, it hashes without waiting. */
const hasher = await createSHA256();

/** SHA-256 of a string, hex. */
export function sha256(text: string): string {
  // hashed in place; WebCrypto's digest is an asynchronous operation, a round trip through the
  // runtime on every signed-in request (measured in-process, 20 requests at a time: a signed-in
  // request's cost went from 72 to 68 µs)
  return hasher.init().update(text).digest("hex");
}
