// Unlock and extend every user a list's filters match (issue 27, "Select all N matching"): the
// browser sends the filters, never thousands of codes. The server resolves the matching users
// from the compact index within the caller's scope, and each call works through the next
// BULK_STEP of them after a cursor (an employee code), so no request runs long and the browser
// shows progress and can stop between calls. Each user is its own atomic write with its audit
// entry, through the same target rules as the one-account route.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { type Env, ok, signedIn, valid } from "../http.ts";
import { days } from "../rules/user_schemas.ts";
import type { UserRecord } from "../store/records.ts";
import { extendAccount, unlockAccount } from "./account_action_routes.ts";
import { matchingRows } from "./export_stream.ts";
import { listFilter } from "./list_routes.ts";
import type { Outcome, UserOps } from "./ops.ts";
import { type Problem, say } from "../rules/messages.ts";

/** Users one call acts on at most (the list's largest page). */
export const BULK_STEP = 100;

/** Users acted on at once within a call. */
const PARALLEL = 4;

const step = {
  filter: listFilter,
  /** The last code the previous call reached (matching users after it come next). */
  after: z.string().max(40).optional(),
};

/** One user's outcome in a bulk action. */
interface StepResult {
  employeeCode: string;
  ok: boolean;
  code: string;
  params: Record<string, string | number>;
  message: string;
}

type Filter = z.infer<typeof listFilter>;

/** The next codes of the matching users after `after`, and how many match in all. */
async function nextMatching(ops: UserOps, actor: UserRecord, filter: Filter, after: string) {
  const rows = await matchingRows(ops, actor, filter, ops.deps.now());
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid].code <= after) lo = mid + 1;
    else hi = mid;
  }
  const codes = rows.slice(lo, lo + BULK_STEP).map((r) => r.code);
  return { codes, matching: rows.length, left: rows.length - lo - codes.length };
}

/** Runs `act` over the next matching users and answers their outcomes and where to go on. */
async function bulkStep(
  c: Context<Env>,
  ops: UserOps,
  body: { filter: Filter; after?: string },
  act: (actor: UserRecord, code: string) => Promise<Outcome>,
  done: Problem,
) {
  const actor = signedIn(c);
  const { codes, matching, left } = await nextMatching(ops, actor, body.filter, body.after ?? "");
  const results: StepResult[] = new Array(codes.length);
  let next = 0;
  const runner = async () => {
    while (next < codes.length) {
      const i = next++;
      const r = await act(actor, codes[i]);
      results[i] = "user" in r
        ? { employeeCode: codes[i], ok: true, ...done }
        : { employeeCode: codes[i], ok: false, code: r.code, params: r.params, message: r.message };
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, codes.length) }, runner));
  return ok(c, {
    results,
    matching,
    /** The matching users after the ones this call reached. */
    remaining: left,
    /** The cursor of the next call, or null when no matching user is left. */
    next: left > 0 ? codes.at(-1)! : null,
  });
}

/** Routes of the bulk actions over matching users, mounted at /api/users. */
export function bulkActionRoutes(ops: UserOps) {
  return new Hono<Env>()
    .post(
      "/bulk-unlock",
      valid("json", z.object(step).strict()),
      // only the locked ones among the matching users: unlocking the others would write
      // thousands of audit entries that change nothing
      (c) => {
        const body = c.req.valid("json");
        const filter = { ...body.filter, locked: "true" as const };
        return bulkStep(
          c,
          ops,
          { ...body, filter },
          (a, code) => unlockAccount(ops, a, code, c.get("settings")),
          say("users:unlocked"),
        );
      },
    )
    .post(
      "/bulk-extend",
      valid("json", z.object({ ...step, days }).strict()),
      (c) => {
        const body = c.req.valid("json");
        return bulkStep(
          c,
          ops,
          body,
          (a, code) => extendAccount(ops, a, code, body.days, c.get("settings")),
          say("users:extended_days", { days: body.days }),
        );
      },
    );
}
