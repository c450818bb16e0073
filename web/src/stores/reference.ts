// Reference lists for the converter (ULD tares, DGSL, XDGSL, Light AKE) and the UWS routing lines:
// read from the API and kept in IndexedDB, so that offline the converter works from the last lists
// it saw; with neither, the engine's built-in lists are used.

import { get as idbGet, set as idbSet } from "idb-keyval";
import { create } from "zustand";
import type { ConvertOptions } from "../../../engine/types.ts";
import { api, unwrap } from "../api/client.ts";
import { useSharedSettings } from "./shared.ts";

/** Where the lists in use come from. */
export type ReferenceSource = "server" | "cache" | "built-in";

/** The options every conversion gets: lists and routing lines (empty means the built-in lists). */
export type ReferenceOptions = Pick<
  ConvertOptions,
  "uldWeights" | "dgslCodes" | "xdgslCodes" | "lightAke" | "routing"
>;

const CACHE_KEY = "reference-lists";

/** Reference state. */
export interface ReferenceState {
  options: ReferenceOptions;
  source: ReferenceSource | null;
  /** Loads the lists and routing lines (once per page unless forced). */
  load(force?: boolean): Promise<void>;
}

async function fromServer(): Promise<ReferenceOptions> {
  const [ulds, dgsl, xdgsl, lightake, shared] = await Promise.all([
    unwrap(api.api["ffm-to-uws"][":list"].$get({ param: { list: "ulds" } })),
    unwrap(api.api["ffm-to-uws"][":list"].$get({ param: { list: "dgsl" } })),
    unwrap(api.api["ffm-to-uws"][":list"].$get({ param: { list: "xdgsl" } })),
    unwrap(api.api["ffm-to-uws"][":list"].$get({ param: { list: "lightake" } })),
    useSharedSettings.getState().load(),
  ]);
  return {
    uldWeights: Object.fromEntries(ulds.map((e) => [e.name, e.weight ?? 0])),
    dgslCodes: dgsl.map((e) => e.name),
    xdgslCodes: xdgsl.map((e) => e.name),
    lightAke: lightake.map((e) => ({ name: e.name, weight: e.weight })),
    routing: shared.uwsRouting,
  };
}

/** The reference store. */
export const useReference = create<ReferenceState>()((set, get) => ({
  options: {},
  source: null,
  async load(force = false) {
    if (get().source === "server" && !force) return;
    try {
      const options = await fromServer();
      set({ source: "server", options });
      await idbSet(CACHE_KEY, options).catch(() => {});
    } catch {
      const cached = await idbGet<ReferenceOptions>(CACHE_KEY).catch(() => undefined);
      set(
        cached === undefined
          ? { source: "built-in", options: {} }
          : { source: "cache", options: cached },
      );
    }
  },
}));
