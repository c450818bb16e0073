// Recovery codes: ten single-use codes of 10 characters from an alphabet that reads without doubt
// (about 50 bits each), shown once as XXXXX-XXXXX and stored only as their SHA-256: each is
// random enough that a fast hash is no weaker than a slow one.

import { sha256 } from "../auth/auth.ts";
import { RECOVERY_CODE_COUNT } from "../rules/two_factor.ts";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const LENGTH = 10;

/** One new code, without its dash. */
function newCode(): string {
  // 32 letters: each byte's low 5 bits are uniform
  return Array.from(crypto.getRandomValues(new Uint8Array(LENGTH)), (b) => ALPHABET[b & 31])
    .join("");
}

/** Ten new codes to show (XXXXX-XXXXX) and the hashes to keep. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const plain = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  return {
    codes: plain.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`),
    hashes: plain.map((c) => sha256(c)),
  };
}

/** The hashes left once `code` (normalised: upper case, no dash) is used, or null when it is not
 * one of them. */
export function useRecoveryCode(hashes: readonly string[], code: string): string[] | null {
  const hash = sha256(code);
  return hashes.includes(hash) ? hashes.filter((h) => h !== hash) : null;
}
