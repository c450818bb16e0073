// Result objects of the flight check (design 4.7): one flight's messages read together. Plain,
// structured-cloneable data, like the rest of the engine's results.

import type { EngineText, TextParams } from "../messages/texts.ts";
import type { ConvertOptions, EngineWarning } from "../types.ts";
import type { LdmReading } from "./read_ldm.ts";

/** The kinds of message a flight check reads. */
export type FlightMessageKind = "FFM" | "UWS" | "NTM" | "CPM" | "UCM" | "SCM" | "LDM";

/** One message of the paste: its kind, 1-based first line and flight (`AC857/23`). */
export interface FlightMessage {
  kind: FlightMessageKind;
  line: number;
  flight: string;
}

/** The CPM's reading of a ULD. */
export interface CpmReading {
  position: string;
  /** Weight in kg, null when the line gives none. */
  weight: number | null;
  destination: string;
  loadType: string;
}

/** One ULD across the flight's messages; a field is null where its message is absent or silent. */
export interface FlightUld {
  uldId: string;
  /** The destination the messages agree on, else the first one read (UWS, FFM, NOTOC, CPM). */
  destination: string;
  ffmCargoWeight: number | null;
  uwsGross: number | null;
  /** DGSL/XDGSL codes per message; null when the message is absent or does not list the ULD. */
  codes: { ffm: string[] | null; uws: string[] | null; ntm: string[] | null };
  ntmPosition: string | null;
  cpm: CpmReading | null;
  ucm: "in" | "out" | null;
}

/** How serious a finding is. */
export type FindingSeverity = "critical" | "major" | "minor";

/** The kinds of finding, each from one rule of design 4.7. */
export type FlightFindingKind =
  | "dg-not-on-ntm"
  | "dg-not-on-uws"
  | "bulk-dg"
  | "uws-not-on-cpm"
  | "cpm-not-on-uws"
  | "ntm-not-on-uws"
  | "destination"
  | "position"
  | "ldm-compartment"
  | "ldm-cargo"
  | "ldm-destination"
  | "weight"
  | "cpm-not-on-ucm"
  | "load-type";

/** A text of another area, with its code and values where that area gives them. */
export type OtherText = Partial<EngineText> & { message: string };

/** An airport a destination finding names, and the messages that give it (`FFM`, `NOTOC`). */
export interface FindingPlace {
  airport: string;
  messages: string[];
}

/** One difference between the flight's messages: its text by code (messages/texts.ts). */
export interface FlightFinding extends EngineText {
  severity: FindingSeverity;
  kind: FlightFindingKind;
  /** The ULD, `BULK YYZ` for a bulk finding, `CPT 1` for a compartment, `YYZ` for a destination. */
  uldId: string;
  /** A destination finding's airports, each with its messages, as `params.places` words them. */
  places?: FindingPlace[];
}

/** Options of a flight check: the converter's (for the UWS made from the FFM) and the tolerance. */
export interface FlightCheckOptions extends ConvertOptions {
  /** CPM weight tolerance in kg (default 50); the larger of this and the percentage counts. */
  toleranceKg?: number;
  /** CPM weight tolerance in percent of the UWS gross (default 5). */
  tolerancePercent?: number;
}

/** Result of a flight check (design 4.7). */
export interface FlightCheckResult {
  ok: boolean;
  error?: string;
  /** The code and values of `error` (messages/texts.ts). */
  errorCode?: string;
  errorParams?: TextParams;
  /** The converter's own error when the FFM cannot be read (`params.reason` of the refusal). */
  ffmError?: OtherText;
  warnings: EngineWarning[];
  /** The flight, `AC857/23`; '' when the paste cannot be read. */
  flight: string;
  messages: FlightMessage[];
  /** True when the UWS was made from the FFM (the paste has an FFM and no UWS). */
  uwsFromFfm: boolean;
  ulds: FlightUld[];
  /** Most serious first. */
  findings: FlightFinding[];
  /** Things that are not findings: codes the UWS cannot carry by setting, codes outside the lists. */
  notes: EngineText[];
  /** The flight, its messages and the findings as plain text (the Copy button and the CLI). */
  report: string;
  /** The LDM as read, when the paste has one. */
  ldm?: LdmReading;
}
