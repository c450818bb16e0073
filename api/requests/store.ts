// The pending requests from the sign-in page, in KV: one per code and kind, an index by station
// for station admins, and counters (all stations and per station) kept in the same atomic write
// as every request added or taken away, so queues page with a cursor and count without a scan.

import { keys, type RequestKind, type RequestRecord } from "../store.ts";

/** The three kinds of request. */
export const REQUEST_KINDS: readonly RequestKind[] = [
  "activation",
  "password-reset",
  "registration",
];

/** Pending requests of one kind beyond which new ones are dropped (with the same answer). */
export const MAX_PENDING = 10_000;

const MINUS_ONE = (1n << 64n) - 1n; // KvU64 sums wrap around: adding this subtracts one

/** Adds a request to `op` unless one of its kind is pending for the code (checked in `op`). */
export function addRequest(op: Deno.AtomicOperation, record: RequestRecord): Deno.AtomicOperation {
  const station = record.station ?? "";
  return op.check({ key: keys.request(record.kind, record.employeeCode), versionstamp: null })
    .set(keys.request(record.kind, record.employeeCode), record)
    .set(keys.requestByStation(record.kind, station, record.employeeCode), null)
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
  return op.check(entry).delete(keys.request(kind, employeeCode))
    .delete(keys.requestByStation(kind, station, employeeCode))
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
  return op.check(entry).set(keys.request(kind, employeeCode), { ...entry.value, station })
    .delete(keys.requestByStation(kind, from, employeeCode))
    .set(keys.requestByStation(kind, station, employeeCode), null)
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

/** Every pending request of a code (to take away with the account). */
export async function requestsOf(
  kv: Deno.Kv,
  code: string,
): Promise<Deno.KvEntry<RequestRecord>[]> {
  const entries = await kv.getMany<RequestRecord[]>(
    REQUEST_KINDS.map((kind) => keys.request(kind, code)),
  );
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

/** A page of a queue in code order, and the cursor of the next page (null at the end). */
export async function pageRequests(
  kv: Deno.Kv,
  kind: RequestKind,
  station: string | undefined,
  limit: number,
  cursor: string | undefined,
): Promise<{ requests: RequestRecord[]; cursor: string | null }> {
  const requests: RequestRecord[] = [];
  const prefix = station === undefined
    ? keys.requests(kind)
    : keys.requestsOfStation(kind, station);
  // one more than a page: when it exists, there is a next page
  const iter = kv.list<RequestRecord | null>({ prefix: [...prefix] }, {
    limit: limit + 1,
    cursor: cursor || undefined,
  });
  const codes: string[] = [];
  let afterPage: string | null = null;
  let next: string | null = null;
  for await (const e of iter) {
    if (codes.length === limit) {
      next = afterPage;
      break;
    }
    codes.push(e.key[e.key.length - 1] as string);
    if (e.value !== null) requests.push(e.value);
    afterPage = iter.cursor;
  }
  if (station !== undefined) {
    for (let i = 0; i < codes.length; i += 10) {
      const entries = await kv.getMany<RequestRecord[]>(
        codes.slice(i, i + 10).map((code) => keys.request(kind, code)),
      );
      for (const e of entries) if (e.value !== null) requests.push(e.value);
    }
  }
  return { requests, cursor: next };
}

/**
 * Gives requests stored before the station index and the counters existed their station, index
 * entry and counts, once (a marker says it was done); the counts are set, not added, so two
 * processes starting together agree.
 */
export async function indexOldRequests(kv: Deno.Kv): Promise<void> {
  if ((await kv.get(keys.requestsIndexed())).value !== null) return;
  const counts = new Map<string, bigint>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0n) + 1n);
  let op = kv.atomic();
  let n = 0;
  for await (const e of kv.list<RequestRecord>({ prefix: ["requests"] })) {
    const r = e.value;
    const user = r.station === undefined
      ? (await kv.get<{ station: string }>(keys.user(r.employeeCode))).value
      : null;
    const station = r.station ?? user?.station ?? r.registration?.station ?? "";
    op.set(e.key, { ...r, station }).set(
      keys.requestByStation(r.kind, station, r.employeeCode),
      null,
    );
    add(JSON.stringify([r.kind]));
    add(JSON.stringify([r.kind, station]));
    if (++n % 200 === 0) {
      await op.commit();
      op = kv.atomic();
    }
  }
  await op.commit();
  const done = kv.atomic().check({ key: keys.requestsIndexed(), versionstamp: null })
    .set(keys.requestsIndexed(), true);
  for (const [key, value] of counts) {
    const [kind, station] = JSON.parse(key) as [RequestKind, string | undefined];
    done.set(keys.requestCount(kind, station), new Deno.KvU64(value));
  }
  await done.commit();
}
