// The findings of a flight check (design 4.7), most serious first: dangerous goods the NOTOC and
// the FFM or UWS disagree on (critical); a ULD missing where it must be, a destination or position
// disagreement, the LDM off the CPM or the UWS (major, ldm_findings.ts); a CPM weight off the UWS
// gross, a CPM ULD not on the UCM OUT list, a CPM load type other than the UCM's (minor).

import { lacking } from "../ntm/uws_match.ts";
import type { EngineText } from "../messages/texts.ts";
import { listWords } from "../text.ts";
import type { FlightRead } from "./read.ts";
import type { FlightTable } from "./table.ts";
import { ldmFindings } from "./ldm_findings.ts";
import { sayFlight } from "./texts.ts";
import type {
  FindingPlace,
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
  "ldm-compartment",
  "ldm-cargo",
  "ldm-destination",
  "weight",
  "cpm-not-on-ucm",
  "load-type",
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
  "ldm-compartment": "major",
  "ldm-cargo": "major",
  "ldm-destination": "major",
  weight: "minor",
  "cpm-not-on-ucm": "minor",
  "load-type": "minor",
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
  note: (text: EngineText) => void;
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
    const code = fromFfm.length > 0 && fromUws.length > 0
      ? "flight:dg_ffm_uws_not_on_ntm"
      : fromFfm.length > 0
      ? "flight:dg_ffm_not_on_ntm"
      : "flight:dg_uws_not_on_ntm";
    add("dg-not-on-ntm", sayFlight(code, { uld: u.uldId, codes: missing.join(", ") }), u.uldId);
  }
  if (!c.hasUws) return;
  const notOnUws = lacking(onNtm, u.codes.uws ?? []);
  const setting = notOnUws.filter((code) => bySetting(c.options).includes(code));
  for (const code of setting) {
    c.note(sayFlight("flight:per_by_setting", { uld: u.uldId, code }));
  }
  const real = lacking(notOnUws, setting);
  if (real.length > 0) {
    const codes = real.join(", ");
    add("dg-not-on-uws", sayFlight("flight:dg_ntm_not_on_uws", { uld: u.uldId, codes }), u.uldId);
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
    // the bulk of no destination has texts of its own: `BULK (no destination)` is translated
    if (notOnNtm.length > 0) {
      const codes = notOnNtm.join(", ");
      const said = airport === ""
        ? sayFlight("flight:bulk_dg_ffm_not_on_ntm", { codes })
        : sayFlight("flight:dg_ffm_not_on_ntm", { uld: id, codes });
      add("bulk-dg", said, id);
    }
    if (notOnFfm.length > 0) {
      const codes = notOnFfm.join(", ");
      const said = airport === ""
        ? sayFlight("flight:bulk_dg_ntm_not_on_ffm", { codes })
        : sayFlight("flight:dg_ntm_not_on_ffm", { uld: id, codes });
      add("bulk-dg", said, id);
    }
  }
}

/** A ULD missing where it must be: UWS and CPM both ways, and a NOTOC ULD absent from the UWS. */
function presenceFindings(u: FlightUld, c: FindingContext, add: Add): void {
  const onUws = u.codes.uws !== null;
  const uld = { uld: u.uldId };
  if (c.read.cpm !== null && c.hasUws) {
    if (onUws && u.cpm === null) {
      add("uws-not-on-cpm", sayFlight("flight:uws_not_on_cpm", uld), u.uldId);
    }
    if (!onUws && u.cpm !== null) {
      add("cpm-not-on-uws", sayFlight("flight:cpm_not_on_uws", uld), u.uldId);
    }
  }
  if (c.hasUws && !onUws && u.codes.ntm !== null) {
    add("ntm-not-on-uws", sayFlight("flight:ntm_not_on_uws", uld), u.uldId);
  }
  if (c.read.ucm !== null && u.cpm !== null && u.ucm !== "out") {
    add("cpm-not-on-ucm", sayFlight("flight:cpm_not_on_ucm", uld), u.uldId);
  }
}

/** The CPM's load type against the UCM item's for the same ULD (E against X of a stacked base). */
function loadTypeFinding(u: FlightUld, c: FindingContext, add: Add): void {
  const ucm = c.read.ucm?.get(u.uldId)?.loadType ?? "";
  const cpm = u.cpm?.loadType ?? "";
  if (ucm === "" || cpm === "" || ucm === cpm) return;
  add("load-type", sayFlight("flight:load_type", { uld: u.uldId, cpm, ucm }), u.uldId);
}

const MESSAGE_ORDER = ["FFM", "UWS", "NOTOC", "CPM", "UCM"];

/** Each airport once, with the messages giving it, in the messages' order. */
function placesOf(seen: readonly [string, string][]): FindingPlace[] {
  const sorted = [...seen].sort((a, b) =>
    MESSAGE_ORDER.indexOf(a[0]) - MESSAGE_ORDER.indexOf(b[0])
  );
  const byAirport = new Map<string, string[]>();
  for (const [message, airport] of sorted) {
    const messages = byAirport.get(airport) ?? [];
    if (!messages.includes(message)) messages.push(message);
    byAirport.set(airport, messages);
  }
  return [...byAirport].map(([airport, messages]) => ({ airport, messages }));
}

/** `YYZ on the FFM and the UWS, YWG on the CPM`. */
const placesText = (places: readonly FindingPlace[]) =>
  places.map((p) => `${p.airport} on ${listWords(p.messages.map((m) => `the ${m}`))}`)
    .join(", ");

/** Destination and position disagreements, and the CPM weight against the UWS gross. */
function valueFindings(u: FlightUld, c: FindingContext, add: Add): void {
  const seen = c.table.destinations.get(u.uldId) ?? [];
  if (new Set(seen.map(([, airport]) => airport)).size > 1) {
    const places = placesOf(seen);
    const said = sayFlight("flight:destination", { uld: u.uldId, places: placesText(places) });
    add("destination", said, u.uldId, places);
  }
  if (u.cpm !== null && u.ntmPosition !== null && u.ntmPosition !== "" && u.cpm.position !== "") {
    if (u.cpm.position !== u.ntmPosition) {
      const [ntm, cpm] = [u.ntmPosition, u.cpm.position];
      add("position", sayFlight("flight:position", { uld: u.uldId, ntm, cpm }), u.uldId);
    }
  }
  if (u.cpm?.weight != null && u.uwsGross !== null) {
    const kg = c.options.toleranceKg ?? 50;
    const percent = c.options.tolerancePercent ?? 5;
    const tolerance = Math.max(kg, (u.uwsGross * percent) / 100);
    const off = Math.abs(u.cpm.weight - u.uwsGross);
    if (off > tolerance) {
      const said = sayFlight("flight:weight", {
        uld: u.uldId,
        cpm: u.cpm.weight,
        uws: u.uwsGross,
        off,
        tolerance: Math.round(tolerance),
      });
      add("weight", said, u.uldId);
    }
  }
}

type Add = (
  kind: FlightFindingKind,
  text: EngineText,
  uldId: string,
  places?: FindingPlace[],
) => void;

/** Every finding of the flight, most serious first, then in the table's order. */
export function flightFindings(c: FindingContext): FlightFinding[] {
  const found: FlightFinding[] = [];
  const add: Add = (kind, text, uldId, places) =>
    found.push({
      severity: SEVERITY[kind],
      kind,
      uldId,
      ...text,
      ...(places === undefined ? {} : { places }),
    });
  for (const u of c.table.ulds) {
    dgFindings(u, c, add);
    presenceFindings(u, c, add);
    valueFindings(u, c, add);
    loadTypeFinding(u, c, add);
  }
  bulkFindings(c, add);
  ldmFindings(c.read, c.options, add);
  // a stable sort: the table's order within one kind
  return found.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}
