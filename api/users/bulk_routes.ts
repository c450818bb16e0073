// Many accounts at once: bulk create, CSV import (every row checked, then all saved or none) and
// the CSV export.

import { Hono } from "hono";
import { z } from "zod";
import { issuePassword, shownOnce } from "../auth/one_time.ts";
import { grantedFlags } from "../rules/flags.ts";
import { checkImport } from "../rules/user_import.ts";
import { writeUsers } from "./batch.ts";
import { EXPORT_HEADER, exportLine } from "./export.ts";
import { planImport } from "./import.ts";
import { type Deps, type Env, fail, ok, valid } from "../http.ts";
import { createProblem, inScope } from "../rules/access.ts";
import { NO_SIGN_IN } from "../auth/signin_state.ts";
import type { UserOps } from "./ops.ts";
import { audit, keys, type UserRecord } from "../store.ts";
import { createUser, publicUser } from "./store.ts";
import { createBody } from "../rules/user_schemas.ts";
import { adminPasswordProblem, getSettings, newUserRecord } from "./users.ts";

/** The export's lines: the header, then every user in the actor's scope in code order, read from
 * the store in batches. The sign-in columns (last sign-in, locked until) come from the lists'
 * own copies of the sign-in states, brought up to date first, so the export reads no state key. */
async function* exportLines(
  kv: Deno.Kv,
  actor: UserRecord,
  ops: Pick<UserOps, "signIns" | "locks">,
  now: number,
): AsyncGenerator<string> {
  await ops.signIns.refresh();
  await ops.locks.at(now);
  yield EXPORT_HEADER;
  let text = "";
  for await (
    const e of kv.list<UserRecord>({ prefix: [...keys.userPrefix()] }, { batchSize: 500 })
  ) {
    const u = e.value;
    if (!inScope(actor, u)) continue;
    const code = u.employeeCode;
    const state = {
      ...NO_SIGN_IN,
      lastLogin: ops.signIns.lastLogin(code),
      lockedUntil: ops.locks.lockEnd(code),
    };
    text += exportLine(publicUser(u, state, now));
    if (text.length < 64 * 1024) continue;
    yield text;
    text = "";
  }
  if (text !== "") yield text;
}

/** Routes of bulk create, import and export. */
export function bulkRoutes(deps: Deps, ops: UserOps) {
  const { kv } = deps;

  return new Hono<Env>()
    .get("/api/users/export", (c) => {
      const actor = c.get("user")!;
      const day = new Date(deps.now()).toISOString().slice(0, 10);
      // streamed from the store a few hundred users at a time: memory stays flat at any size
      return c.body(
        ReadableStream.from(exportLines(kv, actor, ops, deps.now())).pipeThrough(
          new TextEncoderStream(),
        ),
        200,
        {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="users_${day}.csv"`,
        },
      );
    })
    .post("/api/users/import", async (c) => {
      const type = c.req.header("content-type") ?? "";
      let text: string | null = null;
      if (type.startsWith("multipart/form-data")) {
        const form = await c.req.parseBody().catch(() => null);
        const file = form?.file;
        text = file instanceof File ? await file.text() : typeof file === "string" ? file : null;
      } else if (type.startsWith("text/csv") || type.startsWith("text/plain")) {
        text = await c.req.text();
      } else if (type.startsWith("application/json")) {
        const body = await c.req.json().catch(() => null);
        text = typeof body?.csv === "string" ? body.csv : null;
      }
      if (text === null || text.trim() === "") {
        return fail(c, 400, "Please upload a CSV file or paste CSV content");
      }
      const check = checkImport(text);
      const actor = c.get("user")!;
      const now = deps.now();
      // imported accounts start without a password: activating one issues its one-time password
      const plan = check.errors.length === 0
        ? await planImport(kv, actor, check.users, now)
        : { items: [], errors: check.errors };
      if (plan.errors.length > 0) {
        return c.json({
          success: false as const,
          message: `Import blocked: ${plan.errors.length} error${
            plan.errors.length === 1 ? "" : "s"
          }; nothing was saved`,
          errors: plan.errors,
          warnings: check.warnings,
        }, 400);
      }
      const written = await writeUsers(kv, plan.items, {
        now,
        actor,
        action: "user.import",
      });
      if (!written.ok) {
        const code = written.failedAt.after.employeeCode;
        return fail(
          c,
          409,
          written.undone
            ? `${code} changed while the import was saving, so nothing was saved; import the file again`
            : `${code} changed while the import was saving; the import was undone except for accounts changed meanwhile`,
        );
      }
      const created = plan.items.filter((i) => i.before === null).length;
      const updated = plan.items.length - created;
      return ok(c, {
        created,
        updated,
        failed: [] as string[],
        warnings: check.warnings,
        message: `Import completed: ${created} created, ${updated} updated, 0 errors`,
      });
    })
    .post(
      "/api/users/bulk",
      valid("json", z.object({ users: z.array(createBody).min(1).max(500) }).strict()),
      async (c) => {
        const actor = c.get("user")!;
        const settings = await getSettings(kv);
        const results: {
          employeeCode: string;
          ok: boolean;
          message: string;
          oneTimePassword?: string;
          oneTimePasswordExpiresAt?: string;
        }[] = [];
        for (const body of c.req.valid("json").users) {
          const weak = body.password === undefined
            ? null
            : adminPasswordProblem(body.password, body, settings.minPasswordLength);
          if (weak !== null) {
            results.push({ employeeCode: body.employeeCode, ok: false, message: weak });
            continue;
          }
          if (createProblem(actor, body) !== null) {
            results.push({
              employeeCode: body.employeeCode,
              ok: false,
              message: "You may not create this user",
            });
            continue;
          }
          const now = deps.now();
          const issued = await issuePassword(settings, now, body.password);
          const user = newUserRecord(
            body,
            issued.fields.passwordHash,
            now,
            actor.employeeCode,
            { needsPasswordChange: true },
          );
          Object.assign(user, issued.fields);
          // the role's flags, never one the creator lacks (design 5.3)
          Object.assign(user, grantedFlags(actor, user.role));
          const res = await createUser(
            kv,
            user,
            (op) => audit(op, now, actor, "user.create", user, "bulk"),
          );
          results.push({
            employeeCode: user.employeeCode,
            ok: res.ok,
            message: res.ok
              ? "created"
              : res.conflict === "exists"
              ? "Employee code already exists"
              : "Email already used",
            ...(res.ok ? shownOnce(issued) : {}),
          });
        }
        return ok(c, {
          created: results.filter((r) => r.ok).length,
          failed: results.filter((r) => !r.ok).length,
          results,
        });
      },
    );
}
