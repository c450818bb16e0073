// Writes of many users at once (a CSV import, load data) that are all or nothing: the users go in
// atomic batches, each checking that what was read is still there; when a batch fails, the
// batches before it are undone, each undo checking that nobody has touched the user since.

import { audit, type AuditParty, keys, type UserRecord } from "../store.ts";
import type { AuditAction } from "../rules/audit.ts";
import { fieldChanges } from "./changes.ts";
import { stageUserWrite } from "./store.ts";

/** One user of a batch: a new account (`before` null) or a change of the account as read. */
export interface BatchItem {
  before: Deno.KvEntry<UserRecord> | null;
  after: UserRecord;
  /** The audit entry's summary ('created', 'updated'). */
  summary: string;
}

/** What the batch is, for the audit entries. */
export interface BatchAudit {
  now: number;
  actor: AuditParty;
  action: AuditAction;
}

/** Users per atomic operation: each adds up to 3 checks and about 8 mutations. */
export const BATCH_SIZE = 30;

interface Written {
  versionstamp: string;
  items: BatchItem[];
  auditKeys: Deno.KvKey[];
}

/**
 * Writes every item or none. Answers ok, or which item's write failed (its code taken, its
 * email taken, or the account changed since it was read); then nothing is left written, unless
 * `undone` is false: someone changed a user of an earlier batch before it could be undone.
 */
export async function writeUsers(
  kv: Deno.Kv,
  items: readonly BatchItem[],
  who: BatchAudit,
): Promise<{ ok: true } | { ok: false; failedAt: BatchItem; undone: boolean }> {
  const written: Written[] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) {
    const batch = items.slice(i, i + BATCH_SIZE);
    for (let attempt = 1;; attempt++) {
      const op = kv.atomic();
      const auditKeys: Deno.KvKey[] = [];
      for (const item of batch) {
        // imports and load data never change roles or activity: no super admin can go away here
        await stageUserWrite(kv, op, item.before, item.after);
        auditKeys.push(
          audit(
            op,
            who.now,
            who.actor,
            who.action,
            {
              employeeCode: item.after.employeeCode,
              station: [item.before?.value.station ?? item.after.station, item.after.station],
            },
            item.summary,
            undefined,
            {
              // an import's update: each field it changed (issue 27)
              changes: item.before === null ? [] : fieldChanges(item.before.value, item.after),
            },
          ),
        );
      }
      const res = await op.commit();
      if (res.ok) {
        written.push({ versionstamp: res.versionstamp, items: batch, auditKeys });
        break;
      }
      const failedAt = await firstFailure(kv, batch);
      // every user and email as read: another user's write changed an index bucket; again
      if (failedAt === null && attempt < INDEX_TRIES) continue;
      return { ok: false, failedAt: failedAt ?? batch[0], undone: await undo(kv, written) };
    }
  }
  return { ok: true };
}

/** Tries of a batch that lost only races for index buckets. */
const INDEX_TRIES = 10;

/** The item of a failed batch whose account or email is no longer as read, or null. */
async function firstFailure(kv: Deno.Kv, batch: BatchItem[]): Promise<BatchItem | null> {
  for (const item of batch) {
    const now = await kv.get(keys.user(item.after.employeeCode));
    if (now.versionstamp !== (item.before?.versionstamp ?? null)) return item;
    const email = item.after.email.toLowerCase();
    if (email !== "" && email !== item.before?.value.email.toLowerCase()) {
      const owner = await kv.get<string>(keys.userByEmail(email));
      if (owner.value !== null && owner.value !== item.after.employeeCode) return item;
    }
  }
  return null;
}

/** Undoes written batches, newest first; false when a user changed since and was left as is. */
async function undo(kv: Deno.Kv, written: Written[]): Promise<boolean> {
  let complete = true;
  for (const batch of written.reverse()) {
    const op = kv.atomic();
    for (const item of batch.items) {
      const mine: Deno.KvEntry<UserRecord> = {
        key: keys.user(item.after.employeeCode),
        value: item.after,
        versionstamp: batch.versionstamp,
      };
      const back = item.before === null ? null : item.before.value;
      // the write back checks that the account is still as this batch left it
      await stageUserWrite(kv, op, mine, back);
    }
    for (const key of batch.auditKeys) op.delete(key);
    if ((await op.commit()).ok) continue;
    // someone changed one of these users meanwhile: undo the others one by one
    for (const [i, item] of batch.items.entries()) {
      const one = kv.atomic();
      const mine: Deno.KvEntry<UserRecord> = {
        key: keys.user(item.after.employeeCode),
        value: item.after,
        versionstamp: batch.versionstamp,
      };
      await stageUserWrite(kv, one, mine, item.before?.value ?? null);
      one.delete(batch.auditKeys[i]);
      if (!(await one.commit()).ok) complete = false;
    }
  }
  return complete;
}
