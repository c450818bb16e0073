// The pending requests from the sign-in page, in KV: one per code and kind, two indexes in time
// order (every station, and one per station for station admins) whose values are the records,
// and counters (all stations and per station) kept in the same atomic write as every request
// added or taken away, so queues page newest first with a cursor and count without a scan.

import { storedFlags } from "../rules/flags.ts";
import { commitGroups, WriteGroup } from "../kv/limits.ts";
import { keys } from "../store/keys.ts";
import type { RequestAccount, RequestKind, RequestRecord, UserRecord } from "../store/records.ts";

/** The three kinds of request. */
export const REQUEST_KINDS: readonly RequestKind[] = [
  "activation",
  "password-reset",
  "registration",
];

/** Pending requests of one kind beyond which new ones are dropped (with the same answer). */
export const MAX_PENDING = 10_000;

const MINUS_ONE = (1n << 64n) - 1n; // KvU64 sums wrap around: adding this subtracts one

/** Sets the time index entries of a request (every station, and its own) in `op`. */
function index(op: Deno.AtomicOperation, record: RequestRecord, station: string) {
  const { kind, requestedAt, employeeCode } = record;
  return op.set(keys.requestByTime(kind, requestedAt, employeeCode), record)
    .set(keys.requestByTime(kind, requestedAt, employeeCode, station), record);
}

/** Deletes the index entries of a request in `op`, the station index of earlier versions too. */
function unindex(op: Deno.AtomicOperation, record: RequestRecord, station: string) {
  const { kind, requestedAt, employeeCode } = record;
  return op.delete(keys.requestByTime(kind, requestedAt, employeeCode))
    .delete(keys.requestByTime(kind, requestedAt, employeeCode, station))
    .delete(keys.requestByStation(kind, station, employeeCode));
}

/** Adds a request to `op` unless one of its kind is pending for the code (checked in `op`). */
export function addRequest(op: Deno.AtomicOperation, record: RequestRecord): Deno.AtomicOperation {
  const station = record.station ?? "";
  op.check({ key: keys.request(record.kind, record.employeeCode), versionstamp: null })
    .set(keys.request(record.kind, record.employeeCode), record);
  return index(op, record, station)
    .sum(keys.requestCount(record.kind), 1n)
    .sum(keys.requestCount(record.kind, station), 1n);
}

/** Takes a pending request away in `op` (checked, so of two handlers exactly one succeeds). */
export function removeRequest(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<RequestRecord>,
): Deno.AtomicOperation {
  const { kind, employeeCode } = entry.value;
  const station = entry.value.station ?? "";
  op.check(entry).delete(keys.request(kind, employeeCode));
  return unindex(op, entry.value, station)
    .sum(keys.requestCount(kind), MINUS_ONE)
    .sum(keys.requestCount(kind, station), MINUS_ONE);
}

/** Moves a pending request to the station its account moved to, in `op`. */
export function moveRequest(
  op: Deno.AtomicOperation,
  entry: Deno.KvEntry<RequestRecord>,
  station: string,
): Deno.AtomicOperation {
  const { kind, employeeCode } = entry.value;
  const from = entry.value.station ?? "";
  const { requestedAt } = entry.value;
  const moved = { ...entry.value, station };
  // the every-station entry is only rewritten: a delete and a set of one key in one write
  // would depend on their order
  return op.check(entry).set(keys.request(kind, employeeCode), moved)
    .delete(keys.requestByTime(kind, requestedAt, employeeCode, from))
    .delete(keys.requestByStation(kind, from, employeeCode))
    .set(keys.requestByTime(kind, requestedAt, employeeCode), moved)
    .set(keys.requestByTime(kind, requestedAt, employeeCode, station), moved)
    .sum(keys.requestCount(kind, from), MINUS_ONE)
    .sum(keys.requestCount(kind, station), 1n);
}

/** The pending request of a kind for a code. */
export async function pendingRequest(
  kv: Deno.Kv,
  kind: RequestKind,
  code: string,
): Promise<Deno.KvEntry<RequestRecord> | null> {
  const entry = await kv.get<RequestRecord>(keys.request(kind, code));
  return entry.value === null ? null : entry as Deno.KvEntry<RequestRecord>;
}

/** The keys of a code's requests, one per kind (read with other keys of the code in one read). */
export function requestKeys(code: string): Deno.KvKey[] {
  return REQUEST_KINDS.map((kind) => keys.request(kind, code));
}

/** Every pending request of a code (to take away with the account) among the entries read at
 * `requestKeys`. */
export function pendingOf(
  entries: readonly Deno.KvEntryMaybe<RequestRecord>[],
): Deno.KvEntry<RequestRecord>[] {
  return entries.filter((e): e is Deno.KvEntry<RequestRecord> => e.value !== null);
}

/** How many requests of a kind are pending, in every station or in one. */
export async function countRequests(
  kv: Deno.Kv,
  kind: RequestKind,
  station?: string,
): Promise<number> {
  const entry = await kv.get<Deno.KvU64>(keys.requestCount(kind, station));
  return Number(entry.value?.value ?? 0n);
}

/** The statistics' counts of pending requests of each kind, in one read. */
export async function pendingCounts(kv: Deno.Kv, station: string | null) {
  const [activation, reset, registration] = await kv.getMany<Deno.KvU64[]>(
    REQUEST_KINDS.map((kind) => keys.requestCount(kind, station ?? undefined)),
  );
  const n = (e: Deno.KvEntryMaybe<Deno.KvU64>) => Number(e.value?.value ?? 0n);
  return {
    pendingActivationRequests: n(activation),
    pendingPasswordResetRequests: n(reset),
    pendingRegistrationRequests: n(registration),
  };
}

/** Index entries one page read looks at, at most: a search that matches little answers the
 * matches among them with a cursor that goes on, never a read of the whole queue. */
export const SCAN_LIMIT = 500;

/** What a queue page asks for: a station's queue or every station's, the text to look for in
 * the code and the name, the page size and where it starts. */
export interface QueueAsk {
  station?: string;
  search?: string;
  limit: number;
  cursor?: string;
}

/** Whether a request's code or name holds the searched text (case-insensitive). */
function matches(r: RequestRecord, text: string): boolean {
  if (text === "") return true;
  const reg = r.registration ?? {};
  const names = [r.employeeCode, r.userInfo?.fullName, reg.firstName, reg.middleName, reg.lastName];
  return names.some((n) => typeof n === "string" && n.toLowerCase().includes(text));
}

/**
 * A page of a queue newest first, and the cursor of what follows (null at the end). With a
 * search, at most SCAN_LIMIT entries are read: the page may hold fewer than `limit` matches
 * and still have a cursor.
 */
export async function pageRequests(
  kv: Deno.Kv,
  kind: RequestKind,
  ask: QueueAsk,
): Promise<{ requests: RequestRecord[]; cursor: string | null }> {
  const text = (ask.search ?? "").trim().toLowerCase();
  const requests: RequestRecord[] = [];
  const iter = kv.list<RequestRecord>({ prefix: [...keys.requestsByTime(kind, ask.station)] }, {
    // one more than is read: when it exists, there is more
    limit: (text === "" ? ask.limit : SCAN_LIMIT) + 1,
    cursor: ask.cursor || undefined,
    reverse: true,
  });
  let read = 0;
  let after: string | undefined = ask.cursor || undefined;
  for await (const e of iter) {
    if (requests.length === ask.limit || read === SCAN_LIMIT) {
      return { requests, cursor: after ?? null };
    }
    read++;
    // the operation id is the store's, never answered
    const { opId: _op, ...request } = e.value;
    if (matches(request, text)) requests.push(request);
    after = iter.cursor;
  }
  return { requests, cursor: null };
}

/**
 * Gives requests stored before the time indexes and the counters existed their station, index
 * entries and counts, once (a marker says it was done), and takes away the station index by
 * code of earlier versions; the counts are set, not added, so two processes starting together
 * agree.
 */
export async function indexOldRequests(kv: Deno.Kv): Promise<void> {
  if ((await kv.get(keys.requestsTimeIndexed())).value !== null) return;
  const counts = new Map<string, bigint>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0n) + 1n);
  let op = kv.atomic();
  let n = 0;
  for await (const e of kv.list<RequestRecord>({ prefix: keys.allRequests() })) {
    const r = e.value;
    const user = r.station === undefined
      ? (await kv.get<{ station: string }>(keys.user(r.employeeCode))).value
      : null;
    const station = r.station ?? user?.station ?? r.registration?.station ?? "";
    const record = { ...r, station };
    index(op.set(e.key, record), record, station)
      .delete(keys.requestByStation(r.kind, station, r.employeeCode));
    add(JSON.stringify([r.kind]));
    add(JSON.stringify([r.kind, station]));
    if (++n % 50 === 0) {
      await op.commit();
      op = kv.atomic();
    }
  }
  await op.commit();
  // a count a kind and station: more than one write takes with many stations (kv/limits.ts);
  // set before the marker, so a start that stops between them does it all again
  const sets = [...counts].map(([key, value]) => {
    const [kind, station] = JSON.parse(key) as [RequestKind, string | undefined];
    return new WriteGroup().set(keys.requestCount(kind, station), new Deno.KvU64(value));
  });
  await commitGroups(kv, sets);
  await kv.atomic().check({ key: keys.requestsTimeIndexed(), versionstamp: null })
    .set(keys.requestsTimeIndexed(), true).commit();
}

/** A page's requests, each with its account as it is now (`RequestAccount`, null when there is
 * none): the web offers on each card only what the rules allow (issue 48). Ten keys a read, the
 * reads together. */
export async function withAccounts(
  kv: Deno.Kv,
  requests: RequestRecord[],
): Promise<RequestRecord[]> {
  const parts: RequestRecord[][] = [];
  for (let i = 0; i < requests.length; i += 10) parts.push(requests.slice(i, i + 10));
  const read = await Promise.all(
    parts.map((p) => kv.getMany<UserRecord[]>(p.map((r) => keys.user(r.employeeCode)))),
  );
  return read.flat().map((e, i) => ({ ...requests[i], account: requestAccount(e.value) }));
}

/** The `RequestAccount` of a stored account (null: none). */
function requestAccount(user: UserRecord | null): RequestAccount | null {
  if (user === null) return null;
  const { role, station, isActive } = user;
  return { role, station, isActive, ...storedFlags(user) };
}
