// The flight check as plain text: what the Copy findings button puts on the clipboard and what
// `npm run cargo -- flight FILE` prints, so a load controller can paste it into a message or log.

import { FLIGHT_TEXTS } from "./texts.ts";
import type { FlightCheckResult } from "./types.ts";

const KIND_NAMES = {
  FFM: "FFM",
  UWS: "UWS",
  NTM: "NOTOC",
  CPM: "CPM",
  UCM: "UCM",
  SCM: "SCM",
  LDM: "LDM",
};

/** The flight, its messages, the findings (most serious first) and the notes, one per line. */
export function flightReport(r: FlightCheckResult): string {
  if (!r.ok) return r.error ?? "";
  const messages = r.messages.map((m) => `${KIND_NAMES[m.kind]} line ${m.line}`).join(", ");
  const lines = [`Flight check ${r.flight}`, `Messages: ${messages}`];
  if (r.uwsFromFfm) lines.push(FLIGHT_TEXTS["flight:uws_from_ffm"]);
  lines.push(`ULDs: ${r.ulds.length}`);
  if (r.findings.length === 0) lines.push(FLIGHT_TEXTS["flight:no_findings"]);
  else {
    lines.push(`Findings: ${r.findings.length}`);
    for (const f of r.findings) lines.push(`${f.severity.toUpperCase()} ${f.message}`);
  }
  if (r.notes.length > 0) lines.push("Notes:", ...r.notes.map((n) => `- ${n.message}`));
  return lines.join("\n");
}
