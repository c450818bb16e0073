// The audit log (admin area), mounted at /api/audit: newest first, filtered, and a station
// admin's scope.

import { Hono } from "hono";
import { z } from "zod";
import { type Deps, type Env, ok, valid } from "../http.ts";
import { auditPage } from "./log.ts";
import { cursor } from "../rules/user_schemas.ts";
import { can } from "../rules/access.ts";

const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  cursor,
  actor: z.string().trim().max(40).optional(),
  target: z.string().trim().max(80).optional(),
  action: z.string().trim().max(60).optional(),
}).strict();

/** Routes of the audit log, mounted at /api/audit. */
export function auditRoutes(deps: Deps) {
  const { kv } = deps;
  return new Hono<Env>()
    .get("/", valid("query", auditQuery), async (c) => {
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
