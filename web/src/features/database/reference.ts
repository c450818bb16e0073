// Reference lists for the converter (ULD tares, DGSL, XDGSL, Light AKE) and the UWS routing lines:
// read from the API and kept in IndexedDB, so that offline the converter works from the last lists
// it saw; with neither, the engine's built-in lists are used.

import { get as idbGet, set as idbSet } from "idb-keyval";
import { create } from "zustand";
import type { ConvertOptions } from "../../../../engine/types.ts";
import type { ReferenceEntry, ReferenceList } from "../../../../api/store/records.ts";
import type { EngineApi } from "../../../../engine/engine_api.ts";
import { api, unwrap } from "../../lib/api/client.ts";
import { engine, supersede } from "../../lib/engine/bridge.ts";
import { useSharedSettings } from "../shell/shared.ts";

/** Where the lists in use come from. */
export type ReferenceSource = "server" | "cache" | "built-in";

/** The options every conversion gets: lists and routing lines (empty means the built-in lists). */
export type ReferenceOptions = Pick<
  ConvertOptions,
  "uldWeights" | "dgslCodes" | "xdgslCodes" | "lightAke" | "routing"
>;

const CACHE_KEY = "reference-lists";

/** The lists as the engine fills them in: every list present. */
export type CompleteLists = ReturnType<EngineApi["referenceLists"]>;

/** Reference state. */
export interface ReferenceState {
  options: ReferenceOptions;
  source: ReferenceSource | null;
  /** The server's entries; null when the lists come from the cache or the built-ins. */
  entries: ReferenceEntries | null;
  /** The lists in use with the engine's built-ins for missing ones (null until asked). */
  complete: CompleteLists | null;
  /** The special-handling codes the engine knows, set with the first `complete` (the colours
   * split glued codes with them; empty until then, when no code is coloured anyway). */
  knownShcCodes: readonly string[];
  /** Loads the lists and routing lines (once per page unless forced). */
  load(force?: boolean): Promise<void>;
  /** Fills `complete` and `knownShcCodes` from the engine worker, which holds the built-ins. */
  loadComplete(): Promise<void>;
}

/** The four lists' entries as the server keeps them (with ids, for the Database tab). */
export type ReferenceEntries = Record<ReferenceList, ReferenceEntry[]>;

async function fromServer(): Promise<{ options: ReferenceOptions; entries: ReferenceEntries }> {
  const [ulds, dgsl, xdgsl, lightake, shared] = await Promise.all([
    unwrap(api.api["ffm-to-uws"][":list"].$get({ param: { list: "ulds" } })),
    unwrap(api.api["ffm-to-uws"][":list"].$get({ param: { list: "dgsl" } })),
    unwrap(api.api["ffm-to-uws"][":list"].$get({ param: { list: "xdgsl" } })),
    unwrap(api.api["ffm-to-uws"][":list"].$get({ param: { list: "lightake" } })),
    useSharedSettings.getState().load(),
  ]);
  const options = {
    uldWeights: Object.fromEntries(ulds.map((e) => [e.name, e.weight ?? 0])),
    dgslCodes: dgsl.map((e) => e.name),
    xdgslCodes: xdgsl.map((e) => e.name),
    lightAke: lightake.map((e) => ({ name: e.name, weight: e.weight })),
    routing: shared.uwsRouting,
  };
  return { options, entries: { ulds, dgsl, xdgsl, lightake } };
}

let completing: { options: ReferenceOptions; done: Promise<void> } | null = null;
/** A run for newer lists drops the one still going for the lists before. */
const nextCompletion = supersede();
/** The engine's known codes, asked once per page (they are the engine's, not the lists'). */
let knownCodes: Promise<readonly string[]> | null = null;

/** The known codes, asked again after a failure (a crashed worker). */
function askKnownCodes(): Promise<readonly string[]> {
  knownCodes ??= engine.knownShcCodes().catch((err) => {
    knownCodes = null;
    throw err;
  });
  return knownCodes;
}

/** The reference lists a result was made with, as a key to compare: a result made with other
 * lists than the current ones is out of date (the converter's UWS, the flight check's findings). */
export const listsKey = (options: ReferenceOptions): string => JSON.stringify(options);

/** The reference store. */
export const useReference = create<ReferenceState>()((set, get) => ({
  options: {},
  source: null,
  entries: null,
  complete: null,
  knownShcCodes: [],
  async load(force = false) {
    if (get().source === "server" && !force) return;
    try {
      const { options, entries } = await fromServer();
      set({ source: "server", options, entries });
      await idbSet(CACHE_KEY, options).catch(() => {});
    } catch {
      const cached = await idbGet<ReferenceOptions>(CACHE_KEY).catch(() => undefined);
      set(
        cached === undefined
          ? { source: "built-in", options: {}, entries: null }
          : { source: "cache", options: cached, entries: null },
      );
    }
  },
  loadComplete() {
    const options = get().options;
    // one run per set of lists: every panel asks, the worker answers once
    if (completing?.options !== options) {
      completing = {
        options,
        done: Promise.all([
          engine.referenceLists(options, { signal: nextCompletion() }),
          askKnownCodes(),
        ]).then(([complete, knownShcCodes]) => {
          // both at once: the colours change in one paint
          if (complete !== null && get().options === options) set({ complete, knownShcCodes });
        }),
      };
    }
    return completing.done;
  },
}));

/** Calls `outdate` when new reference lists (the Database tab, the server back after offline)
 * differ from those of the result shown; `madeWith` gives their key, or null when there is no
 * result to mark. */
export function whenListsChange(madeWith: () => string | null, outdate: () => void): void {
  useReference.subscribe((now, before) => {
    if (now.options === before.options) return;
    const made = madeWith();
    if (made !== null && made !== listsKey(now.options)) outdate();
  });
}
