// Every account action of the admin area once, with the texts the status line says on success and
// on failure. The user list, the user detail, the expiring page and the request queues all run
// these, so an action reads the same wherever it is taken.

import type { Role } from "../../../api/store.ts";
import { type AppId, appName } from "../../../api/rules/apps.ts";
import { plural } from "../numbers.ts";
import { accountCalls, type NewUser, type UserChanges } from "./account_calls.ts";
import { type BulkResult, failedOf, lines, tally } from "./bulk.ts";
import { errorText } from "./error_text.ts";
import {
  type Days,
  daysLabel,
  rejectReason,
  type RequestKind,
  requestName,
} from "./request_rules.ts";
import type { Status } from "./slices.ts";

/** One call with what the status line says when it works and when it is refused. */
export interface AccountAction<T> {
  run(): Promise<T>;
  success(answer: T): string;
  failure(message: string): Status;
}

/** How an action went: the answer and the status to say, or the refusal's message and status. */
export type Outcome<T> =
  | { ok: true; answer: T; status: Status }
  | { ok: false; message: string; status: Status };

/** Runs an action and words its outcome. */
export async function perform<T>(action: AccountAction<T>): Promise<Outcome<T>> {
  try {
    const answer = await action.run();
    return { ok: true, answer, status: { ok: true, text: action.success(answer) } };
  } catch (err) {
    const message = errorText(err);
    return { ok: false, message, status: action.failure(message) };
  }
}

const failed = (text: string) => (message: string): Status => ({
  ok: false,
  text,
  details: [message],
});

const said = (text: string) => (message: string): Status => ({
  ok: false,
  text: `${text}: ${message}`,
});

const RESET_DONE = "reset to a one-time password; it must be changed at the next sign-in";

/** The actions on one account. */
export const accountActions = {
  setActive: (code: string, active: boolean) => ({
    run: () => accountCalls.update(code, { isActive: active }),
    success: () => `User ${code} ${active ? "activated" : "deactivated"}`,
    failure: failed(active ? "Failed to activate user" : "Failed to deactivate user"),
  }),
  resetPassword: (code: string) => ({
    run: () => accountCalls.resetPassword(code),
    success: () => `Password of ${code} ${RESET_DONE}`,
    failure: said("Failed to reset password"),
  }),
  unlock: (code: string) => ({
    run: () => accountCalls.unlock(code),
    success: () => `Account ${code} unlocked`,
    failure: said("Failed to unlock account"),
  }),
  extend: (code: string, days: 30 | 90) => ({
    run: () => accountCalls.extend(code, days),
    success: () => `Password expiry extended by ${days} days`,
    failure: failed("Failed to extend password(s)"),
  }),
  /** The list names the account in its message; the detail, on the account's own page, not. */
  assignApps: (code: string, apps: AppId[], named: boolean) => ({
    run: () => accountCalls.assignApps(code, apps),
    success: () => `Apps ${named ? `of ${code} ` : ""}updated (${plural(apps.length, "app")})`,
    failure: (message: string): Status => ({ ok: false, text: message }),
  }),
  savePermissions: (code: string, flags: UserChanges) => ({
    run: () => accountCalls.update(code, flags),
    success: () => "Permissions saved",
    failure: failed("Failed to save changes"),
  }),
  endSessions: (code: string) => ({
    run: () => accountCalls.endSessions(code),
    success: (done: { message: string }) => done.message,
    failure: failed("Failed to sign the user out"),
  }),
  /** The server's message says it: 'Two-factor sign-in of CODE reset'. */
  resetTwoFactor: (code: string) => ({
    run: () => accountCalls.resetTwoFactor(code),
    success: (done: { message: string }) => done.message,
    failure: failed("Failed to reset two-factor sign-in"),
  }),
  remove: (code: string) => ({
    run: () => accountCalls.remove(code),
    success: () => `User ${code} deleted`,
    failure: failed("Failed to delete user"),
  }),
  create: (body: NewUser) => ({
    run: () => accountCalls.create(body),
    success: (user: Awaited<ReturnType<typeof accountCalls.create>>) =>
      `User ${user.employeeCode} created${
        user.isActive ? "" : " (inactive)"
      }. They must change the password at their first sign-in.`,
    failure: (message: string): Status => ({
      ok: false,
      text: `Failed to create user: ${message}`,
    }),
  }),
};

/** The actions on a request of the queues. */
export const requestActions = {
  approveActivation: (code: string, days: Days) => ({
    run: () => accountCalls.approveActivation(code, days),
    success: () => `Activation of ${code} approved for ${daysLabel(days)}`,
    failure: failed("Failed to approve activation request"),
  }),
  approveRegistration: (code: string, apps: AppId[] = []) => ({
    run: () => accountCalls.approveRegistration(code, apps),
    success: () =>
      `User ${code} created with a one-time password; it must be changed at the first sign-in. Apps: ${
        apps.map(appName).join(", ") || "none"
      }`,
    failure: failed("Failed to approve registration request"),
  }),
  /** Rejects with the typed reason (empty: 'No reason provided'). */
  reject: (kind: RequestKind, code: string, typedReason: string) => {
    const reason = rejectReason(typedReason);
    return {
      run: () => accountCalls.reject(kind, code, reason),
      success: () => `The ${requestName(kind)} request of ${code} was rejected: ${reason}`,
      failure: failed(`Failed to reject ${requestName(kind)} request`),
    };
  },
  remove: (kind: RequestKind, code: string) => ({
    run: () => accountCalls.deleteRequest(kind, code),
    success: () => `The request of ${code} was deleted`,
    failure: failed("Failed to delete the request"),
  }),
  /** Resets to a one-time password (no password given) or to the given one; the request closes. */
  resetPassword: (code: string, newPassword?: string) => ({
    run: () => accountCalls.resetPassword(code, newPassword),
    success: () =>
      newPassword === undefined
        ? `The password of ${code} is ${RESET_DONE}`
        : `The password of ${code} is set; it must be changed at the next sign-in`,
    failure: said("Failed to reset password"),
  }),
  /** Extends by 30 days instead of a reset and closes the request, saying why in the audit. */
  extendInstead: (code: string) => ({
    async run() {
      await accountCalls.extend(code, 30);
      try {
        await accountCalls.reject("password-reset", code, "Password extended by 30 days");
      } catch (err) {
        return `The password of ${code} is extended by 30 days; the request stays open: ${
          errorText(err)
        }`;
      }
      return `The password of ${code} is extended by 30 days`;
    },
    success: (text: string) => text,
    failure: failed("Failed to extend password(s)"),
  }),
};

/** An action over many accounts: its progress label, the call per account and the summary. */
export interface BulkAction {
  label: string;
  each(code: string): Promise<string>;
  summary(results: readonly BulkResult[]): Status;
}

/** All succeeded: `done`; else `failedText`, with the counts and one line per account. */
const summed =
  (done: (n: number) => string, failedText: string) => (results: readonly BulkResult[]): Status => {
    const t = tally(results);
    return t.counts.failed === 0
      ? { ok: true, text: done(results.length), ...t }
      : { ok: false, text: failedText, ...t };
  };

/** Succeeded and failed counted in the text itself (so not again beside it). */
const counted = (what: string) => (results: readonly BulkResult[]): Status => {
  const { counts, details } = tally(results);
  return {
    ok: counts.failed === 0,
    text: `${what}: ${counts.succeeded} succeeded, ${counts.failed} failed`,
    details,
  };
};

/** The bulk actions. */
export const bulkActions = {
  setActive: (active: boolean): BulkAction => ({
    label: active ? "Activating" : "Deactivating",
    async each(code) {
      await accountCalls.update(code, { isActive: active });
      return active ? "activated" : "deactivated";
    },
    summary: summed(
      (n) => `${active ? "Activated" : "Deactivated"} ${plural(n, "user")}`,
      "Failed to activate/deactivate some users",
    ),
  }),
  role: (role: Role, roleName: string): BulkAction => ({
    label: "Changing role",
    async each(code) {
      await accountCalls.update(code, { role });
      return `role set to ${roleName}`;
    },
    summary: summed(
      (n) => `Role set to ${roleName} for ${plural(n, "user")}`,
      "Failed to change role for some users",
    ),
  }),
  resetPassword: (): BulkAction => ({
    label: "Resetting passwords",
    async each(code) {
      await accountCalls.resetPassword(code);
      return "password reset to a one-time password";
    },
    summary: counted("Password reset"),
  }),
  unlock: (): BulkAction => ({
    label: "Unlocking",
    async each(code) {
      await accountCalls.unlock(code);
      return "unlocked";
    },
    summary: counted("Unlock"),
  }),
  remove: (): BulkAction => ({
    label: "Deleting",
    each: async (code) => (await accountCalls.remove(code)).message,
    summary: counted("Delete"),
  }),
  extend: (days: Days): BulkAction => ({
    label: "Extending",
    async each(code) {
      await accountCalls.extend(code, days);
      return `extended by ${daysLabel(days)}`;
    },
    summary(results) {
      const bad = failedOf(results);
      const ok = results.length - bad.length;
      return bad.length === 0
        ? { ok: true, text: `Extended ${plural(ok, "password")} by ${daysLabel(days)}` }
        : {
          ok: false,
          text: `Failed to extend password(s): ${ok} extended, ${bad.length} failed`,
          details: lines(bad),
        };
    },
  }),
  /** Approve All: each activation request for the server's password expiry (`days`, as the
   * screen read it; the server applies its own setting). */
  approveActivation: (days: number): BulkAction => ({
    label: "Working",
    async each(code) {
      await accountCalls.approveActivation(code);
      return `approved for ${daysLabel(days)}`;
    },
    summary(results) {
      const bad = failedOf(results);
      const ok = results.length - bad.length;
      return bad.length === 0
        ? { ok: true, text: `Approved ${plural(ok, "activation request")} for ${daysLabel(days)}` }
        : {
          ok: false,
          text: `Failed to approve activation request: ${ok} approved, ${
            plural(bad.length, "request")
          } failed`,
          details: lines(bad),
        };
    },
  }),
};
