// The users' CSV export, streamed: every user in the caller's scope read from the store in
// order, or (issue 52, item 10) only those the list's search and filters leave, found in the
// compact index as the list finds them and read by their codes, or, when they are many, picked
// from the users read in order. Memory stays flat at any size.

import type { z } from "zod";
import { inScope } from "../rules/access.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import { EXPORT_HEADER, exportLine } from "./export.ts";
import { listMatches, listMinute } from "./list.ts";
import type { listFilter } from "./list_routes.ts";
import type { UserOps } from "./ops.ts";
import type { IndexRow } from "./index_buckets.ts";

/** The list's search and filters, as the export takes them. */
export type ExportFilter = z.infer<typeof listFilter>;

/** Matching users beyond which the export reads every user in order and keeps the matching ones,
 * rather than reading each by its code (ten keys a read). */
export const BY_CODE_MAX = 2000;

/** Users read by code at once, and the text an export's chunk holds before it is sent. */
const BY_CODE_STEP = 200, CHUNK = 64 * 1024;

/** Whether a filter leaves every user in scope (no search, no filter). */
function leavesAll(f: ExportFilter): boolean {
  return f.search.trim() === "" && f.role === undefined && f.isActive === undefined &&
    f.station === undefined && f.locked === undefined && f.expiring === undefined &&
    f.twoFactor === undefined;
}

/**
 * The export's lines: the header, then the users in the actor's scope that `filter` leaves (null
 * or no filter: every one), in code order. The sign-in columns (last sign-in, locked until) come
 * from the lists' own copies of the sign-in states, brought up to date first, so the export
 * reads no state key. `byCodeMax`: see BY_CODE_MAX (tests make it small).
 */
export async function* exportLines(
  ops: UserOps,
  actor: UserRecord,
  now: number,
  filter: ExportFilter | null,
  byCodeMax = BY_CODE_MAX,
): AsyncGenerator<Uint8Array> {
  // each chunk encoded here, not by a TextEncoderStream after it: one stream stage fewer for
  // 16 MB of a 100,000-user export
  const encoder = new TextEncoder();
  const codes = filter === null || leavesAll(filter)
    ? null
    : await matchingCodes(ops, actor, filter, now);
  await ops.signIns.refresh();
  await ops.locks.at(now);
  yield encoder.encode(EXPORT_HEADER);
  if (codes === null) {
    yield* everyLine(ops, actor, encoder);
    return;
  }
  const users = codes.length <= byCodeMax
    ? byCode(ops, codes)
    : picked(ops.deps.kv, new Set(codes));
  for await (const batch of users) {
    let text = "";
    for (const u of batch) if (inScope(actor, u)) text += lineOf(ops, u);
    if (text !== "") yield encoder.encode(text);
  }
}

/** A user's line, with its sign-in columns from the lists' copies (see `exportLines`). */
function lineOf(ops: UserOps, u: UserRecord): string {
  const code = u.employeeCode;
  // lockEnd answers for the `now` of `at`: null unless the lock still holds then
  return exportLine(u, {
    lastLogin: ops.signIns.lastLogin(code),
    lockedUntil: ops.locks.lockEnd(code),
  });
}

/** The lines of every user in scope, read from the store in batches (the whole export: one
 * loop over the entries, nothing more per user than before the filters came, as its bench
 * measures it against a bare read). */
async function* everyLine(ops: UserOps, actor: UserRecord, encoder: TextEncoder) {
  let text = "";
  for await (
    const e of ops.deps.kv.list<UserRecord>({ prefix: [...keys.userPrefix()] }, { batchSize: 500 })
  ) {
    const u = e.value;
    if (!inScope(actor, u)) continue;
    const code = u.employeeCode;
    // lockEnd answers for the `now` of `at`: null unless the lock still holds then
    text += exportLine(u, {
      lastLogin: ops.signIns.lastLogin(code),
      lockedUntil: ops.locks.lockEnd(code),
    });
    if (text.length < CHUNK) continue;
    yield encoder.encode(text);
    text = "";
  }
  if (text !== "") yield encoder.encode(text);
}

/** The index rows of the users the filter leaves in the actor's scope, by code, as the list
 * finds them (the same index, search fold, expiry minute and locks): the export's and the bulk
 * actions' "all matching". */
export async function matchingRows(
  ops: UserOps,
  actor: UserRecord,
  filter: ExportFilter,
  now: number,
): Promise<readonly IndexRow[]> {
  await ops.index.refresh();
  const locked = await ops.locks.at(now);
  return listMatches(
    ops.index.by("employeeCode"),
    () => true,
    { ...filter, order: "asc" },
    { now: listMinute(now), locked, scope: ops.scopeOf(actor) },
  ).rows;
}

/** The codes of the users the filter leaves in the actor's scope, by code. */
async function matchingCodes(
  ops: UserOps,
  actor: UserRecord,
  filter: ExportFilter,
  now: number,
): Promise<string[]> {
  return (await matchingRows(ops, actor, filter, now)).map((r) => r.code);
}

/** The users of these codes, a few hundred at a time. */
async function* byCode(ops: UserOps, codes: readonly string[]) {
  for (let i = 0; i < codes.length; i += BY_CODE_STEP) {
    yield await ops.usersOf(codes.slice(i, i + BY_CODE_STEP));
  }
}

/** The users of these codes, picked from every user read in order. */
async function* picked(kv: Deno.Kv, codes: ReadonlySet<string>) {
  let batch: UserRecord[] = [];
  for await (
    const e of kv.list<UserRecord>({ prefix: [...keys.userPrefix()] }, { batchSize: 500 })
  ) {
    if (!codes.has(e.value.employeeCode)) continue;
    batch.push(e.value);
    if (batch.length < 500) continue;
    yield batch;
    batch = [];
  }
  if (batch.length > 0) yield batch;
}
