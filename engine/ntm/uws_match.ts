// UWS/NTM match (design 4.4), read as a load controller reads it: one result per ULD and side,
// with the DGSL/XDGSL codes of all its items compared as sets. A ULD is green when the other side
// has it with the same codes, or when it is a UWS ULD with no codes that the NOTOC does not name
// (nothing to notify); everything else is red, and the message leads with what matters most.

import { referenceLists } from "../reference_data.ts";
import type { MatchEntry, MatchFinding, MatchResult, ReferenceLists, TextSpan } from "../types.ts";
import { readNtm } from "./notoc.ts";
import { readUws } from "./uws_lines.ts";
import type { EngineText } from "../messages/texts.ts";
import { sayNtm } from "./texts.ts";

/** One ULD on one side: its places, list codes and the codes outside the lists. */
export interface SideUld {
  uldId: string;
  occurrences: TextSpan[];
  codes: string[];
  others: string[];
}

/** The DGSL and XDGSL codes of the lists in use, as sets. */
export interface CodeLists {
  dgsl: ReadonlySet<string>;
  xdgsl: ReadonlySet<string>;
}

/** The code sets of reference lists (the built-in ones where a list is missing). */
export function codeLists(lists: ReferenceLists = {}): CodeLists {
  const { dgslCodes, xdgslCodes } = referenceLists(lists);
  return { dgsl: new Set(dgslCodes), xdgsl: new Set(xdgslCodes) };
}

/** True when the code is on the DGSL or the XDGSL list. */
export const isListed = (lists: CodeLists, code: string) =>
  lists.dgsl.has(code) || lists.xdgsl.has(code);

/** Groups a side's entries by ULD id, in first-seen order, splitting listed and other codes. */
export function groupSide(
  entries: readonly { uldId: string; offset: number; codes: readonly string[] }[],
  lists: CodeLists,
): Map<string, SideUld> {
  const side = new Map<string, SideUld>();
  const seen = new Map<string, Set<string>>();
  for (const e of entries) {
    if (e.uldId === "") continue;
    let uld = side.get(e.uldId);
    if (uld === undefined) {
      uld = { uldId: e.uldId, occurrences: [], codes: [], others: [] };
      side.set(e.uldId, uld);
      seen.set(e.uldId, new Set());
    }
    // entries come in text order: an item printed twice repeats its place only right after it
    if (uld.occurrences.at(-1)?.offset !== e.offset) {
      uld.occurrences.push({ offset: e.offset, length: e.uldId.length });
    }
    const codes = seen.get(e.uldId)!;
    for (const code of e.codes) {
      if (codes.has(code)) continue;
      codes.add(code);
      (isListed(lists, code) ? uld.codes : uld.others).push(code);
    }
  }
  return side;
}

/** The codes of `a` that `b` lacks. */
export function lacking(a: readonly string[], b: readonly string[] | undefined): string[] {
  const other = new Set(b);
  return a.filter((code) => !other.has(code));
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && lacking(a, b).length === 0;

/** A match that could not be made: its error is its message too. */
function failed(said: EngineText): MatchResult {
  const { code, params, message } = said;
  return {
    ok: false,
    error: message,
    errorCode: code,
    ...(params === undefined ? {} : { errorParams: params, messageParams: params }),
    warnings: [],
    matched: false,
    message,
    messageCode: code,
    results: [],
    findings: [],
  };
}

const unlisted = (code: string) => sayNtm("ntm:code_not_listed", { code });

/** The note for a code outside both lists. */
export const unlistedNote = (code: string) => unlisted(code).message;

function entry(type: "uws" | "ntm", uld: SideUld, color: "green" | "red"): MatchEntry {
  const [first] = uld.occurrences;
  return {
    type,
    uldId: uld.uldId,
    offset: first.offset,
    length: first.length,
    occurrences: uld.occurrences,
    color,
    dgslList: uld.codes,
    notes: uld.others.map(unlistedNote),
    noteTexts: uld.others.map(unlisted),
  };
}

/** The differences of the two sides, most serious first (design 4.4). */
function findingsOf(uws: Map<string, SideUld>, ntm: Map<string, SideUld>): MatchFinding[] {
  const findings: MatchFinding[][] = [[], [], [], []];
  for (const n of ntm.values()) {
    const missing = lacking(n.codes, uws.get(n.uldId)?.codes);
    if (missing.length > 0) {
      findings[0].push({
        kind: "ntm-dg-not-on-uws",
        uldId: n.uldId,
        ...sayNtm("ntm:dg_not_on_uws", { uld: n.uldId, codes: missing.join(", ") }),
      });
    } else if (!uws.has(n.uldId)) {
      findings[2].push({
        kind: "ntm-only",
        uldId: n.uldId,
        ...sayNtm("ntm:ntm_only", { uld: n.uldId }),
      });
    }
  }
  for (const u of uws.values()) {
    const extra = lacking(u.codes, ntm.get(u.uldId)?.codes);
    if (extra.length > 0) {
      findings[1].push({
        kind: "uws-dg-not-on-ntm",
        uldId: u.uldId,
        ...sayNtm("ntm:dg_not_on_ntm", { uld: u.uldId, codes: extra.join(", ") }),
      });
    }
  }
  return findings.flat();
}

/** The message's codes by the most serious kind of difference: its ULDs all shown, or three
 * of them and how many more. */
const LEADS = {
  "ntm-dg-not-on-uws": ["ntm:dg_not_on_uws_lead", "ntm:dg_not_on_uws_lead_more"],
  "uws-dg-not-on-ntm": ["ntm:dg_not_on_ntm_lead", "ntm:dg_not_on_ntm_lead_more"],
  "ntm-only": ["ntm:ntm_only_lead", "ntm:ntm_only_lead_more"],
} as const satisfies Record<MatchFinding["kind"], readonly [string, string]>;

/** The message of a match with `red` of `total` entries red: led by the most serious kind of
 * difference and the ULDs it concerns, when there is a difference. */
function mismatchText(
  findings: readonly MatchFinding[],
  red: number,
  total: number,
  flight: string,
): EngineText {
  if (findings.length === 0) return sayNtm("ntm:some_differ", { red, total, flight });
  const kind = findings[0].kind;
  const ulds = findings.filter((f) => f.kind === kind).map((f) => f.uldId);
  const [all, more] = LEADS[kind];
  if (ulds.length <= 3) return sayNtm(all, { ulds: ulds.join(", "), red, total, flight });
  const shown = ulds.slice(0, 3).join(", ");
  return sayNtm(more, { ulds: shown, more: ulds.length - 3, red, total, flight });
}

/** Matches a UWS against an NTM; offsets and lengths refer to the texts as given. */
export function matchUwsNtm(
  uwsInput: string,
  ntmInput: string,
  lists: ReferenceLists = {},
): MatchResult {
  const uwsRaw = typeof uwsInput === "string" ? uwsInput : "";
  const ntmRaw = typeof ntmInput === "string" ? ntmInput : "";
  if (uwsRaw.trim() === "") return failed(sayNtm("ntm:uws_empty"));
  if (ntmRaw.trim() === "") return failed(sayNtm("ntm:ntm_empty"));
  const codes = codeLists(lists);
  const all = new Set([...codes.dgsl, ...codes.xdgsl]);
  const uwsRead = readUws(uwsRaw, all);
  const ntmRead = readNtm(ntmRaw, all);
  if (uwsRead.ulds.length === 0) return failed(sayNtm("ntm:uws_invalid"));
  // a printed NOTOC is known by its shape, even with bulk items only or none (nothing in a ULD to
  // notify); the teletype form is NTM data when it names a ULD
  if (ntmRead.layout === "teletype" && ntmRead.items.length === 0) {
    return failed(sayNtm("ntm:ntm_invalid"));
  }
  if (uwsRead.flight === null) return failed(sayNtm("ntm:uws_no_flight"));
  if (ntmRead.flight === null) return failed(sayNtm("ntm:ntm_no_flight"));
  if (uwsRead.flight !== ntmRead.flight) {
    return failed(sayNtm("ntm:flight_mismatch", { uws: uwsRead.flight, ntm: ntmRead.flight }));
  }

  const uws = groupSide(uwsRead.ulds, codes);
  const ntm = groupSide(ntmRead.items, codes);
  const results: MatchEntry[] = [
    ...[...uws.values()].map((u) => {
      const n = ntm.get(u.uldId);
      const green = n === undefined ? u.codes.length === 0 : sameSet(u.codes, n.codes);
      return entry("uws", u, green ? "green" : "red");
    }),
    ...[...ntm.values()].map((n) => {
      const u = uws.get(n.uldId);
      return entry("ntm", n, u !== undefined && sameSet(u.codes, n.codes) ? "green" : "red");
    }),
  ];
  const findings = findingsOf(uws, ntm);
  const red = results.filter((r) => r.color === "red").length;
  const flight = uwsRead.flight;
  const said = red === 0
    ? sayNtm("ntm:all_match", { count: results.length, flight })
    : mismatchText(findings, red, results.length, flight);
  return {
    ok: true,
    // the NOTOC's bulk items are not compared: the UWS gives bulk by destination only (the
    // flight check compares them with the FFM's bulk)
    warnings: [],
    matched: red === 0,
    message: said.message,
    messageCode: said.code,
    ...(said.params === undefined ? {} : { messageParams: said.params }),
    results,
    findings,
  };
}
