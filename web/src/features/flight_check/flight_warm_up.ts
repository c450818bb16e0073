// The Flight check tab's warm-up: when the tab first opens, the worker checks the engine's small
// generated flight (engine/flight/warm_up.ts) a few times, so that the user's first check finds
// the readers compiled. Measured in `npm run bench` (fresh workers in Chromium, 2-core host,
// 2026-11-25): a 60-ULD flight's first check took 47-56 ms cold, 11-14 ms after 5 warm-ups, and
// 9-11 ms after 20; warm checks take 7-12 ms. Five runs cost the worker a few tens of ms.

import { engine } from "../../lib/engine/bridge.ts";

/** Checks of the sample flight in a warm-up. */
export const FLIGHT_WARM_UP_RUNS = 5;

/** Runs the warm-up's checks one call at a time (a user's check queues behind one at most). */
async function warmUpFlightCheck(): Promise<void> {
  for (let i = 0; i < FLIGHT_WARM_UP_RUNS; i++) await engine.warmUpFlightCheck();
}

let warmed = false;

/**
 * Warms the flight check once per page: calls without a signal, so that it never cancels a check
 * (nor a check it), and never twice, as the first warm-up already compiled the readers.
 */
export function warmFlightCheckOnce(): void {
  if (warmed) return;
  warmed = true;
  void warmUpFlightCheck().catch(() => {});
}
