// The engine in a Web Worker: the only file that knows Comlink.

import { expose, transfer } from "comlink";
import { engineApi } from "./engine_api.ts";
import type { ExtractorSettings, UldTableResult } from "./types.ts";

/** The array buffers of a table answer: its columns and the balance's row lists, each once. */
function buffersOf(result: UldTableResult): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const column of Object.values(result.rows)) {
    if (ArrayBuffer.isView(column)) buffers.add(column.buffer as ArrayBuffer);
  }
  for (const station of result.balance) {
    buffers.add(station.outWithoutInRows.buffer as ArrayBuffer);
  }
  return [...buffers];
}

/** A table answer with its column buffers moved to the page, not copied. */
const moved = (result: UldTableResult) => transfer(result, buffersOf(result));

// The extractor's table moves its column buffers to the page instead of copying them: the worker
// makes a new table for each call and keeps none. A copied column costs Chromium about 1.8 ms on
// each side on the 2-core host (a page fault per 4 KB), and the day of traffic has 18 of them:
// copied, the answer took 35 ms to clone, half of it a main-thread task in the page. Measured in
// pairs (a fresh worker's 20 warm-up calls, then 16 runs of the bench's day of traffic, 5 workers):
// warm median 78 ms moved against 100 ms copied; in `npm run bench`, in turns, the best warm run
// 53 and 61 ms against 76 and 97, the median 114 and 143 against 116 and 170.
//
// The warm-up's answers move the same way, though the page drops them. The first buffers a worker
// moves out throw away the engine's compiled code (V8 deoptimizes it once), so a warm-up that
// moved none left that to the user's first run, and the user's second run met the engine as if
// cold. Measured in Chromium on the 2-core host, fresh workers in turns after the 20 warm-up
// calls, the bench's day of traffic (post to answer): with warm-ups that answer a number, the
// first run 115-190 ms and the second 234-364 ms (its extraction alone 203-319 ms); with
// warm-ups that move their tables, the first 137-203 ms and the second 72-130 ms.
expose({
  ...engineApi,
  extractUldTable(input: string, settings?: ExtractorSettings) {
    return moved(engineApi.extractUldTable(input, settings));
  },
  warmUpExtractor() {
    return moved(engineApi.warmUpExtractor());
  },
}, self);
