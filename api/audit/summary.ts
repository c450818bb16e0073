// An audit entry's summary by its code (issue 50): entries written since store their code and
// values beside the English text; an older entry stored the text only, and is read back to its
// code here by the catalogue's templates, so that the web translates every entry by code.

import { type MessageCode, MESSAGES } from "../rules/messages.ts";
import { AUDIT_MESSAGES } from "../rules/messages_audit.ts";
import type { AuditEntry } from "../store/records.ts";

/** The codes an audit summary has been written with. */
const SUMMARY_CODES: MessageCode[] = [
  ...(Object.keys(AUDIT_MESSAGES) as (keyof typeof AUDIT_MESSAGES)[]),
  "requests:no_reason",
];

/** Values that are always a number (the rest may be any text). */
const NUMBERS = new Set(["n", "count", "days"]);

/** One template as a pattern of a whole summary, with the names of its values in order. */
interface Template {
  code: MessageCode;
  match: RegExp;
  names: string[];
  fixed: number;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The templates, the most fixed text first (so "extended {days} days" wins over "{days} days"). */
const TEMPLATES: Template[] = SUMMARY_CODES.map((code) => {
  const english: string = MESSAGES[code];
  const names = [...english.matchAll(PLACEHOLDER)].map((m) => m[1]);
  const parts = english.split(PLACEHOLDER);
  const source = parts.map((part, i) =>
    i % 2 === 0 ? escape(part) : NUMBERS.has(part) ? "(\\d+)" : "(.+?)"
  );
  const fixed = parts.filter((_, i) => i % 2 === 0).join("").length;
  return { code, match: new RegExp(`^${source.join("")}$`, "s"), names, fixed };
}).sort((a, b) => b.fixed - a.fixed);

/** The code and values of an English summary, or null for a text of data (a name, a list). */
export function summaryCode(
  summary: string,
): { code: MessageCode; params: Record<string, string> } | null {
  for (const t of TEMPLATES) {
    const m = t.match.exec(summary);
    if (m === null) continue;
    const params: Record<string, string> = {};
    t.names.forEach((name, i) => params[name] = m[i + 1]);
    return { code: t.code, params };
  }
  return null;
}

/** An entry as the log answers it: with its summary's code and values, those an older entry
 * lacks read back from its English text. */
export function withSummaryCode(entry: AuditEntry): AuditEntry {
  if (entry.code !== undefined) return entry;
  const found = summaryCode(entry.summary);
  return found === null ? entry : { ...entry, ...found };
}
