// Writes of many users at once (a CSV import) that are all or nothing. A denokv server takes at
// most 10 checks a write (kv/limits.ts) and each user checks up to 3 keys, so the users go in
// many atomic writes, each as full as the limits allow and each checking that what was read is
// still there. When a write fails because another writer took a code or an email, the writes
// before it are undone, each undo checking that nobody has touched the user since. Every record
// carries the operation's id: a write the client re-sent after its answer was lost (it landed,
// so its checks fail the second time) is recognised as this operation's, not as a conflict.

import { audit, type AuditSummary, type AuditTime } from "../store/audit.ts";
import type { AuditParty, UserRecord } from "../store/records.ts";
import { keys } from "../store/keys.ts";
import type { AuditAction } from "../rules/audit.ts";
import { commitGroups, fitOneWrite, GroupStaging, WriteGroup } from "../kv/limits.ts";
import { fieldChanges } from "./changes.ts";
import { stageUserWrite } from "./store.ts";

/** One user of a batch: a new account (`before` null) or a change of the account as read. */
export interface BatchItem {
  before: Deno.KvEntry<UserRecord> | null;
  after: UserRecord;
  /** The audit entry's summary ('created', 'updated'). */
  summary: AuditSummary;
}

/** What the batch is, for the audit entries. */
export interface BatchAudit {
  /** The entries' time and retention (`auditAt`, with the settings the request read). */
  at: AuditTime;
  actor: AuditParty;
  action: AuditAction;
}

/** A user written by this operation, with the keys of its audit entry (undone with it). */
interface Written {
  item: BatchItem;
  auditKeys: Deno.KvKey[];
}

/** Tries of a write that lost only races for index buckets with writes of other users. */
const INDEX_TRIES = 10;

/**
 * Stages items from `from` on, one group each, through one staging operation (so users of one
 * index bucket build on each other), as many as fit one atomic write; at least one.
 */
async function nextWrite<T>(
  items: readonly T[],
  from: number,
  stage: (staging: GroupStaging, item: T) => Promise<void>,
): Promise<WriteGroup[]> {
  const staging = new GroupStaging();
  const groups: WriteGroup[] = [];
  for (let i = from; i < items.length; i++) {
    const group = staging.group = new WriteGroup();
    await stage(staging, items[i]);
    // an index bucket staged here holds this user too: the next write reads it again
    if (groups.length > 0 && !fitOneWrite([...groups, group])) break;
    groups.push(group);
  }
  return groups;
}

/**
 * Writes every item or none. Answers ok, or which item's write failed (its code taken, its
 * email taken, or the account changed since it was read); then nothing is left written, unless
 * `undone` is false: someone changed a user of an earlier write before it could be undone.
 */
export async function writeUsers(
  kv: Deno.Kv,
  given: readonly BatchItem[],
  who: BatchAudit,
): Promise<{ ok: true } | { ok: false; failedAt: BatchItem; undone: boolean }> {
  const opId = crypto.randomUUID();
  const items = given.map((i) => ({ ...i, after: { ...i.after, opId } }));
  const written: Written[] = [];
  let at = 0;
  for (let attempt = 1; at < items.length; attempt++) {
    const staged: Written[] = [];
    const groups = await nextWrite(items, at, async (staging, item) => {
      // imports never change roles or activity: no super admin can go away here
      await stageUserWrite(kv, staging, item.before, item.after);
      const first = staging.group.mutations.length;
      auditItem(staging, item, who);
      staged.push({ item, auditKeys: staging.group.mutations.slice(first).map((m) => m.key) });
    });
    const batch = staged.slice(0, groups.length);
    if ((await commitGroups(kv, groups)).ok || await landed(kv, batch.map((w) => w.item))) {
      written.push(...batch);
      at += batch.length;
      attempt = 0;
      continue;
    }
    const failedAt = await firstFailure(kv, batch.map((w) => w.item));
    // every user and email as read: another user's write changed an index bucket; again
    if (failedAt === null && attempt < INDEX_TRIES) continue;
    return { ok: false, failedAt: failedAt ?? batch[0].item, undone: await undo(kv, written) };
  }
  return { ok: true };
}

/** Adds an item's audit entry to the staging. */
function auditItem(staging: GroupStaging, item: BatchItem, who: BatchAudit) {
  audit(
    staging,
    who.at,
    who.actor,
    who.action,
    {
      employeeCode: item.after.employeeCode,
      station: [item.before?.value.station ?? item.after.station, item.after.station],
    },
    item.summary,
    undefined,
    // an import's update: each field it changed (issue 27)
    { changes: item.before === null ? [] : fieldChanges(item.before.value, item.after) },
  );
}

/** The records of items' accounts as they are now, ten to a read. */
async function current(kv: Deno.Kv, items: readonly BatchItem[]) {
  const out: Deno.KvEntryMaybe<UserRecord>[] = [];
  for (let i = 0; i < items.length; i += 10) {
    const part = items.slice(i, i + 10).map((w) => keys.user(w.after.employeeCode));
    out.push(...await kv.getMany<UserRecord[]>(part));
  }
  return out;
}

/** Whether a record is the one this operation wrote for `item`. */
const ours = (record: UserRecord | null, item: BatchItem) =>
  record !== null && record.opId === item.after.opId && record.updatedAt === item.after.updatedAt;

/** Whether a write whose commit failed had landed all the same: its answer was lost and the
 * client sent it again, when its checks could only fail. (One write lands whole or not at all.) */
async function landed(kv: Deno.Kv, batch: readonly BatchItem[]) {
  const now = await current(kv, batch);
  return batch.length > 0 && now.every((e, i) => ours(e.value, batch[i]));
}

/** The item of a failed write whose account or email is no longer as read, or null. */
async function firstFailure(kv: Deno.Kv, batch: BatchItem[]): Promise<BatchItem | null> {
  const now = await current(kv, batch);
  for (const [i, item] of batch.entries()) {
    if (now[i].versionstamp !== (item.before?.versionstamp ?? null)) return item;
    const email = item.after.email.toLowerCase();
    if (email !== "" && email !== item.before?.value.email.toLowerCase()) {
      const owner = await kv.get<string>(keys.userByEmail(email));
      if (owner.value !== null && owner.value !== item.after.employeeCode) return item;
    }
  }
  return null;
}

/** Whether an account is as it was before this operation (its undo landed already). */
function restored(record: UserRecord | null, item: BatchItem) {
  const was = item.before?.value ?? null;
  if (was === null || record === null) return record === was;
  return record.updatedAt === was.updatedAt && record.opId === was.opId;
}

/**
 * Undoes written users, newest first, in writes as full as the limits allow: each account back
 * as it was read (a created one deleted), with its email, its index row and its audit entry.
 * False when a user changed since and was left as is.
 */
async function undo(kv: Deno.Kv, written: readonly Written[]): Promise<boolean> {
  let left = [...written].reverse();
  let complete = true;
  for (let attempt = 1; left.length > 0 && attempt <= INDEX_TRIES; attempt++) {
    const now = await current(kv, left.map((w) => w.item));
    const todo: { w: Written; entry: Deno.KvEntryMaybe<UserRecord> }[] = [];
    for (const [i, w] of left.entries()) {
      // someone else's write since: theirs stays
      if (ours(now[i].value, w.item)) todo.push({ w, entry: now[i] });
      else if (!restored(now[i].value, w.item)) complete = false;
    }
    const failed: Written[] = [];
    for (let at = 0; at < todo.length;) {
      const groups = await nextWrite(todo, at, async (staging, { w, entry }) => {
        const back = w.item.before?.value ?? null;
        await stageUserWrite(kv, staging, entry as Deno.KvEntry<UserRecord>, back);
        for (const key of w.auditKeys) staging.delete(key);
      });
      // a failed undo is read again on the next try: landed (answer lost), raced, or changed
      if (!(await commitGroups(kv, groups)).ok) {
        failed.push(...todo.slice(at, at + groups.length).map((t) => t.w));
      }
      at += groups.length;
    }
    left = failed;
  }
  return complete && left.length === 0;
}
