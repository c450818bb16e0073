// The flight check's warm-up (the tab's, when it opens): a small generated flight checked in the
// worker a few times, so that the user's first check finds the engine's readers compiled. A fresh
// worker's first check of a 60-ULD flight is mostly the engine running before it is compiled.

import { checkFlight } from "./check.ts";
import { generateFlight } from "./generated_flight.ts";

/**
 * The sample: 12 ULDs and a NOTOC of 40 items (the generator's shapes, a fifth of the bench's),
 * made on first use. The same text whenever it is made (a fixed seed): no call's input reaches it.
 */
let sample: string | null = null;

/** Checks the warm-up flight once; returns its number of ULDs (a small answer to send back). */
export function warmUpFlightCheck(): number {
  sample ??= generateFlight(12, 40, 7).paste;
  return checkFlight(sample).ulds.length;
}
