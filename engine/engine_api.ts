// The engine's public surface: the functions the worker exposes and the CLI calls.

import { convertFfm } from "./ffm/convert.ts";
import { parseFfm } from "./ffm/parser.ts";
import { extractUlds, extractUldTable, parseRentedCodes } from "./uld/extractor.ts";
import { exportUlds } from "./uld/export.ts";
import { warmUpExtractor } from "./uld/warm_up.ts";
import { matchUwsNtm } from "./ntm/uws_match.ts";
import { checkFlight } from "./flight/check.ts";
import { warmUpFlightCheck } from "./flight/warm_up.ts";
import { KNOWN_SHC_CODES, referenceLists } from "./reference_data.ts";

/** The special-handling codes the FFM reader knows, for the page's colouring of glued codes. */
const knownShcCodes = (): readonly string[] => KNOWN_SHC_CODES;

/** Every engine entry point; each takes plain data and returns plain, cloneable results. */
export const engineApi = {
  convertFfm,
  parseFfm,
  matchUwsNtm,
  checkFlight,
  warmUpFlightCheck,
  extractUlds,
  extractUldTable,
  warmUpExtractor,
  exportUlds,
  parseRentedCodes,
  referenceLists,
  knownShcCodes,
};

/** Type of the engine API, imported type-only by the web app's worker bridge. */
export type EngineApi = typeof engineApi;
