// The LDM against the other messages (design 4.7; domain/cargo-messages.md section 10), each
// difference beyond the flight check's tolerance (the larger of its kg and its percent of the
// larger figure) a major finding:
// - its compartment weights, summed over its destinations, against the CPM's positions summed by
//   compartment and against the CPM's `LOAD IN CPTS` line (a compartment holds baggage too, so
//   the FFM is not asked);
// - the cargo and mail of each destination's SI breakdown (`YYZ C 1448 M 0 ...`) against the UWS
//   total for that destination. Airlines differ in whether that weight counts the ULDs' tare: it
//   agrees when it is the UWS total with the tare or, with an FFM, the FFM's cargo without it;
// - its destinations against those of the CPM's load and the UWS's.

import type { EngineText } from "../messages/texts.ts";
import type { CpmHolds } from "./cpm_holds.ts";
import type { FlightRead } from "./read.ts";
import type { LdmReading } from "./read_ldm.ts";
import { sayFlight } from "./texts.ts";
import type { FlightCheckOptions, FlightFindingKind } from "./types.ts";

/** Receives a finding: its kind, its text and what it is about (`CPT 1`, `YYZ`). */
export type AddLdmFinding = (kind: FlightFindingKind, text: EngineText, about: string) => void;

/** The UWS weight of a destination: with the ULDs' tare, and without it when an FFM tells. */
interface CargoTotal {
  gross: number;
  net: number | null;
}

/** The tolerance of two figures: the larger of the kg and the percent of the larger figure. */
function toleranceOf(options: FlightCheckOptions, a: number, b: number): number {
  const kg = options.toleranceKg ?? 50;
  const percent = options.tolerancePercent ?? 5;
  return Math.max(kg, (Math.max(a, b) * percent) / 100);
}

/** The UWS total per destination: the pasted UWS's ULDs and bulk, else the converter's totals. */
function cargoTotals(read: FlightRead): Map<string, CargoTotal> | null {
  const c = read.ffm?.conversion;
  const ffm = [c?.firstDestination, c?.secondDestination].filter((d) => d != null);
  const totals = new Map<string, CargoTotal>();
  if (read.uws === null) {
    if (c === undefined) return null;
    for (const d of ffm) totals.set(d.destination, { gross: d.grossWeight, net: d.netWeight });
    return totals;
  }
  const add = (destination: string, kg: number | null) => {
    if (destination === "") return;
    const net = ffm.find((d) => d.destination === destination)?.netWeight ?? null;
    const gross = (totals.get(destination)?.gross ?? 0) + (kg ?? 0);
    totals.set(destination, { gross, net });
  };
  for (const u of read.uws.ulds) add(u.destination, u.gross);
  for (const b of read.uws.bulk) add(b.destination, b.weight);
  return totals;
}

/** The LDM's kg per compartment over all its destinations. */
function ldmCompartments(ldm: LdmReading): Map<string, number> {
  const kg = new Map<string, number>();
  for (const d of ldm.destinations) {
    for (const c of d.compartments) kg.set(c.compartment, (kg.get(c.compartment) ?? 0) + c.weight);
  }
  return kg;
}

/** Compartments in order: 1, 2, ... then the main deck. */
const byCompartment = (a: string, b: string) =>
  (a === "MD" ? 99 : Number(a)) - (b === "MD" ? 99 : Number(b));

function compartmentFindings(
  ldm: LdmReading,
  holds: CpmHolds,
  options: FlightCheckOptions,
  add: AddLdmFinding,
): void {
  const onLdm = ldmCompartments(ldm);
  const against = [
    ["flight:ldm_compartment_cpm", holds.summed],
    ["flight:ldm_compartment_cpts", holds.loadInCpts],
  ] as const;
  for (const [code, onCpm] of against) {
    if (onCpm === null) continue;
    const compartments = [...new Set([...onLdm.keys(), ...onCpm.keys()])].sort(byCompartment);
    for (const compartment of compartments) {
      const [a, b] = [onLdm.get(compartment) ?? 0, onCpm.get(compartment) ?? 0];
      const tolerance = toleranceOf(options, a, b);
      const off = Math.abs(a - b);
      if (off <= tolerance) continue;
      const params = { compartment, ldm: a, cpm: b, off, tolerance: Math.round(tolerance) };
      add("ldm-compartment", sayFlight(code, params), `CPT ${compartment}`);
    }
  }
}

function cargoFindings(
  ldm: LdmReading,
  totals: Map<string, CargoTotal>,
  options: FlightCheckOptions,
  add: AddLdmFinding,
): void {
  for (const d of ldm.destinations) {
    const total = totals.get(d.destination);
    if (d.breakdown === null || total === undefined) continue;
    const kg = d.breakdown.cargo + (d.breakdown.mail ?? 0);
    const tolerance = toleranceOf(options, kg, total.gross);
    const off = Math.abs(kg - total.gross);
    if (off <= tolerance) continue;
    if (total.net !== null && Math.abs(kg - total.net) <= toleranceOf(options, kg, total.net)) {
      continue;
    }
    const params = { airport: d.destination, ldm: kg, uws: total.gross };
    const said = total.net === null
      ? sayFlight("flight:ldm_cargo", { ...params, off, tolerance: Math.round(tolerance) })
      : sayFlight("flight:ldm_cargo_net", {
        ...params,
        net: total.net,
        tolerance: Math.round(tolerance),
      });
    add("ldm-cargo", said, d.destination);
  }
}

/** The destinations of the LDM against those of the CPM's load and of the UWS. */
function destinationFindings(
  ldm: LdmReading,
  cpm: ReadonlySet<string> | null,
  uws: ReadonlySet<string> | null,
  add: AddLdmFinding,
): void {
  const onLdm = new Set(ldm.destinations.map((d) => d.destination));
  const others = [["CPM", cpm], ["UWS", uws]] as const;
  for (const [message, airports] of others) {
    for (const airport of airports ?? []) {
      if (onLdm.has(airport)) continue;
      add("ldm-destination", sayFlight("flight:dest_not_on_ldm", { airport, message }), airport);
    }
  }
  for (const d of ldm.destinations) {
    // a destination of baggage alone is on no UWS; of cargo (its SI breakdown) it must be
    const load = d.deadload ?? d.compartments.reduce((s, c) => s + c.weight, 0);
    const said = (message: string) =>
      sayFlight("flight:ldm_dest_not_on", { airport: d.destination, message });
    if (cpm !== null && load > 0 && !cpm.has(d.destination)) {
      add("ldm-destination", said("CPM"), d.destination);
    }
    if (uws !== null && (d.breakdown?.cargo ?? 0) > 0 && !uws.has(d.destination)) {
      add("ldm-destination", said("UWS"), d.destination);
    }
  }
}

/** Every finding of the LDM against the flight's other messages; none without an LDM. */
export function ldmFindings(
  read: FlightRead,
  options: FlightCheckOptions,
  add: AddLdmFinding,
): void {
  const ldm = read.ldm;
  if (ldm === null) return;
  const totals = cargoTotals(read);
  if (read.cpmHolds !== null) compartmentFindings(ldm, read.cpmHolds, options, add);
  if (totals !== null) cargoFindings(ldm, totals, options, add);
  const loaded = totals === null
    ? null
    : new Set([...totals].filter(([, t]) => t.gross > 0).map(([airport]) => airport));
  destinationFindings(ldm, read.cpmHolds?.destinations ?? null, loaded, add);
}
