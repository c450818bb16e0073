// An account's second factors in KV (issue 26): one record per account beside the user record
// (never in it, so no user answer can carry a secret), an index from each passkey's id to its
// owner, and every change written in one atomic operation with the user record's
// `twoFactorEnabled` (which the user list's index filters by) and its audit entry.

import { withSessionsEnded } from "../auth/sessions.ts";
import { audit, type AuditSummary, type AuditTime } from "../store/audit.ts";
import type { AuditParty, UserRecord } from "../store/records.ts";
import { keys } from "../store/keys.ts";
import { updateUser } from "../users/store.ts";
import { type Refusal, refusal } from "../rules/messages.ts";

/** A registered passkey (WebAuthn credential). */
export interface PasskeyRecord {
  /** The credential id (base64url). */
  id: string;
  /** The COSE public key (base64url). */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** An account's second factors as stored. */
export interface TwoFactorRecord {
  /** Random, new with each record: a PC remembered for an earlier record no longer counts. */
  id: string;
  /** The authenticator app: its secret sealed (secret_box.ts) and the last time step used. */
  totp: { sealed: string; enrolledAt: string; lastStep: number } | null;
  /** An authenticator enrolment begun and not yet confirmed by a code. */
  pendingTotp: { sealed: string; startedAt: number } | null;
  passkeys: PasskeyRecord[];
  /** The keyed hash of each recovery code not yet used (recovery.ts; an earlier version's codes:
   * their SHA-256, hex). */
  recovery: { hashes: string[]; createdAt: string } | null;
}

/** Passkeys one account may register. */
export const MAX_PASSKEYS = 10;

/** An empty record. */
export function emptyRecord(): TwoFactorRecord {
  return { id: crypto.randomUUID(), totp: null, pendingTotp: null, passkeys: [], recovery: null };
}

/** Whether a record holds a second factor (recovery codes alone are none). */
export function hasFactor(record: TwoFactorRecord | null): boolean {
  return record !== null && (record.totp !== null || record.passkeys.length > 0);
}

/** An account's record, or null. */
export async function readTwoFactor(kv: Deno.Kv, code: string) {
  return await kv.get<TwoFactorRecord>(keys.twoFactor(code));
}

/** What a change of the second factors writes. */
export interface TwoFactorChange {
  /** The record after (null: every factor gone). */
  record: TwoFactorRecord | null;
  /** End the account's sessions (a reset by a super admin). */
  endSessions?: boolean;
  /** The rest of the write: its audit entry. */
  extra?: (op: Deno.AtomicOperation, user: UserRecord) => void;
}

/** A refusal of a change: the status and the message. */
export type TwoFactorRefusal = Refusal<400 | 404 | 409>;

/**
 * Changes an account's second factors: reads the user and the record, asks `change` for the
 * record after, and writes it with the user's `twoFactorEnabled`, the passkey index and the
 * change's extra in one atomic operation checked against both reads (read again and retried when
 * another write came between). Answers the user and record as written, or the refusal.
 */
export async function changeTwoFactor(
  kv: Deno.Kv,
  code: string,
  change: (record: TwoFactorRecord | null, user: UserRecord) => TwoFactorChange | TwoFactorRefusal,
): Promise<{ user: UserRecord; record: TwoFactorRecord | null } | TwoFactorRefusal> {
  for (let attempt = 1; attempt <= 20; attempt++) {
    const userEntry = await kv.get<UserRecord>(keys.user(code));
    if (userEntry.value === null) return refusal(404, "users:not_found_plain");
    const entry = await readTwoFactor(kv, code);
    const outcome = change(entry.value, userEntry.value);
    if ("status" in outcome) return outcome;
    const { record } = outcome;
    const enabled = hasFactor(record);
    let user = userEntry.value;
    if (outcome.endSessions) user = withSessionsEnded(user);
    if (enabled !== user.twoFactorEnabled) user = { ...user, twoFactorEnabled: enabled };
    const stage = (op: Deno.AtomicOperation) => {
      op.check(entry);
      if (record === null) op.delete(entry.key);
      else op.set(entry.key, record);
      stagePasskeyIndex(op, code, entry.value, record);
      outcome.extra?.(op, user);
    };
    if (user === userEntry.value) {
      const op = kv.atomic().check(userEntry);
      stage(op);
      if ((await op.commit()).ok) return { user, record };
    } else if ((await updateUser(kv, userEntry as Deno.KvEntry<UserRecord>, user, stage)).ok) {
      return { user, record };
    }
    await new Promise((r) => setTimeout(r, Math.random() * 2 * attempt));
  }
  return refusal(409, "account:changed_retry");
}

/** The passkey index entries that come and go with a change of the record. */
function stagePasskeyIndex(
  op: Deno.AtomicOperation,
  code: string,
  before: TwoFactorRecord | null,
  after: TwoFactorRecord | null,
) {
  const had = new Set(before?.passkeys.map((p) => p.id) ?? []);
  const has = new Set(after?.passkeys.map((p) => p.id) ?? []);
  for (const id of had) if (!has.has(id)) op.delete(keys.passkeyOwner(id));
  for (const id of has) {
    if (had.has(id)) continue;
    // a credential id belongs to one account: a second registration of it fails the write
    op.check({ key: keys.passkeyOwner(id), versionstamp: null });
    op.set(keys.passkeyOwner(id), code);
  }
}

/** Removes every second factor of an account and ends its sessions, audited as `actor`'s reset
 * at `at` (`auditAt`) with `summary` (told whether there was anything to remove). `onlyIfAny`:
 * refuse (409) an account that has none. */
export async function resetFactors(
  kv: Deno.Kv,
  code: string,
  at: AuditTime,
  actor: AuditParty,
  summary: (had: boolean) => AuditSummary,
  onlyIfAny: boolean,
) {
  return await changeTwoFactor(kv, code, (record) => {
    if (record === null && onlyIfAny) {
      return refusal(409, "two_factor:none_to_reset", { code });
    }
    return {
      record: null,
      endSessions: true,
      extra: (op, user) => audit(op, at, actor, "two_factor.reset", user, summary(record !== null)),
    };
  });
}
