// The findings of a flight check (design 4.7), most serious first: dangerous goods the NOTOC and
// the FFM or UWS disagree on (critical); a ULD missing where it must be, a destination or position
// disagreement (major); a CPM weight off the UWS gross, a CPM ULD not on the UCM OUT list (minor).

import { lacking } from "../ntm/uws_match.ts";
import { listWords } from "../text.ts";
import type { FlightRead } from "./read.ts";
import type { FlightTable } from "./table.ts";
import type {
  FindingSeverity,
  FlightCheckOptions,
  FlightFinding,
  FlightFindingKind,
  FlightUld,
} from "./types.ts";

const ORDER: readonly FlightFindingKind[] = [
  "dg-not-on-ntm",
  "dg-not-on-uws",
  "bulk-dg",
  "uws-not-on-cpm",
  "cpm-not-on-uws",
  "ntm-not-on-uws",
  "destination",
  "position",
  "weight",
  "cpm-not-on-ucm",
];

const SEVERITY: Record<FlightFindingKind, FindingSeverity> = {
  "dg-not-on-ntm": "critical",
  "dg-not-on-uws": "critical",
  "bulk-dg": "critical",
  "uws-not-on-cpm": "major",
  "cpm-not-on-uws": "major",
  "ntm-not-on-uws": "major",
  destination: "major",
  position: "major",
  weight: "minor",
  "cpm-not-on-ucm": "minor",
};

/** What the findings need besides the table: which messages the paste has, and the settings. */
export interface FindingContext {
  read: FlightRead;
  table: FlightTable;
  hasUws: boolean;
  options: FlightCheckOptions;
  /** The DGSL and XDGSL codes in use. */
  listed: ReadonlySet<string>;
  /** Receives what is not a finding (a code the UWS cannot carry by setting). */
  note: (text: string) => void;
}

/** Codes the UWS cannot carry by setting: PER while 'Show PER in UWS' is off. */
const bySetting = (options: FlightCheckOptions) => options.showPerInUws === true ? [] : ["PER"];

/** The DG findings of one ULD: FFM or UWS codes the NOTOC lacks, NOTOC codes the UWS lacks. */
function dgFindings(u: FlightUld, c: FindingContext, add: Add): void {
  if (c.read.ntm === null) return;
  const onNtm = u.codes.ntm ?? [];
  const fromFfm = lacking(u.codes.ffm ?? [], onNtm);
  const fromUws = lacking(u.codes.uws ?? [], onNtm);
  const missing = [...new Set([...fromFfm, ...fromUws])];
  if (missing.length > 0) {
    const where = fromFfm.length > 0 && fromUws.length > 0
      ? "the FFM and the UWS"
      : fromFfm.length > 0
      ? "the FFM"
      : "the UWS";
    add("dg-not-on-ntm", u.uldId, `${missing.join(", ")} on ${where}, not on the NOTOC`);
  }
  if (!c.hasUws) return;
  const notOnUws = lacking(onNtm, u.codes.uws ?? []);
  const setting = notOnUws.filter((code) => bySetting(c.options).includes(code));
  for (const code of setting) {
    c.note(`${u.uldId}: ${code} on the NOTOC is not on the UWS, as 'Show PER in UWS' is off`);
  }
  const real = lacking(notOnUws, setting);
  if (real.length > 0) {
    add("dg-not-on-uws", u.uldId, `${real.join(", ")} on the NOTOC, not on the UWS`);
  }
}

/** Bulk: the listed codes of the FFM's bulk consignments per destination against the NOTOC's. */
function bulkFindings(c: FindingContext, add: Add): void {
  const { ffm, ntm } = c.read;
  if (ffm === null || ntm === null) return;
  const onNtm = new Map<string, string[]>();
  for (const item of ntm.items) {
    if (item.uldId !== "" || item.section === "teletype") continue;
    const list = onNtm.get(item.destination) ?? [];
    list.push(...item.codes);
    onNtm.set(item.destination, list);
  }
  const listed = (codes: readonly string[]) => codes.filter((code) => c.listed.has(code));
  const airports = new Set([...ffm.bulkCodes.keys(), ...onNtm.keys()]);
  for (const airport of airports) {
    const a = ffm.bulkCodes.get(airport) ?? [];
    const b = listed(onNtm.get(airport) ?? []);
    const id = `BULK ${airport || "(no destination)"}`;
    const notOnNtm = lacking(a, b);
    const notOnFfm = [...new Set(lacking(b, a))];
    if (notOnNtm.length > 0) {
      add("bulk-dg", id, `${notOnNtm.join(", ")} on the FFM, not on the NOTOC`);
    }
    if (notOnFfm.length > 0) {
      add("bulk-dg", id, `${notOnFfm.join(", ")} on the NOTOC, not on the FFM`);
    }
  }
}

/** A ULD missing where it must be: UWS and CPM both ways, and a NOTOC ULD absent from the UWS. */
function presenceFindings(u: FlightUld, c: FindingContext, add: Add): void {
  const onUws = u.codes.uws !== null;
  if (c.read.cpm !== null && c.hasUws) {
    if (onUws && u.cpm === null) add("uws-not-on-cpm", u.uldId, "on the UWS, not on the CPM");
    if (!onUws && u.cpm !== null) add("cpm-not-on-uws", u.uldId, "on the CPM, not on the UWS");
  }
  if (c.hasUws && !onUws && u.codes.ntm !== null) {
    add("ntm-not-on-uws", u.uldId, "on the NOTOC, not on the UWS");
  }
  if (c.read.ucm !== null && u.cpm !== null && u.ucm !== "out") {
    add("cpm-not-on-ucm", u.uldId, "on the CPM, not on the UCM OUT list");
  }
}

const MESSAGE_ORDER = ["FFM", "UWS", "NOTOC", "CPM", "UCM"];

/** `YYZ on the FFM and the UWS, YWG on the CPM`: each airport once, with the messages giving it. */
function destinationsText(seen: readonly [string, string][]): string {
  const sorted = [...seen].sort((a, b) =>
    MESSAGE_ORDER.indexOf(a[0]) - MESSAGE_ORDER.indexOf(b[0])
  );
  const byAirport = new Map<string, string[]>();
  for (const [message, airport] of sorted) {
    const messages = byAirport.get(airport) ?? [];
    if (!messages.includes(message)) messages.push(message);
    byAirport.set(airport, messages);
  }
  return [...byAirport].map(([airport, messages]) =>
    `${airport} on ${listWords(messages.map((m) => `the ${m}`))}`
  ).join(", ");
}

/** Destination and position disagreements, and the CPM weight against the UWS gross. */
function valueFindings(u: FlightUld, c: FindingContext, add: Add): void {
  const seen = c.table.destinations.get(u.uldId) ?? [];
  if (new Set(seen.map(([, airport]) => airport)).size > 1) {
    add(
      "destination",
      u.uldId,
      `destination ${destinationsText(seen)}`,
    );
  }
  if (u.cpm !== null && u.ntmPosition !== null && u.ntmPosition !== "" && u.cpm.position !== "") {
    if (u.cpm.position !== u.ntmPosition) {
      add(
        "position",
        u.uldId,
        `position ${u.ntmPosition} on the NOTOC, ${u.cpm.position} on the CPM`,
      );
    }
  }
  if (u.cpm?.weight != null && u.uwsGross !== null) {
    const kg = c.options.toleranceKg ?? 50;
    const percent = c.options.tolerancePercent ?? 5;
    const tolerance = Math.max(kg, (u.uwsGross * percent) / 100);
    const off = Math.abs(u.cpm.weight - u.uwsGross);
    if (off > tolerance) {
      add(
        "weight",
        u.uldId,
        `CPM weight ${u.cpm.weight} kg, UWS gross ${u.uwsGross} kg: ${off} kg apart ` +
          `(tolerance ${Math.round(tolerance)} kg)`,
      );
    }
  }
}

type Add = (kind: FlightFindingKind, uldId: string, text: string) => void;

/** Every finding of the flight, most serious first, then in the table's order. */
export function flightFindings(c: FindingContext): FlightFinding[] {
  const found: FlightFinding[] = [];
  const add: Add = (kind, uldId, text) =>
    found.push({ severity: SEVERITY[kind], kind, uldId, message: `${uldId}: ${text}` });
  for (const u of c.table.ulds) {
    dgFindings(u, c, add);
    presenceFindings(u, c, add);
    valueFindings(u, c, add);
  }
  bulkFindings(c, add);
  // a stable sort: the table's order within one kind
  return found.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}
