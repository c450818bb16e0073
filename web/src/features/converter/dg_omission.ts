// A DG omission (issue 52): a DG code on the NOTOC that the UWS lacks. The captain would fly
// without it, so it is no warning among others: the status line is red and names it, it leads the
// warnings, and no press of Convert & Copy or Copy Output copies such a UWS; a dialog that names
// the missing codes asks first. Which differences are omissions is the engine's word: the match's
// findings of kind "ntm-dg-not-on-uws" (design 4.4), with the ULD and its codes as the engine gave
// them. Pure functions: the store (converter.ts) holds the state.

import type { MatchFinding, MatchResult } from "../../../../engine/types.ts";
import { CONV_PAGE } from "./texts/conv_page.ts";
import { text } from "../../i18n/i18n.ts";

/** One ULD whose NOTOC codes the UWS lacks, as the engine's finding names them. */
export interface DgOmission {
  uldId: string;
  /** The missing codes, as the engine joined them ("MAG" or "MAG, RFG"). */
  codes: string;
}

/** True for the engine's finding of a DG code on the NOTOC that the UWS lacks. */
export const isOmission = (f: MatchFinding) => f.kind === "ntm-dg-not-on-uws";

/** The ULDs with DG on the NOTOC that the UWS lacks, in the engine's order (none without a
 * match, or while the UWS was edited after it). */
export function dgOmissions(match: MatchResult | null): DgOmission[] {
  if (match === null || !match.ok) return [];
  return match.findings
    .filter(isOmission)
    .map((f) => ({ uldId: f.uldId, codes: String(f.params?.codes ?? "") }));
}

/** The omissions on one line: `DVA2345AC MAG; DVA1234AC RFG, ELI`. */
export const omissionList = (omissions: readonly DgOmission[]) =>
  omissions.map((o) => `${o.uldId} ${o.codes}`).join("; ");

/** Every missing code once, in order: what the dialog's copy button names. */
export function missingCodes(omissions: readonly DgOmission[]): string {
  const codes = omissions.flatMap((o) => o.codes.split(", ")).filter((c) => c !== "");
  return [...new Set(codes)].join(", ");
}

/** A red status line of a DG omission (status.ts's StatusMessage, which imports this file). */
interface OmissionLine {
  tone: "error";
  critical: true;
  text: string;
}

/** The red line after a conversion whose UWS lacks the NOTOC's DG: nothing was copied. */
export function omissionStatus(
  omissions: readonly DgOmission[],
  notes: readonly string[] = [],
): OmissionLine {
  const said = text(CONV_PAGE, "dgOmission", { list: omissionList(omissions) });
  return { tone: "error", critical: true, text: [said, ...notes.map((n) => `${n}.`)].join(" ") };
}

/** The red line after such a UWS was copied on purpose, through the dialog. */
export function copiedWithOmission(omissions: readonly DgOmission[]): OmissionLine {
  return {
    tone: "error",
    critical: true,
    text: text(CONV_PAGE, "dgOmissionCopied", { list: omissionList(omissions) }),
  };
}
