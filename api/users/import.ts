// The server's side of a CSV import: the rows the shared rules accepted (checkImport, station
// scope included), checked against the store (accounts and emails that exist), then written all
// or nothing; the dry run answers the same errors and writes nothing. Messages never name an
// account the importer may not see.

import { inScope, targetProblem } from "../rules/access.ts";
import { roleDefaults } from "../rules/flags.ts";
import { type AccountTexts, IMPORT_FIELDS } from "../rules/account_fields.ts";
import { type ImportedUser, type ImportMessage, rowMessage } from "../rules/user_import.ts";
import { keys } from "../store/keys.ts";
import type { UserRecord } from "../store/records.ts";
import type { BatchItem } from "./batch.ts";
import { newUserRecord } from "./users.ts";
import { type Problem, say } from "../rules/messages.ts";
import type { AuditChange } from "../rules/audit.ts";
import { fieldChanges } from "./changes.ts";

/** A row of an import that names an account that exists, with what the import would change. */
export interface ImportUpdate {
  row: number;
  employeeCode: string;
  /** The fields the row would change, as the audit log writes them (none: the row is the same). */
  changes: AuditChange[];
}

/** What an import would write, or the errors that block it. */
export interface ImportPlan {
  items: BatchItem[];
  errors: ImportMessage[];
  /** The rows that would rewrite an existing account (issue 52 item 7: the admin chooses). */
  updates: ImportUpdate[];
}

/** Reads a list of keys, ten at a time (the most one read takes). */
async function readAll<T>(kv: Deno.Kv, list: Deno.KvKey[]): Promise<Deno.KvEntryMaybe<T>[]> {
  const out: Deno.KvEntryMaybe<T>[] = [];
  for (let i = 0; i < list.length; i += 10) {
    out.push(...await kv.getMany<T[]>(list.slice(i, i + 10)));
  }
  return out;
}

/**
 * Plans an import by `actor` of rows checkImport accepted for the same actor: new codes become
 * inactive users without a password (activating one issues its one-time password), codes that
 * exist are updated. Errors: an account or email that belongs to someone the actor may not change
 * (named only when the actor sees them).
 */
export async function planImport(
  kv: Deno.Kv,
  actor: UserRecord,
  users: readonly ImportedUser[],
  now: number,
): Promise<ImportPlan> {
  const errors: ImportMessage[] = [];
  const items: BatchItem[] = [];
  const updates: ImportUpdate[] = [];
  const existing = await readAll<UserRecord>(kv, users.map((u) => keys.user(u.employeeCode)));
  const owners = await readAll<string>(kv, users.map((u) => keys.userByEmail(u.email)));
  const ownerCodes = [...new Set(owners.map((o) => o.value).filter((o) => o !== null))];
  const ownerUsers = new Map(
    (await readAll<UserRecord>(kv, ownerCodes.map((code) => keys.user(code))))
      .filter((e) => e.value !== null).map((e) => [e.value!.employeeCode, e.value!]),
  );
  const iso = new Date(now).toISOString();
  for (const [i, u] of users.entries()) {
    const rowErrors: Problem[] = [];
    const before = existing[i];
    if (before.value !== null) {
      const problem = targetProblem(actor, before.value, { action: true, stationTo: u.station });
      // an account outside the actor's scope is one the actor cannot see: say no more than that
      if (problem?.status === 404) {
        rowErrors.push(say("import:code_used", { code: u.employeeCode }));
      } else if (problem !== null) {
        rowErrors.push(say("import:not_yours", { code: u.employeeCode }));
      }
    }
    const owner = owners[i].value;
    if (owner !== null && owner !== u.employeeCode) {
      const ownerUser = ownerUsers.get(owner);
      const visible = ownerUser !== undefined && inScope(actor, ownerUser);
      rowErrors.push(
        visible
          ? say("import:email_used", { email: u.email, owner })
          : say("users:email_taken", { email: u.email }),
      );
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors.map((e) => rowMessage(u.row, e)));
      continue;
    }
    if (before.value === null) {
      items.push({ before: null, after: importedUser(u, now), summary: say("audit:created") });
      continue;
    }
    const after = updatedUser(before.value, u, iso, actor.employeeCode);
    const changes = fieldChanges(before.value, after);
    updates.push({ row: u.row, employeeCode: u.employeeCode, changes });
    items.push({
      before: before as Deno.KvEntry<UserRecord>,
      after,
      summary: say("audit:updated"),
    });
  }
  return { items, errors, updates };
}

/** A new account from an import row (spec 002 section 3: inactive, a user, no admin flags), with
 * no password: none signs in until an activation issues its one-time password. */
function importedUser(u: ImportedUser, now: number): UserRecord {
  return {
    ...newUserRecord({ ...u, phone: u.workPhone }, "", now, "csv_import", {
      needsPasswordChange: true,
      activationStatus: "inactive",
    }),
    isActive: false,
    role: "user",
    ...roleDefaults("user"),
    fullName: u.fullName,
  };
}

/** An existing account with an import row's fields (empty optional cells keep what was there). */
function updatedUser(before: UserRecord, u: ImportedUser, iso: string, by: string): UserRecord {
  return {
    ...before,
    // the account's other texts: an empty cell keeps what was there
    ...Object.fromEntries(
      IMPORT_FIELDS.filter((f) => f.kind === "text").map((f) => {
        const name = f.name as keyof AccountTexts;
        return [name, u[(f.importColumn!.key ?? name) as keyof AccountTexts] || before[name]];
      }),
    ),
    fullName: u.fullName,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    station: u.station,
    jobTitle: u.jobTitle,
    position: u.position || before.position,
    phone: u.workPhone || before.phone,
    workPhone: u.workPhone || before.workPhone,
    gender: u.gender,
    department: u.department || before.department,
    updatedAt: iso,
    updatedBy: by,
  };
}
