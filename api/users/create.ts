// Creating one account, as the create form and each row of a bulk create do it: the password
// (given or one-time) and its check, the role's flags capped by the creator's, and the one atomic
// write with its audit entry. The scope rule (createProblem) is the routes', who answer it apart.

import { type Issued, issuePassword } from "../auth/one_time.ts";
import type { z } from "zod";
import { grantedFlags } from "../rules/flags.ts";
import type { Problem } from "../rules/messages.ts";
import type { createBody } from "../rules/user_schemas.ts";
import { audit, auditAt, type AuditSummary } from "../store/audit.ts";
import type { Settings, UserRecord } from "../store/records.ts";
import { createUser, type WriteResult } from "./store.ts";
import { adminPasswordProblem, newUserRecord } from "./users.ts";

/** A new account as the create form and the bulk create send it. */
export type CreateBody = z.infer<typeof createBody>;

/** Why the password an admin typed for a new account is refused, or null (none typed: a
 * one-time password is issued). */
export function typedPasswordProblem(body: CreateBody, settings: Settings): Problem | null {
  return body.password === undefined
    ? null
    : adminPasswordProblem(body.password, body, settings.minPasswordLength);
}

/** The account written, with the password to show once; or what was taken already. */
export type Created =
  | { ok: true; user: UserRecord; issued: Issued }
  | { ok: false; user: UserRecord; conflict: Exclude<WriteResult, { ok: true }>["conflict"] };

/** Creates one account by `actor`; `summary` gives its audit entry's text. */
export async function createAccount(
  kv: Deno.Kv,
  actor: UserRecord,
  body: CreateBody,
  how: {
    settings: Settings;
    now: number;
    summary: (user: UserRecord) => AuditSummary;
    expiryDays?: number;
  },
): Promise<Created> {
  const { settings, now } = how;
  // the given password, or a one-time password: either lasts one sign-in (design 5.3)
  const issued = await issuePassword(settings, now, body.password);
  const user = newUserRecord(body, issued.fields.passwordHash, now, actor.employeeCode, {
    needsPasswordChange: true,
    expiryDays: how.expiryDays,
  });
  Object.assign(user, issued.fields);
  // the role's flags, never one the creator lacks (design 5.3)
  Object.assign(user, grantedFlags(actor, user.role));
  // a commit whose answer is lost is known by it (users/store.ts)
  user.opId = crypto.randomUUID();
  const res = await createUser(
    kv,
    user,
    (op) => audit(op, auditAt(now, settings), actor, "user.create", user, how.summary(user)),
  );
  return res.ok ? { ok: true, user, issued } : { ok: false, user, conflict: res.conflict };
}
