// The audit log (admin area), mounted at /api/audit: newest first, filtered (by a date range
// too), its CSV export, and a station admin's scope for both.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { type Deps, type Env, ok, signedIn, valid } from "../http.ts";
import { type AuditFilter, auditPage } from "./log.ts";
import { auditCsv } from "./export.ts";
import { cursor } from "../rules/user_schemas.ts";
import { can } from "../rules/access.ts";
import { rangeBound } from "../rules/audit.ts";

/** A bound of the range: a date (a whole UTC day) or an instant; "" for none. */
const bound = z.string().trim().max(40).refine(
  (v) => v === "" || rangeBound(v, false) !== null,
  "audit:bad_date",
).optional();

/** The filters of the page and of the export; the end of the range is not before its start. */
const filterFields = {
  actor: z.string().trim().max(40).optional(),
  target: z.string().trim().max(80).optional(),
  action: z.string().trim().max(60).optional(),
  from: bound,
  to: bound,
};

/** The range check of both queries, on the `to` field. */
function inOrder(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  const from = q.from ? rangeBound(q.from, false) : null;
  const to = q.to ? rangeBound(q.to, true) : null;
  if (from !== null && to !== null && to < from) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "audit:to_before_from" });
  }
}

const exportQuery = z.object(filterFields).strict().superRefine(inOrder);

const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  cursor,
  ...filterFields,
}).strict().superRefine(inOrder);

/** The filters as the log reads them, with the caller's scope: a station admin sees the entries
 * about its own station's users and its own, never others' about other stations (issue 48). */
function filterOf(c: Context<Env>, q: z.infer<typeof exportQuery>): AuditFilter {
  const caller = signedIn(c);
  const filled = (v: string | undefined) => (v === undefined || v === "" ? undefined : v);
  const from = filled(q.from);
  const to = filled(q.to);
  return {
    actor: filled(q.actor),
    target: filled(q.target),
    action: filled(q.action),
    from: from === undefined ? undefined : rangeBound(from, false)!,
    to: to === undefined ? undefined : rangeBound(to, true)!,
    ...(can(caller, "allStations") ? {} : { station: caller.station, self: caller.employeeCode }),
  };
}

/** Routes of the audit log, mounted at /api/audit. */
export function auditRoutes(deps: Deps) {
  const { kv } = deps;
  return new Hono<Env>()
    .get("/", valid("query", auditQuery), async (c) => {
      const q = c.req.valid("query");
      const filter = filterOf(c, q);
      return ok(
        c,
        await auditPage(kv, { ...filter, limit: q.limit, cursor: q.cursor || undefined }),
      );
    })
    .get("/export", valid("query", exportQuery), (c) => {
      const filter = filterOf(c, c.req.valid("query"));
      const day = new Date(deps.now()).toISOString().slice(0, 10);
      const chunks = ReadableStream.from(auditCsv(kv, filter));
      return c.body(chunks.pipeThrough(new TextEncoderStream()), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="audit_${day}.csv"`,
      });
    });
}
