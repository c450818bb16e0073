// The before and after values of an administrator's change (issue 27): which audited fields of
// an account differ, each as text. An allow-list, so that no secret (a hash, a temporary
// password) can ever reach the log.

import { RECORD_FLAGS } from "../rules/flags.ts";
import { fieldsWhere } from "../rules/account_fields.ts";
import type { AuditChange } from "../rules/audit.ts";
import type { UserRecord } from "../store/records.ts";

/** The fields whose changes are recorded, in the order they are listed: the role, state and
 * station first (who may see and do what), then the account fields the catalogue audits, then
 * the access and the password. */
const AUDITED: readonly (keyof UserRecord)[] = [
  "role",
  "isActive",
  "activationStatus",
  "station",
  ...fieldsWhere((f) => f.audited === true && f.name !== "station"),
  "accessibleApps",
  "accessiblePages",
  "permissions",
  ...RECORD_FLAGS,
  "passwordExpiry",
  "needsPasswordChange",
  "twoFactorEnabled",
];

/** A field's value as the log writes it: lists joined, yes/no, "" for none. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "boolean") return value ? "yes" : "no";
  return value === null || value === undefined ? "" : String(value);
}

/** The audited fields that differ between the account as read and as written. */
export function fieldChanges(before: UserRecord, after: UserRecord): AuditChange[] {
  return AUDITED.flatMap((field) => {
    const from = shown(before[field]);
    const to = shown(after[field]);
    return from === to ? [] : [{ field, from, to }];
  });
}
