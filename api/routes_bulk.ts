// Many accounts at once: bulk create, CSV import (all rows checked before any is saved) and the
// CSV export.

import { Hono } from "hono";
import { z } from "zod";
import { hashPassword } from "./auth.ts";
import { checkImport, type ImportedUser, usersCsv } from "./csv.ts";
import { type Deps, type Env, fail, ok, valid } from "./http.ts";
import { inScope, targetProblem } from "./policy.ts";
import { audit, createUser, keys, publicUser, updateUser, type UserRecord } from "./store.ts";
import type { UserOps } from "./user_ops.ts";
import { createBody } from "./user_schemas.ts";
import { getSettings, newUserRecord } from "./users.ts";

/** Routes of bulk create, import and export. */
export function bulkRoutes(deps: Deps, ops: UserOps) {
  const { kv } = deps;
  const { visibleUsers } = ops;

  /** Creates new users (imported-user record, default password) and updates existing ones by code. */
  async function importUsers(actor: UserRecord, users: readonly ImportedUser[]) {
    const settings = await getSettings(kv);
    const hash = await hashPassword(settings.defaultPassword);
    let created = 0;
    let updated = 0;
    const failed: string[] = [];
    for (const u of users) {
      const now = deps.now();
      const iso = new Date(now).toISOString();
      const existing = await kv.get<UserRecord>(keys.user(u.employeeCode));
      if (existing.value === null) {
        const record = newUserRecord({ ...u, phone: u.workPhone }, hash, now, "csv_import", {
          needsPasswordChange: true,
          activationStatus: "inactive",
        });
        Object.assign(record, {
          isActive: false,
          role: "user",
          canManageUsers: false,
          canAccessAdminApps: false,
          canExtendPasswords: false,
          canViewAllStations: false,
          fullName: u.fullName,
        });
        const res = await createUser(
          kv,
          record,
          (op) => audit(op, now, actor.employeeCode, "user.import", u.employeeCode, "created"),
        );
        if (res.ok) created++;
        else {failed.push(
            `Row ${u.row}: ${
              res.conflict === "exists" ? "employee code taken meanwhile" : "email taken meanwhile"
            }`,
          );}
        continue;
      }
      const after: UserRecord = {
        ...existing.value,
        fullName: u.fullName,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        station: u.station,
        jobTitle: u.jobTitle,
        position: u.position || existing.value.position,
        phone: u.workPhone || existing.value.phone,
        workPhone: u.workPhone || existing.value.workPhone,
        gender: u.gender,
        department: u.department || existing.value.department,
        updatedAt: iso,
        updatedBy: actor.employeeCode,
      };
      const res = await updateUser(
        kv,
        existing as Deno.KvEntry<UserRecord>,
        after,
        (op) => audit(op, now, actor.employeeCode, "user.import", u.employeeCode, "updated"),
      );
      if (res.ok) updated++;
      else failed.push(`Row ${u.row}: ${u.employeeCode} changed meanwhile or its email is taken`);
    }
    return { created, updated, failed };
  }

  return new Hono<Env>()
    .get("/api/users/export", async (c) => {
      const users = (await visibleUsers(c.get("user")!)).map(publicUser);
      const day = new Date(deps.now()).toISOString().slice(0, 10);
      return c.body(usersCsv(users), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="users_${day}.csv"`,
      });
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
      if (check.errors.length === 0) {
        for (const u of check.users) {
          if (!inScope(actor, { station: u.station })) {
            check.errors.push(`Row ${u.row}: station ${u.station} is outside your station`);
          }
          const byEmail = await kv.get<string>(keys.userByEmail(u.email));
          if (byEmail.value !== null && byEmail.value !== u.employeeCode) {
            check.errors.push(`Row ${u.row}: Email ${u.email} is already used by ${byEmail.value}`);
          }
          const existing = await kv.get<UserRecord>(keys.user(u.employeeCode));
          if (
            existing.value !== null &&
            targetProblem(actor, existing.value, { action: true, stationTo: u.station }) !== null
          ) {
            check.errors.push(`Row ${u.row}: you may not change user ${u.employeeCode}`);
          }
        }
      }
      if (check.errors.length > 0) {
        return c.json({
          success: false as const,
          message: `Import blocked: ${check.errors.length} error${
            check.errors.length === 1 ? "" : "s"
          }; nothing was saved`,
          errors: check.errors,
          warnings: check.warnings,
        }, 400);
      }
      const result = await importUsers(actor, check.users);
      return ok(c, {
        ...result,
        warnings: check.warnings,
        message:
          `Import completed: ${result.created} created, ${result.updated} updated, ${result.failed.length} errors`,
      });
    })
    .post(
      "/api/users/bulk",
      valid("json", z.object({ users: z.array(createBody).min(1).max(500) }).strict()),
      async (c) => {
        const actor = c.get("user")!;
        const settings = await getSettings(kv);
        const hash = await hashPassword(settings.defaultPassword);
        const results: { employeeCode: string; ok: boolean; message: string }[] = [];
        for (const body of c.req.valid("json").users) {
          if (
            !inScope(actor, { station: body.station.toUpperCase() }) ||
            (body.role === "super_admin" && actor.role !== "super_admin")
          ) {
            results.push({
              employeeCode: body.employeeCode,
              ok: false,
              message: "You may not create this user",
            });
            continue;
          }
          const now = deps.now();
          const user = newUserRecord(
            body,
            body.password ? await hashPassword(body.password) : hash,
            now,
            actor.employeeCode,
            { needsPasswordChange: true },
          );
          const res = await createUser(
            kv,
            user,
            (op) => audit(op, now, actor.employeeCode, "user.create", user.employeeCode, "bulk"),
          );
          results.push({
            employeeCode: user.employeeCode,
            ok: res.ok,
            message: res.ok
              ? "created"
              : res.conflict === "exists"
              ? "Employee code already exists"
              : "Email already used",
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
