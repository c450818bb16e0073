// Every account action of the admin area once, with the texts the status line says on success and
// on failure. The user list, the user detail, the expiring page and the request queues all run
// these, so an action reads the same wherever it is taken.

import type { Role } from "../../../../api/rules/roles.ts";
import { type AppId, appName } from "../../../../api/rules/apps.ts";
import { UDETAIL_ACTIONS } from "./texts/udetail_actions.ts";
import { text, type Values } from "../../i18n/i18n.ts";
import { type ServerMessage, serverText } from "../../i18n/server_text.ts";
import { accountCalls, type NewUser, type UserChanges } from "./account_calls.ts";
import { type BulkResult, failedOf, lines, tally } from "./bulk.ts";
import { errorText } from "./error_text.ts";
import { type Days, NO_REASON, rejectReason, type RequestKind } from "./requests/request_rules.ts";
import type { Status } from "./status.ts";

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

/** A text of the actions' catalogue in the language shown now. */
type Key = (typeof UDETAIL_ACTIONS.keys)[number];
const say = (key: Key, values?: Values) => text(UDETAIL_ACTIONS, key, values);

const failed = (text: string) => (message: string): Status => ({
  ok: false,
  text,
  details: [message],
});

const said = (what: string) => (message: string): Status => ({
  ok: false,
  text: say("withMessage", { what, message }),
});

/** A number of days as messages say it ('30 days', '1 year'). */
const span = (days: number) => say("daysSpan", { days });

/** A request kind as the catalogue's select reads it. */
const kindOf = (kind: RequestKind) => kind === "password-reset" ? "passwordReset" : kind;

/** App names joined for a message, or 'none'. */
const appList = (apps: readonly AppId[]) =>
  apps.map((a) => serverText(appName(a))).join(say("listSeparator")) || say("appsNone");

/** The actions on one account. */
export const accountActions = {
  setActive: (code: string, active: boolean) => ({
    run: () => accountCalls.update(code, { isActive: active }),
    success: () => say(active ? "activated" : "deactivated", { code }),
    failure: failed(say(active ? "failedActivate" : "failedDeactivate")),
  }),
  resetPassword: (code: string) => ({
    run: () => accountCalls.resetPassword(code),
    success: () => say("passwordReset", { code }),
    failure: said(say("failedReset")),
  }),
  unlock: (code: string) => ({
    run: () => accountCalls.unlock(code),
    success: () => say("unlocked", { code }),
    failure: said(say("failedUnlock")),
  }),
  extend: (code: string, days: 30 | 90) => ({
    run: () => accountCalls.extend(code, days),
    success: () => say("extended", { days }),
    failure: failed(say("failedExtend")),
  }),
  /** The list names the account in its message; the detail, on the account's own page, not. */
  assignApps: (code: string, apps: AppId[], named: boolean) => ({
    run: () => accountCalls.assignApps(code, apps),
    success: () => say(named ? "appsOfUpdated" : "appsUpdated", { code, count: apps.length }),
    failure: (message: string): Status => ({ ok: false, text: message }),
  }),
  savePermissions: (code: string, flags: UserChanges) => ({
    run: () => accountCalls.update(code, flags),
    success: () => say("permissionsSaved"),
    failure: failed(say("failedSave")),
  }),
  endSessions: (code: string) => ({
    run: () => accountCalls.endSessions(code),
    success: (done: ServerMessage) => serverText(done),
    failure: failed(say("failedSignOut")),
  }),
  /** The server's message says it: 'Two-factor sign-in of CODE reset'. */
  resetTwoFactor: (code: string) => ({
    run: () => accountCalls.resetTwoFactor(code),
    success: (done: ServerMessage) => serverText(done),
    failure: failed(say("failedResetTwoFactor")),
  }),
  remove: (code: string) => ({
    run: () => accountCalls.remove(code),
    success: () => say("deleted", { code }),
    failure: failed(say("failedDelete")),
  }),
  create: (body: NewUser) => ({
    run: () => accountCalls.create(body),
    success: (user: Awaited<ReturnType<typeof accountCalls.create>>) =>
      say(user.isActive ? "created" : "createdInactive", { code: user.employeeCode }),
    failure: (message: string): Status => ({
      ok: false,
      text: say("failedCreate", { message }),
    }),
  }),
};

/** The actions on a request of the queues. */
export const requestActions = {
  /** Without `days` (an admin who may not extend passwords) the expiry stays as it is. */
  approveActivation: (code: string, days?: Days) => ({
    run: () => accountCalls.approveActivation(code, days),
    success: () =>
      days === undefined
        ? say("activationApprovedKept", { code })
        : say("activationApproved", { code, days: span(days) }),
    failure: failed(say("failedApproveActivation")),
  }),
  approveRegistration: (code: string, apps: AppId[] = []) => ({
    run: () => accountCalls.approveRegistration(code, apps),
    success: () => say("registrationApproved", { code, apps: appList(apps) }),
    failure: failed(say("failedApproveRegistration")),
  }),
  /** Rejects with the typed reason (empty: 'No reason provided'). */
  reject: (kind: RequestKind, code: string, typedReason: string) => {
    const reason = rejectReason(typedReason);
    const shown = typedReason.trim() === "" ? serverText(NO_REASON) : reason;
    return {
      run: () => accountCalls.reject(kind, code, reason),
      success: () => say("requestRejected", { kind: kindOf(kind), code, reason: shown }),
      failure: failed(say("failedReject", { kind: kindOf(kind) })),
    };
  },
  remove: (kind: RequestKind, code: string) => ({
    run: () => accountCalls.deleteRequest(kind, code),
    success: () => say("requestDeleted", { code }),
    failure: failed(say("failedDeleteRequest")),
  }),
  /** Resets to a one-time password (no password given) or to the given one; the request closes. */
  resetPassword: (code: string, newPassword?: string) => ({
    run: () => accountCalls.resetPassword(code, newPassword),
    success: () =>
      say(newPassword === undefined ? "passwordResetRequest" : "passwordSet", { code }),
    failure: said(say("failedReset")),
  }),
  /** Extends by 30 days instead of a reset and closes the request, saying why in the audit. */
  extendInstead: (code: string) => ({
    async run() {
      await accountCalls.extend(code, 30);
      try {
        await accountCalls.reject("password-reset", code, "Password extended by 30 days");
      } catch (err) {
        return say("extendedRequestOpen", { code, message: errorText(err) });
      }
      return say("extendedInstead", { code });
    },
    success: (text: string) => text,
    failure: failed(say("failedExtend")),
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
    text: say("bulkSummary", { what, ...counts }),
    details,
  };
};

/** The bulk actions. */
export const bulkActions = {
  setActive: (active: boolean): BulkAction => ({
    label: say(active ? "labelActivating" : "labelDeactivating"),
    async each(code) {
      await accountCalls.update(code, { isActive: active });
      return say(active ? "lineActivated" : "lineDeactivated");
    },
    summary: summed(
      (count) => say(active ? "bulkActivated" : "bulkDeactivated", { count }),
      say("failedBulkActive"),
    ),
  }),
  role: (role: Role, roleName: string): BulkAction => ({
    label: say("labelRole"),
    async each(code) {
      await accountCalls.update(code, { role });
      return say("lineRole", { role: roleName });
    },
    summary: summed(
      (count) => say("bulkRole", { role: roleName, count }),
      say("failedBulkRole"),
    ),
  }),
  resetPassword: (): BulkAction => ({
    label: say("labelReset"),
    async each(code) {
      await accountCalls.resetPassword(code);
      return say("lineReset");
    },
    summary: counted(say("whatReset")),
  }),
  unlock: (): BulkAction => ({
    label: say("labelUnlock"),
    async each(code) {
      await accountCalls.unlock(code);
      return say("lineUnlocked");
    },
    summary: counted(say("whatUnlock")),
  }),
  remove: (): BulkAction => ({
    label: say("labelDelete"),
    each: async (code) => serverText(await accountCalls.remove(code)),
    summary: counted(say("whatDelete")),
  }),
  extend: (days: Days): BulkAction => ({
    label: say("labelExtend"),
    async each(code) {
      await accountCalls.extend(code, days);
      return say("lineExtended", { days: span(days) });
    },
    summary(results) {
      const bad = failedOf(results);
      const ok = results.length - bad.length;
      return bad.length === 0
        ? { ok: true, text: say("bulkExtended", { count: ok, days: span(days) }) }
        : {
          ok: false,
          text: say("failedBulkExtend", { succeeded: ok, failed: bad.length }),
          details: lines(bad),
        };
    },
  }),
  /** Approve All: each activation request for the server's password expiry (`days`, as the
   * screen read it; the server applies its own setting). */
  approveActivation: (days: number): BulkAction => ({
    label: say("labelWorking"),
    async each(code) {
      await accountCalls.approveActivation(code);
      return say("lineApproved", { days: span(days) });
    },
    summary(results) {
      const bad = failedOf(results);
      const ok = results.length - bad.length;
      return bad.length === 0
        ? { ok: true, text: say("bulkApproved", { count: ok, days: span(days) }) }
        : {
          ok: false,
          text: say("failedBulkApprove", { succeeded: ok, failed: bad.length }),
          details: lines(bad),
        };
    },
  }),
};
