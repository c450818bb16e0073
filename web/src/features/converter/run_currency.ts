// Whether a finished conversion still belongs to the boxes (issue 52): a conversion runs on the
// FFM, 2nd Dest and Show PER of the moment Convert was pressed; an edit made while it runs (a 1 MB
// FFM at 4x CPU takes long enough to type into) makes its result out of date when it ends: never
// green, not copied, not kept in the history. A pure function: the store (converter.ts) holds the
// state.

import type { StaleCause } from "./status.ts";

/** The inputs a conversion reads. */
interface RunInputs {
  ffm: string;
  secondDest: string;
  showPer: boolean;
}

/** What changed between the inputs a run started with and the boxes now, in the status line's
 * words (null: the result is current). */
export function changedDuring(started: RunInputs, now: RunInputs): StaleCause | null {
  if (now.ffm !== started.ffm) return "the FFM";
  if (now.secondDest !== started.secondDest) return "the 2nd Dest";
  if (now.showPer !== started.showPer) return "Show PER";
  return null;
}
