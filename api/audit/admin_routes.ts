// System settings (super admin) and the audit log (admin area).

import { Hono } from "hono";
import { z } from "zod";
import { type Deps, type Env, fail, ok, valid } from "../http.ts";
import { auditPage } from "./log.ts";
import { AUDIT_RETENTION_DAYS } from "../rules/audit.ts";
import { cursor } from "../rules/user_schemas.ts";
import { audit, keys, setAuditRetention, type Settings } from "../store.ts";
import { getSettings } from "../users/users.ts";
import { can } from "../rules/access.ts";

const settingsBody = z.object({
  oneTimePasswordHours: z.number().int().min(1, "A one-time password lasts 1 to 720 hours").max(
    720,
    "A one-time password lasts 1 to 720 hours",
  ).optional(),
  minPasswordLength: z.number().int().min(6, "Minimum password length is at least 6").max(64)
    .optional(),
  developerChat: z.string().trim().regex(
    /^(\+?\d{6,15})?$/,
    "Developer chat number is 6 to 15 digits",
  )
    .optional(),
  auditRetentionDays: z.number().int().min(30, "Audit entries are kept 30 to 3650 days").max(
    3650,
    "Audit entries are kept 30 to 3650 days",
  ).optional(),
  uwsRouting: z.object({
    priority: z.string().trim().max(10),
    address: z.string().trim().max(64),
    sender: z.string().trim().max(64),
  }).strict().optional(),
}).strict();

const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  cursor,
  actor: z.string().trim().max(40).optional(),
  target: z.string().trim().max(80).optional(),
  action: z.string().trim().max(60).optional(),
}).strict();

/** Routes of the settings and the audit log. */
export function adminRoutes(deps: Deps) {
  const { kv } = deps;
  return new Hono<Env>()
    .get("/api/settings", async (c) => ok(c, await getSettings(kv)))
    // what every signed-in user's screens need: the UWS routing lines and the developer chat
    .get("/api/settings/public", async (c) => {
      const settings = await getSettings(kv);
      return ok(c, {
        uwsRouting: settings.uwsRouting,
        developerChat: settings.developerChat ?? "",
      });
    })
    .put("/api/settings", valid("json", settingsBody), async (c) => {
      const current = await kv.get<Settings>(keys.settings());
      const before = current.value ?? (await getSettings(kv));
      const body = c.req.valid("json");
      const after: Settings = {
        ...before,
        ...body,
        uwsRouting: body.uwsRouting ?? before.uwsRouting,
      };
      const now = deps.now();
      const op = kv.atomic().check(current).set(keys.settings(), after);
      const changed = Object.keys(body).map((
        k,
      ) => k).join(", ");
      audit(op, now, c.get("user")!, "settings.update", "settings", changed);
      const res = await op.commit();
      if (!res.ok) return fail(c, 409, "The settings changed meanwhile; please reload");
      setAuditRetention(after.auditRetentionDays ?? AUDIT_RETENTION_DAYS);
      return ok(c, after);
    })
    .get("/api/audit", valid("query", auditQuery), async (c) => {
      const q = c.req.valid("query");
      const caller = c.get("user")!;
      const filled = (v: string | undefined) => (v === undefined || v === "" ? undefined : v);
      return ok(
        c,
        await auditPage(kv, {
          limit: q.limit,
          cursor: filled(q.cursor),
          actor: filled(q.actor),
          target: filled(q.target),
          action: filled(q.action),
          // a station admin sees the entries about its own station's users only
          station: can(caller, "allStations") ? undefined : caller.station,
        }),
      );
    });
}
