// The stations that exist, for the pickers that filter by station (the request queues): read from
// the user list's counts, which the server answers from its compact index (no scan), once per
// sign-in and again when asked.

import { create } from "zustand";
import { paginated } from "../users/user_list_query.ts";

/** The stations store. */
export interface StationsState {
  /** Station codes with at least one user the caller may see, A to Z ([] until loaded). */
  stations: string[];
  /** Reads the stations (kept as they were when the server cannot be reached). */
  load(): Promise<void>;
}

/** The stations store. */
export const useStations = create<StationsState>()((set) => ({
  stations: [],
  async load() {
    try {
      const page = await paginated({ page: "1", limit: "10" });
      set({ stations: Object.keys(page.counts?.stations ?? {}).sort() });
    } catch {
      // the picker keeps what it had; the queue itself says when the server cannot be reached
    }
  },
}));
