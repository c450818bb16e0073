// The audit log's CSV export (issue 27): the same filters and scope as the page, every cell
// through the shared CSV writer (no cell runs as a formula), streamed a few hundred entries at a
// time from the log or its index, so a range of a million entries never sits in memory.

import { actionLabel, changesText } from "../rules/audit.ts";
import { csvCell } from "../rules/csv.ts";
import type { AuditEntry } from "../store/records.ts";
import { keys } from "../store/keys.ts";
import { type AuditFilter, passes, selector, source } from "./log.ts";

/** The export's columns: the action's name beside its key. */
const COLUMNS: [string, (e: AuditEntry) => string][] = [
  ["Time (UTC)", (e) => e.at],
  ["Actor", (e) => e.actor],
  ["Action", (e) => actionLabel(e.action)],
  ["Action Key", (e) => e.action],
  ["Target", (e) => e.target],
  ["Summary", (e) => e.summary],
  ["Changes", (e) => changesText(e.changes)],
  ["Text Sent", (e) => e.detail ?? ""],
  ["Address", (e) => e.address ?? ""],
];

/** The export's first line (with the byte order mark, for spreadsheets). */
export const AUDIT_CSV_HEADER = `\ufeff${COLUMNS.map(([name]) => csvCell(name)).join(",")}\r\n`;

/** One entry's line. */
export function auditCsvLine(e: AuditEntry): string {
  return `${COLUMNS.map(([, get]) => csvCell(get(e))).join(",")}\r\n`;
}

/** Index keys read before their entries are fetched (ten a read, read together). */
const BATCH = 200;

/** The entries of index ids, in order, ten keys a read and the reads together. */
async function entriesOf(kv: Deno.Kv, ids: readonly string[]): Promise<AuditEntry[]> {
  const parts: string[][] = [];
  for (let i = 0; i < ids.length; i += 10) parts.push(ids.slice(i, i + 10));
  const read = await Promise.all(
    parts.map((p) => kv.getMany<AuditEntry[]>(p.map((id) => keys.audit(id)))),
  );
  return read.flat().flatMap((e) => (e.value === null ? [] : [e.value]));
}

/** The matching entries, newest first, a batch at a time. */
async function* matching(kv: Deno.Kv, q: AuditFilter): AsyncGenerator<AuditEntry[]> {
  const direct = source(q).length === 1;
  const iter = kv.list<AuditEntry | null>(selector(q), { reverse: true, batchSize: 500 });
  let ids: string[] = [];
  let found: AuditEntry[] = [];
  for await (const e of iter) {
    if (direct) {
      if (e.value !== null && passes(e.value, q)) found.push(e.value);
    } else ids.push(e.key[e.key.length - 1] as string);
    if (ids.length >= BATCH) {
      found.push(...(await entriesOf(kv, ids)).filter((x) => passes(x, q)));
      ids = [];
    }
    if (found.length >= BATCH) {
      yield found;
      found = [];
    }
  }
  if (ids.length > 0) found.push(...(await entriesOf(kv, ids)).filter((x) => passes(x, q)));
  if (found.length > 0) yield found;
}

/** The CSV's text in chunks: the header, then every matching entry, newest first. */
export async function* auditCsv(kv: Deno.Kv, q: AuditFilter): AsyncGenerator<string> {
  yield AUDIT_CSV_HEADER;
  for await (const batch of matching(kv, q)) yield batch.map(auditCsvLine).join("");
}
