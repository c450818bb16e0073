// A software passkey authenticator for the API tests (test support, not used by the server): an
// ES256 key pair per credential, a "none" attestation when registering, and signed assertions,
// built as a browser's WebAuthn answers are, so that the server's WebAuthn library checks them in
// full.

import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const utf8 = (text: string) => new TextEncoder().encode(text);

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A DER ECDSA signature from WebCrypto's raw r || s. */
function der(raw: Uint8Array): Uint8Array {
  const int = (x: Uint8Array) => {
    let i = 0;
    while (i < x.length - 1 && x[i] === 0) i++;
    const v = x.slice(i);
    return v[0] & 0x80 ? concat(new Uint8Array([0]), v) : v;
  };
  const r = int(raw.slice(0, 32));
  const s = int(raw.slice(32));
  const body = concat(new Uint8Array([2, r.length]), r, new Uint8Array([2, s.length]), s);
  return concat(new Uint8Array([0x30, body.length]), body);
}

/** One credential of the authenticator. */
export interface SoftCredential {
  id: Uint8Array;
  keys: CryptoKeyPair;
  counter: number;
  userHandle: string;
}

/** Makes a credential and answers a registration's options as a browser would. */
export async function register(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  origin: string,
): Promise<{ credential: SoftCredential; response: Record<string, unknown> }> {
  const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ]) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", keys.publicKey);
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, isoBase64URL.toBuffer(jwk.x!)],
    [-3, isoBase64URL.toBuffer(jwk.y!)],
  ]);
  const id = crypto.getRandomValues(new Uint8Array(16));
  const rpIdHash = await sha256(utf8(options.rp.id ?? "localhost"));
  // flags: user present, user verified, attested credential data
  const authData = concat(
    rpIdHash,
    new Uint8Array([0x45, 0, 0, 0, 0]),
    new Uint8Array(16),
    new Uint8Array([0, id.length]),
    id,
    isoCBOR.encode(cose),
  );
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], [
      "authData",
      authData,
    ]]) as never,
  );
  const clientDataJSON = utf8(
    JSON.stringify({
      type: "webauthn.create",
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    }),
  );
  return {
    credential: { id, keys, counter: 0, userHandle: options.user.id },
    response: {
      id: b64(id),
      rawId: b64(id),
      type: "public-key",
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    },
  };
}

/** Answers a sign-in's options with a credential, as a browser would. */
export async function assert(
  credential: SoftCredential,
  options: { challenge: string; rpId?: string },
  origin: string,
): Promise<Record<string, unknown>> {
  credential.counter++;
  const rpIdHash = await sha256(utf8(options.rpId ?? "localhost"));
  const count = new Uint8Array(4);
  new DataView(count.buffer).setUint32(0, credential.counter);
  const authData = concat(rpIdHash, new Uint8Array([0x05]), count);
  const clientDataJSON = utf8(
    JSON.stringify({
      type: "webauthn.get",
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    }),
  );
  const signed = concat(authData, await sha256(clientDataJSON));
  const raw = new Uint8Array(
    await crypto.subtle.sign(
      { name: "ECDSA", hash: "SHA-256" },
      credential.keys.privateKey,
      signed as BufferSource,
    ),
  );
  return {
    id: b64(credential.id),
    rawId: b64(credential.id),
    type: "public-key",
    response: {
      clientDataJSON: b64(clientDataJSON),
      authenticatorData: b64(authData),
      signature: b64(der(raw)),
      userHandle: credential.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}
