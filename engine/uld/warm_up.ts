// The extractor's warm-up (the page's, before the user's first run): a small generated day of
// traffic extracted in the worker, so that the compiler has seen every path of a real paste. A
// fresh worker's first run of a day of traffic (1,000 messages) is mostly the engine running
// before it is compiled: in Chromium on the 2-core host, 182-197 ms without a warm-up, 116-138 ms
// after 20 runs of a 40-flight paste of one shape, 91-102 ms after 20 runs of this 50-message
// sample (fresh workers in turns, 2026-11-24); warm runs take 65-80 ms there.
// The warm-up answers with the sample's table, which the worker moves to the page as it moves a
// run's (worker.ts): see there why a warm-up must end the way a run does.

import { extractUldTable } from "./extractor.ts";
import { generateTraffic } from "./generated_traffic.ts";
import type { UldTableResult } from "../types.ts";

/** Messages in the warm-up sample: every shape of the generator, a few times each. */
const SAMPLE_MESSAGES = 50;
/** The generator's seed for the sample (not the benchmark's). */
const SAMPLE_SEED = 5;

/** The sample, made on first use; the same text whenever it is made (a fixed seed). */
let sample: string | null = null;

/** Extracts the warm-up sample once; returns its table, as a run of the user's would. */
export function warmUpExtractor(): UldTableResult {
  sample ??= generateTraffic(SAMPLE_MESSAGES, SAMPLE_SEED);
  return extractUldTable(sample);
}
