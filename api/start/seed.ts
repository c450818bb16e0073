// First start: the first super admin, the settings and the reference lists from the spec's
// built-in data. Each step runs only once, whatever restarts follow.

import { newId } from "../store/ids.ts";
import {
  DEFAULT_DGSL,
  DEFAULT_LIGHT_AKE,
  DEFAULT_ULD_WEIGHTS,
  DEFAULT_XDGSL,
} from "../../engine/reference_data.ts";
import { hashPassword } from "../auth/auth.ts";
import { issuePassword } from "../auth/one_time.ts";
import { indexOldRequests } from "../requests/store.ts";
import { moveOldSignIns } from "../auth/signin_state.ts";
import { scopeOldAuditEntries } from "../audit/scope_migration.ts";
import { buildIndex } from "../users/index_buckets.ts";
import { audit, auditAt, type AuditSettings } from "../store/audit.ts";
import { keys } from "../store/keys.ts";
import type { ReferenceEntry, ReferenceList, Settings } from "../store/records.ts";
import { createUser, ensureSuperAdminCount } from "../users/store.ts";
import { defaultSettings, getSettings, type OldSettings } from "../settings/settings.ts";
import { newUserRecord } from "../users/users.ts";
import { NEW_INSTALL_GRACE_DAYS, NEW_INSTALL_POLICY } from "../rules/two_factor.ts";
import { say } from "../rules/messages.ts";

/** What seeding did, for the start-up message. */
export interface SeedReport {
  adminCreated: boolean;
  adminCode: string;
  /** Only when the password was generated here (printed once). */
  generatedPassword: string | null;
  referenceSeeded: boolean;
}

/** The first super admin, on a store with no user yet: its code, and the one-time password
 * generated for it (null when one was given). Null when there are users already. */
async function seedFirstAdmin(
  kv: Deno.Kv,
  settings: Settings,
  now: number,
  env: { adminCode?: string; adminPassword?: string },
): Promise<{ code: string; generatedPassword: string | null } | null> {
  const anyUser = await kv.list({ prefix: [...keys.userPrefix()] }, { limit: 1 }).next();
  if (!anyUser.done) return null;
  const code = (env.adminCode?.trim() || "ADMIN").toUpperCase();
  // without a given password the first super admin gets a one-time password (design 5.3)
  const issued = env.adminPassword ? null : await issuePassword(settings, now);
  const admin = newUserRecord(
    {
      employeeCode: code,
      firstName: "System",
      lastName: "Administrator",
      role: "super_admin",
      station: "CAI",
      jobTitle: "Administrator",
    },
    issued?.fields.passwordHash ?? await hashPassword(env.adminPassword!),
    now,
    "system",
    { needsPasswordChange: true },
  );
  if (issued !== null) Object.assign(admin, issued.fields);
  const res = await createUser(kv, admin);
  return res.ok ? { code, generatedPassword: issued?.oneTimePassword ?? null } : null;
}

/** The spec's built-in reference lists as entries made by "system" at `now`. */
function defaultReferenceEntries(now: number): [ReferenceList, ReferenceEntry][] {
  const iso = new Date(now).toISOString();
  const entries: [ReferenceList, ReferenceEntry][] = [];
  const add = (list: ReferenceList, type: ReferenceEntry["type"], name: string, weight?: number) =>
    entries.push([list, {
      _id: newId(now),
      name,
      type,
      ...(weight === undefined ? {} : { weight }),
      createdAt: iso,
      updatedAt: iso,
      createdBy: "system",
      updatedBy: "system",
    }]);
  for (const [name, weight] of Object.entries(DEFAULT_ULD_WEIGHTS)) {
    add("ulds", "uld", name, weight);
  }
  for (const name of DEFAULT_DGSL) add("dgsl", "dgsl", name);
  for (const name of DEFAULT_XDGSL) add("xdgsl", "xdgsl", name);
  for (const e of DEFAULT_LIGHT_AKE) add("lightake", "lightake", e.name, e.weight);
  return entries;
}

/** Writes the built-in reference lists once, audited under `settings`' retention; true when
 * this process wrote them. */
async function seedReferenceLists(
  kv: Deno.Kv,
  now: number,
  settings: AuditSettings,
): Promise<boolean> {
  const seeded = await kv.get(keys.seeded());
  if (seeded.value !== null) return false;
  const entries = defaultReferenceEntries(now);
  // one atomic operation, checked against the marker: of processes starting together on one
  // store, one writes the lists and the others write nothing (207 of KV's 1,000 mutations)
  const op = kv.atomic().check(seeded).set(keys.seeded(), new Date(now).toISOString())
    .set(keys.referenceStamp(), now);
  for (const [list, e] of entries) {
    op.set(keys.reference(list, e._id), e).set(keys.referenceName(list, e.name), e._id);
  }
  const at = auditAt(now, settings);
  const summary = say("audit:reference_seeded", { count: entries.length });
  audit(op, at, "system", "reference.seed", "reference lists", summary);
  return (await op.commit()).ok;
}

/** A new install's settings (an empty store: no settings and no user): the defaults, with a
 * second factor required of super admins and admins, 14 days' grace from now (ASVS 5.0 L2; a
 * super admin can still set the policy to none). A store that has settings keeps them. */
async function seedSettings(kv: Deno.Kv, now: number): Promise<void> {
  const found = await kv.get<Settings>(keys.settings());
  if (found.value !== null) return;
  const anyUser = await kv.list({ prefix: [...keys.userPrefix()] }, { limit: 1 }).next();
  if (!anyUser.done) return;
  const settings: Settings = {
    ...defaultSettings(),
    twoFactorPolicy: NEW_INSTALL_POLICY,
    twoFactorGraceDays: NEW_INSTALL_GRACE_DAYS,
    twoFactorRequiredSince: new Date(now).toISOString(),
  };
  // of processes starting together on one store, one writes them
  await kv.atomic().check(found).set(keys.settings(), settings).commit();
}

/** The settings of a store that has users but no settings (written before settings existed):
 * the defaults; and of a store written before one-time passwords: without the shared default
 * password it held in clear. Once, at start; reading the settings never writes. */
async function settleSettings(kv: Deno.Kv): Promise<void> {
  const found = await kv.get<OldSettings>(keys.settings());
  if (found.value === null) {
    await kv.atomic().check(found).set(keys.settings(), defaultSettings()).commit();
    return;
  }
  const { defaultPassword, ...settings } = found.value;
  if (defaultPassword !== undefined) {
    await kv.atomic().check(found).set(keys.settings(), settings).commit();
  }
}

/** Seeds an empty store; returns what it created. */
export async function seed(
  kv: Deno.Kv,
  now: number,
  env: { adminCode?: string; adminPassword?: string },
): Promise<SeedReport> {
  // the settings are stored on first start, before anything reads them
  await seedSettings(kv, now);
  await settleSettings(kv);
  const settings = await getSettings(kv);
  const admin = await seedFirstAdmin(kv, settings, now, env);
  // stores from before these existed get them once, at start
  await ensureSuperAdminCount(kv);
  await indexOldRequests(kv);
  await moveOldSignIns(kv);
  await scopeOldAuditEntries(kv, now, settings.auditRetentionDays);
  await buildIndex(kv);
  return {
    adminCreated: admin !== null,
    adminCode: admin?.code ?? "",
    generatedPassword: admin?.generatedPassword ?? null,
    referenceSeeded: await seedReferenceLists(kv, now, settings),
  };
}
