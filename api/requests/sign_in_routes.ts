// The requests staff send from the sign-in page without signing in: activation, password reset and
// registration. They answer the same whether the code exists or a request is already pending, are
// throttled per address, and keep the first pending request of a code and kind.

import { Hono } from "hono";
import { callerAddress, type Deps, type Env, fail, ok, valid } from "../http.ts";
import { addRequest, MAX_PENDING } from "./store.ts";
import {
  ANONYMOUS,
  audit,
  keys,
  newId,
  type RequestKind,
  type RequestRecord,
  type UserRecord,
} from "../store.ts";
import { countOne, windowEnd } from "../auth/throttle.ts";
import { activationBody, registrationBody, resetBody } from "../rules/user_schemas.ts";

/** Sign-in page answers (spec 001 section 8): the same whatever the code. */
export const REQUEST_SENT = {
  activation: "Activation request sent! An administrator will review your request shortly.",
  "password-reset":
    "Password reset request sent! An administrator will reset your password shortly.",
  registration:
    "Registration request submitted! An administrator will review your request shortly.",
} as const;

const SUMMARY: Record<RequestKind, string> = {
  activation: "activation request from the sign-in page",
  "password-reset": "password reset request from the sign-in page",
  registration: "registration request from the sign-in page",
};

/** A versionstamp no entry has (KV's start above zero): a check of it never holds, a missing
 * key included. */
const NEVER = "00000000000000000000";

/** Sign-in page requests one address may send within REQUEST_WINDOW_MS. */
export const REQUEST_LIMIT = 20;
/** The window of the per-address count of sign-in page requests. */
export const REQUEST_WINDOW_MS = 15 * 60_000;
/** Routes of the sign-in page requests. */
export function signInRequestRoutes(deps: Deps) {
  const { kv } = deps;

  /**
   * Stores a request when it can be handled and none is pending; says nothing either way. A
   * taken code and a free one cost the same KV calls (one read of the account and the count, one
   * atomic write tried), so that neither the answer nor its time tells which codes exist.
   */
  async function storeRequest(
    kind: RequestKind,
    employeeCode: string,
    reason: string,
    registration?: Record<string, string>,
  ) {
    const [found, count] = await kv.getMany<[UserRecord, Deno.KvU64]>([
      keys.user(employeeCode),
      keys.requestCount(kind),
    ]);
    const user = found.value;
    const now = deps.now();
    const record: RequestRecord = {
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
    };
    // a repeat finds the first request pending: the check fails and nothing changes
    const op = addRequest(kv.atomic(), record);
    // a registration is for a new code, the others for an existing account (as read); anything
    // else, or a full queue, is dropped by a check that cannot hold, in the same write
    const wanted = kind === "registration" ? null : found.versionstamp;
    const handled = (kind === "registration") === (user === null) &&
      Number(count.value?.value ?? 0n) < MAX_PENDING;
    op.check({ key: keys.user(employeeCode), versionstamp: handled ? wanted : NEVER });
    // the caller is not signed in: whoever they claim to be is only the target
    // the entry names the account's station (a code without one: a stand-in, so that the write
    // tried has the same keys; it is dropped anyway)
    const target = { employeeCode, station: record.station || "-" };
    audit(op, now, ANONYMOUS, `request.${kind}`, target, SUMMARY[kind], reason);
    await op.commit();
  }

  /** Counts a request of the caller's address; false when the address must wait. */
  async function allowed(address: string): Promise<boolean> {
    const now = deps.now();
    return await countOne(kv, "requests", address, now, REQUEST_WINDOW_MS) <= REQUEST_LIMIT;
  }

  const tooMany = () =>
    `Too many requests from this address. Try again after ${
      new Date(windowEnd(deps.now(), REQUEST_WINDOW_MS)).toISOString()
    }.`;

  return new Hono<Env>()
    .post(
      "/api/users/activation-request",
      valid("json", activationBody),
      async (c) => {
        if (!(await allowed(callerAddress(c, deps)))) return fail(c, 429, tooMany());
        const body = c.req.valid("json");
        await storeRequest("activation", body.employeeCode, body.reason);
        return ok(c, { message: REQUEST_SENT.activation });
      },
    )
    .post(
      "/api/users/password-reset-request",
      valid("json", resetBody),
      async (c) => {
        if (!(await allowed(callerAddress(c, deps)))) return fail(c, 429, tooMany());
        await storeRequest("password-reset", c.req.valid("json").employeeCode, "");
        return ok(c, { message: REQUEST_SENT["password-reset"] });
      },
    )
    .post(
      "/api/users/registration-request",
      valid("json", registrationBody),
      async (c) => {
        if (!(await allowed(callerAddress(c, deps)))) return fail(c, 429, tooMany());
        const { requestedAt: _at, reason, ...fields } = c.req.valid("json");
        await storeRequest("registration", fields.employeeCode, reason, fields);
        return ok(c, { message: REQUEST_SENT.registration });
      },
    );
}
