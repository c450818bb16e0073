// Result objects of the engine (design 4.6). They are plain, structured-cloneable data: the
// worker returns them as they are and the web app, the CLI and the tests read the same fields.

import type { LightAkeEntry } from "./reference_data.ts";

/** A line-numbered note about something the engine skipped or repaired (1-based line). */
export interface EngineWarning {
  line: number;
  message: string;
}

/** UWS routing lines written before `UWS` (settings; defaults QU, CAIKLMS, .CAIFFMS). */
export interface RoutingLines {
  priority: string;
  address: string;
  sender: string;
}

/** Reference lists handed to the engine with each conversion; missing ones fall back to built-ins. */
export interface ReferenceLists {
  /** ULD tare weights in kg by 3-character type. */
  uldWeights?: Readonly<Record<string, number>>;
  dgslCodes?: readonly string[];
  xdgslCodes?: readonly string[];
  lightAke?: readonly LightAkeEntry[];
}

/** Options of an FFM-to-UWS conversion. */
export interface ConvertOptions extends ReferenceLists {
  /** Second destination typed by the user (3-letter airport); overrides the message's second point. */
  secondDestination?: string;
  /** Keep PER on UWS lines ('Show PER in UWS'). */
  showPerInUws?: boolean;
  routing?: Partial<RoutingLines>;
}

/** Totals of one destination of a conversion. */
export interface DestinationTotals {
  destination: string;
  grossWeight: number;
  netWeight: number;
  tareWeight: number;
  numberOfUlds: number;
  bulkLoad: number;
}

/** One ULD of a conversion as it appears on the UWS. */
export interface ConvertedUld {
  id: string;
  type: string;
  destination: string;
  cargoWeight: number;
  tareWeight: number;
  grossWeight: number;
  codes: string[];
}

/** Result of an FFM-to-UWS conversion (design 4.6). */
export interface ConversionResult {
  ok: boolean;
  error?: string;
  warnings: EngineWarning[];
  uwsOutput: string;
  /** Flight header line of the UWS, e.g. `MS985/22.CAI.FINAL` (empty on failure). */
  flightHeader: string;
  totalGrossWeight: number;
  totalNetWeight: number;
  totalTareWeight: number;
  numberOfUlds: number;
  bulkLoad: number;
  firstDestination: DestinationTotals | null;
  secondDestination: DestinationTotals | null;
  ulds: ConvertedUld[];
}

/** One ULD found in a UWS or NTM text, with where it stands for highlighting. */
export interface MatchEntry {
  type: "uws" | "ntm";
  uldId: string;
  offset: number;
  length: number;
  color: "green" | "red";
  dgslList: string[];
}

/** Result of a UWS/NTM match (design 4.4). */
export interface MatchResult {
  ok: boolean;
  error?: string;
  warnings: EngineWarning[];
  matched: boolean;
  message: string;
  results: MatchEntry[];
}
