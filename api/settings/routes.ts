// System settings, mounted at /api/settings: read and changed by the super admin, and the few
// that every signed-in user's screens need.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { type Deps, type Env, fail, ok, signedIn, valid } from "../http.ts";
import { twoFactorSettingsBody, widens } from "../rules/two_factor.ts";
import { idleMinutesField, sessionHoursField } from "../rules/sessions.ts";
import { policySettingsBody } from "../rules/password_policy.ts";
import { audit, auditAt } from "../store/audit.ts";
import { keys } from "../store/keys.ts";
import type { Settings } from "../store/records.ts";
import { getSettings } from "./settings.ts";

const settingsBody = z.object({
  oneTimePasswordHours: z.number().int().min(1, "settings:one_time_hours").max(
    720,
    "settings:one_time_hours",
  ).optional(),
  minPasswordLength: z.number().int().min(6, "settings:min_password").max(64)
    .optional(),
  developerChat: z.string().trim().regex(
    /^(\+?\d{6,15})?$/,
    "settings:chat_number",
  )
    .optional(),
  auditRetentionDays: z.number().int().min(30, "settings:audit_days").max(
    3650,
    "settings:audit_days",
  ).optional(),
  ...twoFactorSettingsBody,
  sessionHours: sessionHoursField.optional(),
  idleMinutes: idleMinutesField.optional(),
  ...policySettingsBody,
  uwsRouting: z.object({
    priority: z.string().trim().max(10),
    address: z.string().trim().max(64),
    sender: z.string().trim().max(64),
  }).strict().optional(),
}).strict();

/** Writes a change of the settings with its audit entry; a concurrent change answers 409. */
async function updateSettings(c: Context<Env>, deps: Deps, body: z.infer<typeof settingsBody>) {
  const { kv } = deps;
  const current = await kv.get<Settings>(keys.settings());
  const before = current.value ?? (await getSettings(kv));
  const after: Settings = { ...before, ...body, uwsRouting: body.uwsRouting ?? before.uwsRouting };
  // a policy that comes to require more starts its grace period now
  if (body.twoFactorPolicy !== undefined && widens(before.twoFactorPolicy, body.twoFactorPolicy)) {
    after.twoFactorRequiredSince = new Date(deps.now()).toISOString();
  }
  const op = kv.atomic().check(current).set(keys.settings(), after);
  // kept for the retention in force before the change
  audit(
    op,
    auditAt(deps.now(), before),
    signedIn(c),
    "settings.update",
    "settings",
    Object.keys(body).join(", "),
  );
  const res = await op.commit();
  if (!res.ok) return fail(c, 409, "settings:changed");
  return ok(c, after);
}

/** What every signed-in user's screens need: the UWS routing lines and the developer chat. */
async function publicSettings(c: Context<Env>, kv: Deno.Kv) {
  const settings = await getSettings(kv);
  return ok(c, { uwsRouting: settings.uwsRouting, developerChat: settings.developerChat ?? "" });
}

/** Routes of the system settings, mounted at /api/settings. */
export function settingsRoutes(deps: Deps) {
  const { kv } = deps;
  return new Hono<Env>()
    .get("/", async (c) => ok(c, await getSettings(kv)))
    .get("/public", (c) => publicSettings(c, kv))
    .put("/", valid("json", settingsBody), (c) => updateSettings(c, deps, c.req.valid("json")));
}
