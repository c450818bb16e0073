// The requests staff send from the sign-in page without signing in: activation, password reset and
// registration. They answer the same whether the code exists or a request is already pending, are
// throttled per address, and keep the first pending request of a code and kind.

import { newId } from "../store/ids.ts";
import { type Context, Hono } from "hono";
import { callerAddress, type Deps, type Env, fail, ok, valid } from "../http.ts";
import { addRequest, MAX_PENDING } from "./store.ts";
import { ANONYMOUS, audit, auditAt, type AuditSettings } from "../store/audit.ts";
import { keys } from "../store/keys.ts";
import type { RequestKind, RequestRecord, UserRecord } from "../store/records.ts";
import { countOne, windowEnd } from "../auth/throttle.ts";
import { activationBody, registrationBody, resetBody } from "../rules/user_schemas.ts";
import { type Problem, say } from "../rules/messages.ts";

/** Sign-in page answers (spec 001 section 8): the same whatever the code. */
export const REQUEST_SENT = {
  activation: say("requests:sent:activation"),
  "password-reset": say("requests:sent:password-reset"),
  registration: say("requests:sent:registration"),
} satisfies Record<RequestKind, Problem>;

const SUMMARY = {
  activation: say("audit:request:activation"),
  "password-reset": say("audit:request:password-reset"),
  registration: say("audit:request:registration"),
} satisfies Record<RequestKind, Problem>;

/** Sign-in page requests one address may send within REQUEST_WINDOW_MS. */
export const REQUEST_LIMIT = 20;
/** The window of the per-address count of sign-in page requests. */
export const REQUEST_WINDOW_MS = 15 * 60_000;
/** The record of a request from the sign-in page: the account's name and station as read, or
 * those of the registration. */
function requestRecord(
  where: { kind: RequestKind; employeeCode: string; reason: string; now: number },
  user: UserRecord | null,
  registration?: Record<string, string>,
): RequestRecord {
  const { kind, employeeCode, reason, now } = where;
  return {
    _id: newId(now),
    kind,
    employeeCode,
    reason,
    requestedAt: new Date(now).toISOString(),
    userInfo: {
      fullName: user?.fullName ??
        `${registration?.firstName ?? ""} ${registration?.lastName ?? ""}`.trim(),
    },
    station: user?.station ?? registration?.station ?? "",
    ...(registration ? { registration } : {}),
    // the submission's operation id: a commit whose answer was lost, sent again by the client
    // and refused by its own check, is known by it (the answer is the same either way)
    opId: crypto.randomUUID(),
  };
}

/**
 * Stores a request when it can be handled and none is pending; says nothing either way. A
 * taken code and a free one do the same KV work (one read of the account, the count and the
 * pending request; one write that goes through: the request with its audit entry, or the audit
 * entry of the request that was not queued), so that neither the answer nor its time tells which
 * codes exist (issue 48 finding 12; the bench measures it in pairs, tools/bench_pairs.ts).
 */
async function storeRequest(
  deps: Deps,
  kind: RequestKind,
  employeeCode: string,
  reason: string,
  registration?: Record<string, string>,
) {
  const { kv } = deps;
  // the settings in the same read: the audit entry is kept as long as they say
  const [found, count, pending, settings] = await kv.getMany<
    [UserRecord, Deno.KvU64, RequestRecord, AuditSettings]
  >([
    keys.user(employeeCode),
    keys.requestCount(kind),
    keys.request(kind, employeeCode),
    keys.settings(),
  ]);
  const user = found.value;
  const now = deps.now();
  const record = requestRecord({ kind, employeeCode, reason, now }, user, registration);
  // a registration is for a new code, the others for an existing account (as read)
  const why = notQueued(kind, user, pending.value, Number(count.value?.value ?? 0n));
  const op = kv.atomic();
  if (why === null) {
    // checked against what was read: a request or an account made meanwhile drops it
    addRequest(op, record).check(found);
  }
  // the caller is not signed in: whoever they claim to be is only the target; the entry names
  // the account's station (a code without one: a stand-in)
  const target = { employeeCode, station: record.station || "-" };
  const summary = why === null ? SUMMARY[kind] : `${SUMMARY[kind].message}, not queued: ${why}`;
  audit(
    op,
    auditAt(now, settings.value ?? {}),
    ANONYMOUS,
    `request.${kind}`,
    target,
    summary,
    reason,
  );
  await op.commit();
}

/** Why a request is not queued, or null when it is. */
function notQueued(
  kind: RequestKind,
  user: UserRecord | null,
  pending: RequestRecord | null,
  count: number,
): string | null {
  if (kind === "registration" && user !== null) return "the code is taken";
  if (kind !== "registration" && user === null) return "no account has the code";
  if (pending !== null) return "one is pending already";
  if (count >= MAX_PENDING) return "the queue is full";
  return null;
}

/** Counts a request of the caller's address, then stores it; 429 when the address must wait.
 * The answer is the same whether it was stored or not. */
async function sendRequest(
  c: Context<Env>,
  deps: Deps,
  kind: RequestKind,
  request: { employeeCode: string; reason: string; registration?: Record<string, string> },
) {
  const address = callerAddress(c, deps);
  const count = await countOne(deps.kv, "requests", address, deps.now(), REQUEST_WINDOW_MS);
  if (count > REQUEST_LIMIT) {
    const until = new Date(windowEnd(deps.now(), REQUEST_WINDOW_MS)).toISOString();
    return fail(c, 429, "auth:requests_throttled", { time: until });
  }
  await storeRequest(deps, kind, request.employeeCode, request.reason, request.registration);
  return ok(c, REQUEST_SENT[kind]);
}

/** Routes of the sign-in page requests, mounted at /api/users. */
export function signInRequestRoutes(deps: Deps) {
  return new Hono<Env>()
    .post("/activation-request", valid("json", activationBody), (c) => {
      const { employeeCode, reason } = c.req.valid("json");
      return sendRequest(c, deps, "activation", { employeeCode, reason });
    })
    .post("/password-reset-request", valid("json", resetBody), (c) => {
      const { employeeCode } = c.req.valid("json");
      return sendRequest(c, deps, "password-reset", { employeeCode, reason: "" });
    })
    .post("/registration-request", valid("json", registrationBody), (c) => {
      const { requestedAt: _at, reason, ...registration } = c.req.valid("json");
      const { employeeCode } = registration;
      return sendRequest(c, deps, "registration", { employeeCode, reason, registration });
    });
}
