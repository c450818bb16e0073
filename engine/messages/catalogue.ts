// Every text of the engine by code, joined from each area's catalogue: the web's catalogue check
// (web/src/i18n/engine_catalogues.test.ts) reads it to find a code a language lacks.

import { FFM_TEXTS } from "../ffm/texts.ts";
import { NTM_TEXTS } from "../ntm/texts.ts";
import { FLIGHT_TEXTS } from "../flight/texts.ts";
import { ULD_TEXTS } from "../uld/texts.ts";

/** The areas' catalogues by the file that translates them (web/src/i18n/engine/<lang>/<area>.json). */
export const ENGINE_CATALOGUES = {
  ffm: FFM_TEXTS,
  ntm: NTM_TEXTS,
  flight: FLIGHT_TEXTS,
  uld: ULD_TEXTS,
} as const;
