// When an entry written with an expiry expires, read from the entry itself (issue 49 finding 7).
// KV never tells an entry's expiry back, so a backup would restore sessions, locks, challenges
// and audit entries for ever; every value written with `expireIn` therefore carries its expiry
// time (ms since the epoch), by one rule:
//   - an object value has it in its field `expiresAt` (sessions, their index, second steps,
//     passkey challenges, trusted devices, throttle notes, unknown codes' states, audit entries);
//   - a bare number is it, under the key families in EXPIRY_VALUED (the index of locked
//     accounts, whose value is the lock's end, and the audit indexes).
// Entries written before a version kept this rule carry no expiry and are restored without one.

/** Key families (first key part) whose value is a number: the entry's expiry time. */
export const EXPIRY_VALUED: ReadonlySet<string> = new Set([
  "locked",
  "audit_actor",
  "audit_target",
  "audit_action",
  "audit_in_station",
]);

/** The expiry time (ms) an entry carries, or null when it has none. */
export function expiresAtOf(key: Deno.KvKey, value: unknown): number | null {
  if (typeof value === "number") {
    return typeof key[0] === "string" && EXPIRY_VALUED.has(key[0]) ? value : null;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const at = (value as { expiresAt?: unknown }).expiresAt;
  return typeof at === "number" && Number.isFinite(at) ? at : null;
}
