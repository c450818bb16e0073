// The key that keeps authenticator secrets encrypted at rest (issue 26): AES-256-GCM, the key from
// PORTAL_2FA_KEY (base64 of 32 bytes) or, for a server on a file store without it, from a key file
// beside the store, made once. A secret is stored as "v1.<iv>.<ciphertext>" (base64url).

import { isoBase64URL } from "@simplewebauthn/server/helpers";

/** The environment variable that holds the key. */
export const KEY_ENV = "PORTAL_2FA_KEY";

/** An AES-GCM key from its 32 bytes given as base64 (standard or url-safe); throws when it is not. */
export async function importSecretKey(base64: string): Promise<CryptoKey> {
  const text = base64.trim();
  const raw = isoBase64URL.isBase64(text) || isoBase64URL.isBase64URL(text)
    ? isoBase64URL.toBuffer(text, /[+/=]/.test(text) ? "base64" : "base64url")
    : new Uint8Array(0);
  if (raw.length !== 32) {
    throw new Error(`${KEY_ENV} must be 32 bytes in base64 (openssl rand -base64 32)`);
  }
  const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
  // the recovery codes' HMAC key, derived apart from the same bytes (HKDF), neither extractable
  const base = await crypto.subtle.importKey("raw", raw, "HKDF", false, ["deriveKey"]);
  macKeys.set(
    key,
    await crypto.subtle.deriveKey(
      {
        name: "HKDF",
        hash: "SHA-256",
        salt: new Uint8Array(32),
        info: new TextEncoder().encode("portal recovery codes v1"),
      },
      base,
      { name: "HMAC", hash: "SHA-256", length: 256 },
      false,
      ["sign"],
    ),
  );
  return key;
}

/** The HMAC key of recovery codes of each sealing key (made with it by importSecretKey). */
const macKeys = new WeakMap<CryptoKey, CryptoKey>();

/** A new random key, as base64 (for the key file). */
export function newSecretKeyText(): string {
  return isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)), "base64");
}

/** Encrypts a secret with the key; `bound` (the account's code) is authenticated with it, so a
 * secret copied to another account's record does not decrypt there. */
export async function seal(key: CryptoKey, secret: string, bound: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(bound) },
    key,
    new TextEncoder().encode(secret),
  );
  return `v1.${isoBase64URL.fromBuffer(iv)}.${isoBase64URL.fromBuffer(new Uint8Array(sealed))}`;
}

/** The secret `seal` encrypted, or null when it does not decrypt with this key for this account. */
export async function open(key: CryptoKey, sealed: string, bound: string): Promise<string | null> {
  const [version, iv, data] = sealed.split(".");
  if (version !== "v1" || iv === undefined || data === undefined) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      {
        name: "AES-GCM",
        iv: isoBase64URL.toBuffer(iv),
        additionalData: new TextEncoder().encode(bound),
      },
      key,
      isoBase64URL.toBuffer(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

let processKey: Promise<CryptoKey> | null = null;

/** The key that hashes recovery codes (two_factor/recovery.ts), of the same key as `keyOf`. */
export async function recoveryKeyOf(deps: { twoFactorKey?: CryptoKey }): Promise<CryptoKey> {
  const mac = macKeys.get(await keyOf(deps));
  if (mac === undefined) throw new Error(`${KEY_ENV}: a key not made by importSecretKey`);
  return mac;
}

/** The key of `deps`, or one made for this process when none is given (tests: a secret sealed
 * with it does not outlive the process). */
export function keyOf(deps: { twoFactorKey?: CryptoKey }): Promise<CryptoKey> {
  if (deps.twoFactorKey !== undefined) return Promise.resolve(deps.twoFactorKey);
  processKey ??= importSecretKey(newSecretKeyText());
  return processKey;
}
