// Every account call of the admin area through the typed client, once: the stores call these and
// nothing else reaches the client for an account. The server checks every rule again, so a refusal
// comes back as an ApiError with its own message. Answers that carry a one-time password hand it
// to the panel that shows it once (keepIssued).

import type { AppId } from "../../../../api/rules/apps.ts";
import { api, unwrap } from "../../lib/api/client.ts";
import { keepIssued } from "./one_time_passwords.ts";
import { withStepUp } from "../two_factor/step_up.ts";
import type { Days, RequestKind } from "./requests/request_rules.ts";

const code = (employeeCode: string) => ({ param: { code: employeeCode } });

/** The fields an edit may send. */
export type UserChanges = Parameters<(typeof api.api.users)[":code"]["$put"]>[0]["json"];

/** The body of a new account. */
export type NewUser = Parameters<typeof api.api.users.$post>[0]["json"];

/** The account calls; each resolves to the server's answer or throws ApiError. */
export const accountCalls = {
  get: (employeeCode: string) => unwrap(api.api.users[":code"].$get(code(employeeCode))),
  /** A create (an administrator, or a typed password, asks for the password again). */
  create: (json: NewUser) =>
    withStepUp(() => unwrap(api.api.users.$post({ json }))).then(keepIssued),
  /** An edit (a promotion to an administrator asks for the password again). */
  update: (employeeCode: string, json: UserChanges) =>
    withStepUp(() => unwrap(api.api.users[":code"].$put({ ...code(employeeCode), json })))
      .then(keepIssued),
  /** A reset to a one-time password (no password given) or to the given one (which asks for the
   * admin's password again). */
  resetPassword: (employeeCode: string, newPassword?: string) =>
    withStepUp(() =>
      unwrap(
        api.api.users[":code"]["reset-password"].$post({
          ...code(employeeCode),
          json: newPassword === undefined ? {} : { newPassword },
        }),
      )
    ).then(keepIssued),
  unlock: (employeeCode: string) =>
    unwrap(api.api.users[":code"].unlock.$post({ ...code(employeeCode), json: {} })),
  assignApps: (employeeCode: string, appIds: AppId[]) =>
    unwrap(
      api.api.users[":code"]["assign-apps"].$post({ ...code(employeeCode), json: { appIds } }),
    ),
  extend: (employeeCode: string, days: Days) =>
    unwrap(
      api.api.users[":code"]["extend-password"].$post({ ...code(employeeCode), json: { days } }),
    ),
  remove: (employeeCode: string) => unwrap(api.api.users[":code"].$delete(code(employeeCode))),
  sessions: (employeeCode: string) =>
    unwrap(api.api.users[":code"].sessions.$get(code(employeeCode))),
  endSessions: (employeeCode: string) =>
    unwrap(api.api.users[":code"].sessions.$delete(code(employeeCode))),
  /** Ends one session of the account, by its public id. */
  endSession: (employeeCode: string, id: string) =>
    unwrap(api.api.users[":code"].sessions[":id"].$delete({ param: { code: employeeCode, id } })),
  /** How the account's second factors stand (TwoFactorStatus, no secrets). */
  twoFactor: (employeeCode: string) =>
    unwrap(api.api.users[":code"]["two-factor"].$get(code(employeeCode))),
  /** Removes the account's second factors and ends its sessions (super admins; asks for the
   * password again). */
  resetTwoFactor: (employeeCode: string) =>
    withStepUp(() => unwrap(api.api.users[":code"]["two-factor"].$delete(code(employeeCode)))),
  /** Approves for `days`, or without them for the server's password expiry setting. */
  approveActivation: (employeeCode: string, days?: Days) =>
    unwrap(
      api.api.users[":code"]["approve-activation"].$post({
        ...code(employeeCode),
        json: days === undefined ? {} : { days },
      }),
    ).then(keepIssued),
  /** Creates the registered account with the chosen apps. */
  approveRegistration: (employeeCode: string, accessibleApps: AppId[] = []) =>
    unwrap(
      api.api.users[":code"]["approve-registration"].$post({
        ...code(employeeCode),
        json: { accessibleApps },
      }),
    ).then(keepIssued),
  reject: (kind: RequestKind, employeeCode: string, reason: string) => {
    const args = { ...code(employeeCode), json: { reason } };
    switch (kind) {
      case "activation":
        return unwrap(api.api.users[":code"]["reject-activation"].$post(args));
      case "password-reset":
        return unwrap(api.api.users[":code"]["reject-password-reset"].$post(args));
      case "registration":
        return unwrap(api.api.users[":code"]["reject-registration"].$post(args));
    }
  },
  deleteRequest: (kind: RequestKind, employeeCode: string) =>
    unwrap(
      api.api.users.requests[":kind"][":code"].$delete({ param: { kind, code: employeeCode } }),
    ),
};
