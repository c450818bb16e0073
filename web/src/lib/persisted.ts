// The small stores kept in localStorage (layout, preferences, password policy) go through
// zustand's persist middleware, which writes `{"state": ..., "version": 1}`. Earlier versions of
// the app wrote a bare value under the same key ("true", "8", or the object itself): that value is
// read once as version 0 and written back in the new form, so nobody's setting is lost. A stored
// value that does not read as the store's shape counts as none.

import { createJSONStorage, type PersistOptions, type StorageValue } from "zustand/middleware";

/** How a store's kept part is read: from persist's state, and from an older bare value. */
export interface KeptShape<P> {
  /** The kept part from a stored state, or null when it is not one. */
  read(state: unknown): P | null;
  /** The kept part from what an earlier version stored under the key, or null. */
  legacy(raw: string): P | null;
}

/** The stored value under `name`: persist's form, an earlier bare value (version 0), or null. */
function readStored<P>(name: string, shape: KeptShape<P>): StorageValue<P> | null {
  const raw = globalThis.localStorage?.getItem(name) ?? null;
  if (raw === null) return null;
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // an earlier bare value that is not JSON
  }
  if (typeof parsed === "object" && parsed !== null && "state" in parsed) {
    const state = shape.read(parsed.state);
    const version = (parsed as { version?: unknown }).version;
    return state === null ? null : { state, version: typeof version === "number" ? version : 1 };
  }
  const state = shape.legacy(raw);
  return state === null ? null : { state, version: 0 };
}

/** persist's options for a store kept in localStorage under `name` (its part `pick`). */
export function keptInLocalStorage<S, P>(
  name: string,
  shape: KeptShape<P>,
  pick: (state: S) => P,
): PersistOptions<S, P> {
  const json = createJSONStorage<P>(() => localStorage);
  return {
    name,
    version: 1,
    partialize: pick,
    storage: json && {
      ...json,
      getItem: (key) => {
        try {
          return readStored(key, shape);
        } catch {
          return null; // storage unavailable: the defaults hold for this page
        }
      },
    },
    // version 0 was read into the current shape already
    migrate: (persisted) => persisted as P,
  };
}
