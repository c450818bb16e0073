// The FFM reader's results (the parsed manifest, the converter's scan) and options, in a module
// of their own so that the reader's parts (scan_state, consignments, parts, destinations) and the
// parser share them without importing the parser (no import circle).

import type { EngineWarning } from "../types.ts";
import type { TextParams } from "../messages/texts.ts";
import type { ManifestUlds } from "./manifest_ulds.ts";

/** One consignment (AWB line) of the manifest. */
export interface FfmCargoItem {
  /** `ppp-nnnnnnnn`, normalised with its hyphen. */
  awb: string;
  origin: string;
  destination: string;
  /** Weight in grams (pounds already converted). */
  grams: number;
  /** Special handling codes in first-seen order, without repeats. */
  codes: string[];
  /** Point of unloading the consignment is listed under ('' when none came before it). */
  pointOfUnloading: string;
  line: number;
}

/** One ULD of the manifest with what is loaded in it (all parts merged). */
export interface FfmUld {
  id: string;
  type: string;
  serial: string;
  owner: string;
  pointOfUnloading: string;
  line: number;
  /** Number of consignments loaded in it. */
  itemCount: number;
  /** Sum of their weights in grams. */
  grams: number;
  /** Their special handling codes in first-seen order, without repeats. */
  codes: string[];
  /** The destination of all its consignments when they share one, else null (none or mixed). */
  commonDestination: string | null;
  /** The consignments, when the caller asked for items. */
  items: FfmCargoItem[];
}

/** Bulk (not in a ULD) weights listed under one point of unloading. */
export interface FfmBulk {
  pointOfUnloading: string;
  grams: number;
  /** Grams by the consignments' own destinations. */
  byDestination: Record<string, number>;
}

/** A point-of-unloading line. */
export interface FfmPointOfUnloading {
  airport: string;
  nil: boolean;
  line: number;
}

/** The flight line of the manifest. */
export interface FfmFlight {
  /** Carrier + number as written, e.g. `AC857`. */
  flightNumber: string;
  carrier: string;
  /** Day of the month, two digits. */
  day: string;
  month: string;
  /** Airport of loading. */
  origin: string;
  registration: string;
}

/** Parsed FFM: the manifest with all pasted parts merged (spec 'Parsed FFM'). */
export interface ParsedFfm {
  ok: boolean;
  error?: string;
  /** The code and values of `error` (texts.ts). */
  errorCode?: string;
  errorParams?: TextParams;
  warnings: EngineWarning[];
  version: string;
  flight: FfmFlight | null;
  /** `flight/day.origin.FINAL`, the UWS flight line. */
  flightHeader: string;
  partNumbers: number[];
  isMultiPart: boolean;
  isComplete: boolean;
  pointsOfUnloading: FfmPointOfUnloading[];
  ulds: FfmUld[];
  bulk: FfmBulk[];
  /** Bulk consignments one by one, when the caller asked for items. */
  bulkCargo: FfmCargoItem[];
}

/** The reader's result for the converter: ULDs still in their table, `kept` after the dedupe. */
export interface FfmScan extends Omit<ParsedFfm, "ulds"> {
  ulds: ManifestUlds;
  kept: number[];
  /** Consignments per ULD index, when items were asked for. */
  uldItems: FfmCargoItem[][];
}

/** Options of the parser. */
export interface ParseFfmOptions {
  /** More codes (the caller's DGSL/XDGSL lists) used to split glued code tokens. */
  extraCodes?: readonly string[];
  /** Keep every consignment as an object (ulds[].items, bulkCargo); off for conversion. */
  items?: boolean;
}
