// UWS/NTM match (design 4.4): the ULDs of a UWS and of an NTM with their DG codes, each coloured
// green when the other side has the same ULD with the same codes in the same order.

import { referenceLists } from "../reference_data.ts";
import { upperAscii } from "../text.ts";
import type { MatchEntry, MatchResult, ReferenceLists } from "../types.ts";

/** Spec error texts of the match (portal-and-converter.md section 5). */
export const MATCH_ERRORS = {
  uwsEmpty: "Please enter UWS data.",
  ntmEmpty: "Please enter NTM data.",
  uwsInvalid: "Invalid UWS data.",
  ntmInvalid: "Invalid NTM data.",
  uwsFlight: "Invalid UWS data (flight info seems missing)",
  ntmFlight: "Invalid NTM data (flight info seems missing)",
  mismatch: "Flight number and date not matched in both UWS and NTM",
} as const;

const FLIGHT_INFO_RE = /(?<![A-Z0-9])([A-Z0-9]{2}\d{3,4}\/\d{2})(?!\d)/;
const ULD_RE = /(?<![A-Z0-9])[A-Z][A-Z0-9]{2}[A-Z0-9]\d{3,4}[A-Z0-9]{2}(?![A-Z0-9])/g;
const WORD_RE = /[A-Z]{3}(?![A-Z0-9])/g;

interface Found {
  uldId: string;
  offset: number;
  length: number;
  codes: string[];
}

/** Finds every ULD id of a text and the DG codes that follow it up to the next ULD id or line end. */
function findUlds(text: string, codes: ReadonlySet<string>): Found[] {
  const found: Found[] = [];
  for (const m of text.matchAll(ULD_RE)) {
    found.push({ uldId: m[0], offset: m.index, length: m[0].length, codes: [] });
  }
  for (let i = 0; i < found.length; i++) {
    const from = found[i].offset + found[i].length;
    const nextUld = i + 1 < found.length ? found[i + 1].offset : text.length;
    let lineEnd = text.slice(from, nextUld).search(/[\r\n]/);
    if (lineEnd === -1) lineEnd = nextUld - from;
    const tail = text.slice(from, from + lineEnd);
    for (const w of tail.matchAll(WORD_RE)) {
      const before = w.index === 0 ? "" : tail[w.index - 1];
      if (/[A-Z0-9]/.test(before)) continue;
      if (codes.has(w[0]) && !found[i].codes.includes(w[0])) found[i].codes.push(w[0]);
    }
  }
  return found;
}

function failed(message: string): MatchResult {
  return { ok: false, error: message, warnings: [], matched: false, message, results: [] };
}

const sameCodes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((code, i) => code === b[i]);

/** Matches a UWS against an NTM; offsets and lengths refer to the texts as given. */
export function matchUwsNtm(
  uwsInput: string,
  ntmInput: string,
  lists: ReferenceLists = {},
): MatchResult {
  const uwsRaw = typeof uwsInput === "string" ? uwsInput : "";
  const ntmRaw = typeof ntmInput === "string" ? ntmInput : "";
  if (uwsRaw.trim() === "") return failed(MATCH_ERRORS.uwsEmpty);
  if (ntmRaw.trim() === "") return failed(MATCH_ERRORS.ntmEmpty);
  const uws = upperAscii(uwsRaw);
  const ntm = upperAscii(ntmRaw);
  const { dgslCodes, xdgslCodes } = referenceLists(lists);
  const codes = new Set([...dgslCodes, ...xdgslCodes]);
  const uwsUlds = findUlds(uws, codes);
  const ntmUlds = findUlds(ntm, codes);
  if (uwsUlds.length === 0) return failed(MATCH_ERRORS.uwsInvalid);
  if (ntmUlds.length === 0) return failed(MATCH_ERRORS.ntmInvalid);
  const uwsFlight = FLIGHT_INFO_RE.exec(uws)?.[1];
  if (uwsFlight === undefined) return failed(MATCH_ERRORS.uwsFlight);
  const ntmFlight = FLIGHT_INFO_RE.exec(ntm)?.[1];
  if (ntmFlight === undefined) return failed(MATCH_ERRORS.ntmFlight);
  if (uwsFlight !== ntmFlight) {
    return failed(`${MATCH_ERRORS.mismatch} (UWS: ${uwsFlight}, NTM: ${ntmFlight})`);
  }

  const colour = (mine: Found, other: readonly Found[]): "green" | "red" =>
    other.some((o) => o.uldId === mine.uldId && sameCodes(o.codes, mine.codes)) ? "green" : "red";
  const results: MatchEntry[] = [
    ...uwsUlds.map((f): MatchEntry => ({
      type: "uws",
      uldId: f.uldId,
      offset: f.offset,
      length: f.length,
      color: colour(f, ntmUlds),
      dgslList: f.codes,
    })),
    ...ntmUlds.map((f): MatchEntry => ({
      type: "ntm",
      uldId: f.uldId,
      offset: f.offset,
      length: f.length,
      color: colour(f, uwsUlds),
      dgslList: f.codes,
    })),
  ];
  const red = results.filter((r) => r.color === "red").length;
  return {
    ok: true,
    warnings: [],
    matched: red === 0,
    message: red === 0
      ? `All ${results.length} ULD entries match (flight ${uwsFlight})`
      : `${red} of ${results.length} ULD entries do not match (flight ${uwsFlight})`,
    results,
  };
}
