// What the extractor's lists have drawn: the result and the message in view they last committed.
// The parts of the page that follow the lists (details, SI, balance and conflicts, the message
// selector's options) start from it, a painted frame after the lists and one part a frame, so
// that the lists' own render (a transition, in slices) is not cut off by theirs and no two of
// them are laid out in one task (browser bench: a day of traffic through the extractor page).

import { create } from "zustand";
import type { UldTableResult } from "../../../../engine/types.ts";
import { ALL } from "./rows.ts";

/** The result (ok or not; null before a run) and the message in view, as the lists drew them. */
export interface ListsDrawn {
  result: UldTableResult | null;
  selected: number;
}

/** The lists' last drawn result and message; set by the lists once committed. */
export const useListsDrawn = create<ListsDrawn>(() => ({ result: null, selected: ALL }));
