// Many accounts at once: bulk create, CSV import (every row checked, then all saved or none) and
// the CSV export.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { shownOnce } from "../auth/one_time.ts";
import { checkImport, type ImportMessage } from "../rules/user_import.ts";
import { writeUsers } from "./batch.ts";
import { auditAt } from "../store/audit.ts";
import { type ExportFilter, exportLines } from "./export_stream.ts";
import { listFilter } from "./list_routes.ts";
import { type ImportPlan, planImport } from "./import.ts";
import { type Deps, type Env, fail, ok, signedIn, valid, withoutStepUp } from "../http.ts";
import { createNeedsStepUp } from "../rules/step_up.ts";
import { createProblem } from "../rules/access.ts";
import type { UserOps } from "./ops.ts";
import type { Settings, UserRecord } from "../store/records.ts";
import { createAccount, type CreateBody, typedPasswordProblem } from "./create.ts";
import { createBody } from "../rules/user_schemas.ts";
import { getSettings } from "../settings/settings.ts";
import { say } from "../rules/messages.ts";

/** The users' CSV (those `filter` leaves), streamed from the store a few hundred users at a
 * time: memory stays flat at any size. */
function exportCsv(c: Context<Env>, deps: Deps, ops: UserOps, filter: ExportFilter) {
  const day = new Date(deps.now()).toISOString().slice(0, 10);
  const lines = exportLines(ops, signedIn(c), deps.now(), filter);
  return c.body(ReadableStream.from(lines), 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="users_${day}.csv"`,
  });
}

/** The import's query: `dryRun=true` checks the file as a save would and writes nothing;
 * `existing` says what a save does with rows of accounts that exist: overwrite them (the spec's
 * import, and the default) or skip them. */
const importQuery = z.object({
  dryRun: z.enum(["true", "false"]).optional(),
  existing: z.enum(["overwrite", "skip"]).optional(),
}).strict();

/** What a save does with the rows of accounts that exist. */
type Existing = "overwrite" | "skip";

/** A JSON import body. */
const importJson = z.object({ csv: z.string() }).strict();

/** The CSV text of an import: an uploaded file, a plain text body or `{ csv }`; null without. */
async function importText(c: Context<Env>): Promise<string | null> {
  const type = c.req.header("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await c.req.parseBody().catch(() => null);
    const file = form?.file;
    return file instanceof File ? await file.text() : typeof file === "string" ? file : null;
  }
  if (type.startsWith("text/csv") || type.startsWith("text/plain")) return await c.req.text();
  if (type.startsWith("application/json")) {
    const body = importJson.safeParse(await c.req.json().catch(() => null));
    return body.success ? body.data.csv : null;
  }
  return null;
}

/** A CSV import: every row checked, then all saved or none; a dry run answers the same errors,
 * or what a save would do, and writes nothing (the page's preview). */
async function importUsers(
  c: Context<Env>,
  deps: Deps,
  dryRun: boolean,
  existing: Existing,
) {
  const { kv } = deps;
  const text = await importText(c);
  if (text === null || text.trim() === "") {
    return fail(c, 400, "import:no_content");
  }
  const actor = signedIn(c);
  const check = checkImport(text, actor);
  const now = deps.now();
  // imported accounts start without a password: activating one issues its one-time password
  const plan = check.errors.length === 0
    ? await planImport(kv, actor, check.users, now)
    : { items: [], errors: check.errors, updates: [] };
  if (dryRun) return ok(c, dryRunAnswer(plan, check.warnings));
  if (plan.errors.length > 0) {
    const n = plan.errors.length;
    return c.json({
      success: false as const,
      ...say(n === 1 ? "import:blocked_one" : "import:blocked", { n }),
      errors: plan.errors,
      warnings: check.warnings,
    }, 400);
  }
  const at = auditAt(now, c.get("settings"));
  // skipped: the accounts that exist stay as they are
  const items = existing === "skip" ? plan.items.filter((i) => i.before === null) : plan.items;
  const skipped = plan.items.length - items.length;
  const written = await writeUsers(kv, items, { at, actor, action: "user.import" });
  if (!written.ok) {
    const code = written.failedAt.after.employeeCode;
    return fail(c, 409, written.undone ? "import:changed_nothing" : "import:changed_undone", {
      code,
    });
  }
  const created = items.filter((i) => i.before === null).length;
  const updated = items.length - created;
  return ok(c, {
    created,
    updated,
    skipped,
    failed: [] as string[],
    warnings: check.warnings,
    ...(skipped > 0
      ? say("import:completed_skipped", { created, skipped })
      : say("import:completed", { created, updated })),
  });
}

/** What a dry run answers: the errors a save would refuse the file with, or what it would do. */
function dryRunAnswer(plan: ImportPlan, warnings: ImportMessage[]) {
  const created = plan.items.filter((i) => i.before === null).length;
  const updated = plan.items.length - created;
  const n = plan.errors.length;
  return {
    dryRun: true as const,
    errors: plan.errors,
    warnings,
    created: n > 0 ? 0 : created,
    updated: n > 0 ? 0 : updated,
    // each row that would rewrite an account, with its changes: the admin chooses to overwrite
    // or skip them before saving
    existing: n > 0 ? [] : plan.updates,
    ...(n > 0
      ? say(n === 1 ? "import:blocked_preview_one" : "import:blocked_preview", { n })
      : say("import:ready", { created, updated })),
  };
}

/** The outcome of one row of a bulk create. */
interface BulkResult {
  employeeCode: string;
  ok: boolean;
  code?: string;
  params?: Record<string, string | number>;
  message: string;
  oneTimePassword?: string;
  oneTimePasswordExpiresAt?: string;
}

/** One row of a bulk create: its password and scope checked, then the account written. */
async function bulkRow(
  deps: Deps,
  actor: UserRecord,
  body: CreateBody,
  settings: Settings,
): Promise<BulkResult> {
  const employeeCode = body.employeeCode;
  const weak = typedPasswordProblem(body, settings);
  if (weak !== null) return { employeeCode, ok: false, ...weak };
  if (createProblem(actor, body) !== null) {
    return { employeeCode, ok: false, message: "You may not create this user" };
  }
  const now = deps.now();
  const created = await createAccount(deps.kv, actor, body, {
    settings,
    now,
    summary: () => say("audit:bulk"),
  });
  if (created.ok) {
    return { employeeCode, ok: true, ...say("audit:created"), ...shownOnce(created.issued) };
  }
  const message = created.conflict === "exists"
    ? "Employee code already exists"
    : "Email already used";
  return { employeeCode, ok: false, message };
}

/** Creates many accounts, each on its own: one refused row does not stop the others. */
async function bulkCreate(c: Context<Env>, deps: Deps, users: CreateBody[]) {
  const actor = signedIn(c);
  // administrators, or passwords the actor chose: the actor's password confirmed lately first
  const unconfirmed = users.some(createNeedsStepUp) ? withoutStepUp(c, deps) : null;
  if (unconfirmed !== null) return unconfirmed;
  const settings = await getSettings(deps.kv);
  const results: BulkResult[] = [];
  for (const body of users) results.push(await bulkRow(deps, actor, body, settings));
  return ok(c, {
    created: results.filter((r) => r.ok).length,
    failed: results.filter((r) => !r.ok).length,
    results,
  });
}

/** Routes of bulk create, import and export, mounted at /api/users. */
export function bulkRoutes(deps: Deps, ops: UserOps) {
  return new Hono<Env>()
    .get(
      "/export",
      valid("query", listFilter),
      (c) => exportCsv(c, deps, ops, c.req.valid("query")),
    )
    .post(
      "/import",
      valid("query", importQuery),
      (c) => {
        const query = c.req.valid("query");
        return importUsers(c, deps, query.dryRun === "true", query.existing ?? "overwrite");
      },
    )
    .post(
      "/bulk",
      valid("json", z.object({ users: z.array(createBody).min(1).max(500) }).strict()),
      (c) => bulkCreate(c, deps, c.req.valid("json").users),
    );
}
