// The extractor page's warm-up (bridge.ts warm): when a message comes in, the worker extracts the
// engine's generated sample (engine/uld/warm_up.ts, with the measured pair) up to WARM_UP_RUNS
// times, one call at a time, so that the user's first Run finds the engine compiled. Each call
// answers with the sample's table, moved here as a run's is (engine/worker.ts says why), and
// dropped. It stops as soon as a run of the user's is waiting, which then waits behind one call
// at most (about 10 ms).

import type { WorkerEngine } from "../../lib/engine/bridge.ts";

/**
 * Extractions of the sample in a warm-up: about 0.7-0.9 s of the worker's time on the 2-core host,
 * while the user looks over the paste. Measured in Chromium there (2026-11-29, fresh workers in
 * turns, 6 each, the bench's day of traffic from post to answer after the warm-up): 20 calls, the
 * first run 96-191 ms (median 154); 40, 69-118 (90); 60, 73-160 and 75-112 (76, 95); 80, 62-129
 * (77); 100, 64-98 (79). The compiler finishes the engine's hot paths within about 80 calls.
 */
export const WARM_UP_RUNS = 80;

/** Warms the extractor, one extraction at a time while `alone` (no run of the user's waits). */
export async function warmUpExtractor(
  engine: WorkerEngine,
  alone: () => boolean,
): Promise<void> {
  for (let i = 0; i < WARM_UP_RUNS && alone(); i++) await engine.warmUpExtractor();
}
