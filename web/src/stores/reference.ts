// Reference lists for the converter (ULD tares, DGSL, XDGSL, Light AKE) and the UWS routing lines,
// read from the API; when the API cannot be reached the engine's built-in lists are used.

import { create } from "zustand";
import type { ConvertOptions } from "../../../engine/types.ts";
import { api, unwrap } from "../api/client.ts";

/** Where the lists in use come from. */
export type ReferenceSource = "server" | "built-in";

/** Reference state. */
export interface ReferenceState {
  /** The options every conversion gets (lists and routing); empty means the built-in lists. */
  options: Pick<ConvertOptions, "uldWeights" | "dgslCodes" | "xdgslCodes" | "lightAke" | "routing">;
  source: ReferenceSource | null;
  /** Loads the lists and routing lines (once per page unless forced). */
  load(force?: boolean): Promise<void>;
}

/** The reference store. */
export const useReference = create<ReferenceState>()((set, get) => ({
  options: {},
  source: null,
  async load(force = false) {
    if (get().source === "server" && !force) return;
    try {
      const [ulds, dgsl, xdgsl, lightake, routing] = await Promise.all([
        unwrap(api.api["ffm-to-uws"][":list"].$get({ param: { list: "ulds" } })),
        unwrap(api.api["ffm-to-uws"][":list"].$get({ param: { list: "dgsl" } })),
        unwrap(api.api["ffm-to-uws"][":list"].$get({ param: { list: "xdgsl" } })),
        unwrap(api.api["ffm-to-uws"][":list"].$get({ param: { list: "lightake" } })),
        unwrap(api.api.settings.public.$get()).then((s) => s.uwsRouting),
      ]);
      set({
        source: "server",
        options: {
          uldWeights: Object.fromEntries(ulds.map((e) => [e.name, e.weight ?? 0])),
          dgslCodes: dgsl.map((e) => e.name),
          xdgslCodes: xdgsl.map((e) => e.name),
          lightAke: lightake.map((e) => ({ name: e.name, weight: e.weight })),
          routing,
        },
      });
    } catch {
      set({ source: "built-in", options: {} });
    }
  },
}));
