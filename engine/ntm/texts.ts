// The UWS/NTM match's texts by code (engine/messages/texts.ts says why codes). The match's
// message leads with the most serious kind of difference, its ULDs shown as three at most and
// "and {more} more": each lead and each ending has its own code, so that every English text is
// exactly what it was.

import { sayerOf } from "../messages/texts.ts";

/** Every warning, error and finding of the UWS/NTM match: code to English template. */
export const NTM_TEXTS = {
  // errors (spec texts, portal-and-converter.md section 5)
  "ntm:uws_empty": "Please enter UWS data.",
  "ntm:ntm_empty": "Please enter NTM data.",
  "ntm:uws_invalid": "Invalid UWS data.",
  "ntm:ntm_invalid": "Invalid NTM data.",
  "ntm:uws_no_flight": "Invalid UWS data (flight info seems missing)",
  "ntm:ntm_no_flight": "Invalid NTM data (flight info seems missing)",
  "ntm:flight_mismatch":
    "Flight number and date not matched in both UWS and NTM (UWS: {uws}, NTM: {ntm})",
  // the match's message
  "ntm:all_match": "All {count} ULD entries match (flight {flight})",
  "ntm:some_differ": "{red} of {total} ULD entries do not match (flight {flight})",
  "ntm:dg_not_on_uws_lead":
    "DG on the NOTOC that the UWS lacks: {ulds}. {red} of {total} ULD entries do not match (flight {flight})",
  "ntm:dg_not_on_uws_lead_more":
    "DG on the NOTOC that the UWS lacks: {ulds} and {more} more. {red} of {total} ULD entries do not match (flight {flight})",
  "ntm:dg_not_on_ntm_lead":
    "DG on the UWS that the NOTOC lacks: {ulds}. {red} of {total} ULD entries do not match (flight {flight})",
  "ntm:dg_not_on_ntm_lead_more":
    "DG on the UWS that the NOTOC lacks: {ulds} and {more} more. {red} of {total} ULD entries do not match (flight {flight})",
  "ntm:ntm_only_lead":
    "On the NOTOC only: {ulds}. {red} of {total} ULD entries do not match (flight {flight})",
  "ntm:ntm_only_lead_more":
    "On the NOTOC only: {ulds} and {more} more. {red} of {total} ULD entries do not match (flight {flight})",
  // findings, one per ULD, and the note on a code outside the lists
  "ntm:dg_not_on_uws": "{uld}: {codes} on the NOTOC, not on the UWS",
  "ntm:dg_not_on_ntm": "{uld}: {codes} on the UWS, not on the NOTOC",
  "ntm:ntm_only": "{uld} is on the NOTOC, not on the UWS",
  "ntm:code_not_listed": "{code} is not in the DGSL list, so the UWS cannot carry it",
} as const satisfies Record<string, string>;

/** A text of the match by its code and values (engine/messages/texts.ts). */
export const sayNtm = sayerOf(NTM_TEXTS);
