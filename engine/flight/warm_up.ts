// The flight check's warm-up (the tab's, when it opens): small generated flights checked in the
// worker, so that the user's first check finds the engine's readers compiled. A fresh worker's
// first check of a 60-ULD flight is mostly the engine running before it is compiled.
//
// The tab makes five calls, one at a time, and a check of the user's waits behind the call under
// way. So the first call, on a cold engine, checks one sample once (about as long as a cold check
// of the sample, and shorter than the cold part of the user's check it saves), and each later
// call, on an engine compiling by then, checks the samples a few times: a check of a sample takes
// a millisecond or two once compiled. The samples take every path of a real flight: an FFM, a
// NOTOC, a CPM and a UCM that agree (the converter's UWS standing for the missing one), and the
// same flight with its UWS and messages that disagree, whose findings are rendered as texts.

import { convertFfm } from "../ffm/convert.ts";
import { checkFlight } from "./check.ts";
import { type GeneratedFlight, generateFlight } from "./generated_flight.ts";

/** Checks of the samples in each call after a worker's first (its first checks one sample). */
const CHECKS_PER_CALL = 6;

/**
 * The flight with its UWS (the converter's) and messages that disagree on every point the check
 * compares: a destination and a weight on the CPM, a ULD the UCM lacks, a NOTOC item on a ULD
 * that is not on the flight (and so DG codes the NOTOC does not list).
 */
function disagreeing(flight: GeneratedFlight): string {
  const cpm = flight.cpm.split("\n");
  cpm[2] = cpm[2].replace("/YYZ/", "/YUL/");
  cpm[3] = cpm[3].replace(/\/(\d+)\/C$/, (_, kg: string) => `/${Number(kg) + 500}/C`);
  const ucm = flight.ucm.split("\n");
  ucm.splice(4, 1);
  const notoc = flight.notoc.replace(/AKE\d{5}AC\n/, "AKE99999AC\n");
  const uws = convertFfm(flight.ffm).uwsOutput;
  return [flight.ffm, uws, notoc, cpm.join("\n"), ucm.join("\n")].join("\n");
}

/**
 * The samples: a flight of 12 ULDs and a NOTOC of 40 items (the generator's shapes, a fifth of
 * the bench's), as generated and disagreeing, made on first use. The same texts whenever they
 * are made (a fixed seed): no call's input reaches them.
 */
let samples: readonly string[] | null = null;
/** The warm-up calls this worker has answered. */
let calls = 0;

/** One call of the warm-up (see above); returns the number of ULDs of the last sample checked. */
export function warmUpFlightCheck(): number {
  if (samples === null) {
    const flight = generateFlight(12, 40, 7);
    samples = [flight.paste, disagreeing(flight)];
  }
  const checks = calls++ === 0 ? 1 : CHECKS_PER_CALL;
  let ulds = 0;
  for (let k = 0; k < checks; k++) ulds = checkFlight(samples[k % samples.length]).ulds.length;
  return ulds;
}
