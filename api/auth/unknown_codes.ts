// Where the sign-in state of a code lives (issue 48 finding 11, design 5.3 and 5.6). An account's
// state has a key of its own. A code that belongs to nobody must answer exactly like an account,
// lock included, so its failures are counted too; but no state is kept per such code: an
// anonymous caller could otherwise write a record for every code it makes up. Their states share
// a table of UNKNOWN_SLOTS keys, each slot chosen by a keyed hash of the code (the key is the
// install's, random, in KV) and holding the state of one code, known by a tag of that hash, never
// by the code. Another made-up code of the same slot takes it over; the table never grows.

import { createHMAC, createSHA256, type IHasher } from "hash-wasm";
import { keys } from "../store/keys.ts";

/** Slots of the table of made-up codes' states. */
export const UNKNOWN_SLOTS = 4096;
/** How long a made-up code's state is kept after its last attempt. */
const UNKNOWN_CODE_MS = 2 * 24 * 60 * 60_000;

/** Where one code's state is read and written, and how it is stored there. */
export interface StateRef<S> {
  key: Deno.KvKey;
  /** The state in a stored value (`empty` when it holds none, or another code's). */
  read(value: unknown): S;
  /** The value that stores a state. */
  value(state: S): unknown;
  /** The write's options (the table's slots expire). */
  options?: { expireIn: number };
}

/** The keyed hasher of the table per store, made once from the install's key (it hashes in
 * place, without waiting, once made). */
const hashers = new WeakMap<Deno.Kv, Promise<IHasher>>();

async function tableKey(kv: Deno.Kv): Promise<Uint8Array> {
  const key = keys.unknownCodesKey();
  for (;;) {
    const found = await kv.get<Uint8Array>(key);
    if (found.value !== null) return found.value;
    const made = crypto.getRandomValues(new Uint8Array(32));
    // two processes may make one at once: the first written is the install's
    await kv.atomic().check(found).set(key, made).commit();
  }
}

/** The slot of a made-up code and its tag there (a keyed hash: neither tells the code). */
async function slotOf(kv: Deno.Kv, code: string): Promise<{ slot: number; tag: string }> {
  let hasher = hashers.get(kv);
  if (hasher === undefined) {
    hasher = tableKey(kv).then((key) => createHMAC(createSHA256(), key));
    hashers.set(kv, hasher);
    hasher.catch(() => hashers.delete(kv));
  }
  const digest = (await hasher).init().update(code).digest("hex");
  return { slot: parseInt(digest.slice(0, 8), 16) % UNKNOWN_SLOTS, tag: digest.slice(8, 40) };
}

/** Where the state of `code` lives: its account's key (`known`), or its slot of the table. */
export async function stateRef<S>(
  kv: Deno.Kv,
  code: string,
  known: boolean,
  accountKey: Deno.KvKey,
  empty: S,
): Promise<StateRef<S>> {
  if (known) {
    return { key: accountKey, read: (v) => (v as S | null) ?? empty, value: (s) => s };
  }
  const { slot, tag } = await slotOf(kv, code);
  return {
    key: keys.unknownCode(slot),
    read: (v) => {
      const held = v as { tag: string; state: S } | null;
      return held !== null && held.tag === tag ? held.state : empty;
    },
    // with its expiry time, which a backup restores (kv/expiry.ts)
    value: (state) => ({ tag, state, expiresAt: Date.now() + UNKNOWN_CODE_MS }),
    options: { expireIn: UNKNOWN_CODE_MS },
  };
}
