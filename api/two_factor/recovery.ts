// Recovery codes (issue 48, ASVS 15): ten single-use codes of 16 characters from an alphabet that
// reads without doubt (80 bits each), shown once as XXXX-XXXX-XXXX-XXXX. The store keeps only an
// HMAC-SHA-256 of each, keyed with the key of PORTAL_2FA_KEY (secret_box.ts) and bound to the
// account: a copy of the store alone checks no guess, and hashes moved to another account open
// nothing. Codes of earlier versions (10 characters, kept as their plain SHA-256) keep working
// until used or replaced, as their owners have them printed.

import { sha256 } from "../auth/auth.ts";
import { RECOVERY_CODE_COUNT } from "../rules/two_factor.ts";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Characters of a code: 16 of 32 letters, 80 bits. */
const LENGTH = 16;
/** Characters of a code of an earlier version. */
const OLD_LENGTH = 10;
/** The prefix of a keyed hash (stored hashes without it are an earlier version's SHA-256). */
const KEYED = "k1.";

/** One new code, without its dashes. */
function newCode(): string {
  // 32 letters: each byte's low 5 bits are uniform
  return Array.from(crypto.getRandomValues(new Uint8Array(LENGTH)), (b) => ALPHABET[b & 31])
    .join("");
}

/** The keyed hash of a code (normalised: upper case, no dash) of one account. */
async function keyedHash(key: CryptoKey, account: string, code: string): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    key,
    new TextEncoder().encode(`${account}\n${code}`),
  );
  return KEYED + Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Ten new codes of `account` to show (XXXX-XXXX-XXXX-XXXX) and the keyed hashes to keep. */
export async function newRecoveryCodes(
  key: CryptoKey,
  account: string,
): Promise<{ codes: string[]; hashes: string[] }> {
  const plain = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  return {
    codes: plain.map((c) => c.match(/.{4}/g)!.join("-")),
    hashes: await Promise.all(plain.map((c) => keyedHash(key, account, c))),
  };
}

/** The stored forms a typed code (normalised: upper case, no dash) of `account` may have: its
 * keyed hash, or for a code of an earlier version its plain SHA-256. */
export async function storedForms(key: CryptoKey, account: string, code: string) {
  return code.length === OLD_LENGTH ? [sha256(code)] : [await keyedHash(key, account, code)];
}

/** The hashes left once the code of `forms` (storedForms) is used, or null when it is not one of
 * them. */
export function useRecoveryCode(hashes: readonly string[], forms: readonly string[]) {
  const found = hashes.find((h) => forms.includes(h));
  return found === undefined ? null : hashes.filter((h) => h !== found);
}
