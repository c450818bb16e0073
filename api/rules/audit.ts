// The audit log's rules shared by the server and the screen: the retention, the English name of
// every action the API writes, how a changed field is written ("role: user → admin"), and the
// date range of a query. Pure.

/** Days an audit entry is kept when the settings do not say (design 5.4). */
export const AUDIT_RETENTION_DAYS = 400;

/** Every action the API writes, with its name in the log, the filter and the export. The
 * `audit()` of store.ts takes only these keys, so an action without a name does not compile. */
export const AUDIT_LABELS = {
  "login.success": "Signed in",
  "login.failed": "Sign-in failed (wrong password)",
  "login.locked": "Account locked (too many failed sign-ins)",
  "logout": "Signed out",
  "password.change": "Own password changed",
  "password.change.failed": "Password change failed (wrong current password)",
  "password.change.locked": "Account locked (wrong current passwords)",
  "password.reset": "Password reset",
  "password.extend": "Password extended",
  "user.create": "User created",
  "user.update": "User edited",
  "user.delete": "User deleted",
  "user.import": "User imported (CSV)",
  "user.unlock": "User unlocked",
  "user.apps": "Apps assigned",
  "user.promote": "Made super admin (server shell)",
  "sessions.end": "Signed out everywhere",
  "sessions.end_one": "One session ended",
  "sessions.end_all": "Everyone signed out",
  "request.activation": "Activation requested",
  "request.password-reset": "Password reset requested",
  "request.registration": "Registration requested",
  "activation.approve": "Activation approved",
  "activation.reject": "Activation rejected",
  "activation.delete": "Activation request deleted",
  "password-reset.reject": "Password reset request rejected",
  "password-reset.delete": "Password reset request deleted",
  "registration.approve": "Registration approved",
  "registration.reject": "Registration rejected",
  "registration.delete": "Registration request deleted",
  "two_factor.enrol": "Second factor set up",
  "two_factor.remove": "Second factor removed",
  "two_factor.failed": "Second factor failed",
  "two_factor.recovery_used": "Recovery code used",
  "two_factor.recovery_codes": "New recovery codes made",
  "two_factor.reset": "Second factor reset by an administrator",
  "two_factor.password_failed": "Second-factor change refused (wrong password)",
  "two_factor.password_locked": "Account locked (wrong passwords on a second-factor change)",
  "access.refused": "Requests refused (403)",
  "settings.update": "Settings changed",
  "reauth.success": "Password confirmed (re-authentication)",
  "reauth.failed": "Re-authentication failed (wrong password)",
  "reauth.locked": "Account locked (wrong passwords on re-authentication)",
  "reference.add": "Reference entry added",
  "reference.edit": "Reference entry edited",
  "reference.delete": "Reference entry deleted",
  "reference.seed": "Reference lists seeded",
} as const;

/** An action the API writes. */
export type AuditAction = keyof typeof AUDIT_LABELS;

/** The areas the filter offers as a whole (the API filters an area by its prefix). */
export const AUDIT_AREAS = {
  "login": "All sign-in events",
  "password": "All password events",
  "user": "All user changes",
  "request": "All requests from the sign-in page",
  "activation": "All activation decisions",
  "password-reset": "All password reset decisions",
  "registration": "All registration decisions",
  "two_factor": "All second-factor events",
  "reference": "All reference list changes",
} as const;

/** An action's English name; a key the portal no longer writes (an old entry) as it is. */
export function actionLabel(action: string): string {
  return (AUDIT_LABELS as Record<string, string>)[action] ??
    (AUDIT_AREAS as Record<string, string>)[action] ?? action;
}

/** The options of the action filter: each area, then its actions, by name. */
export function actionOptions(): { value: string; label: string }[] {
  const actions = Object.entries(AUDIT_LABELS);
  return Object.entries(AUDIT_AREAS).flatMap(([area, label]) => [
    { value: area, label },
    ...actions.filter(([key]) => key.startsWith(`${area}.`)).map(([value, l]) => ({
      value,
      label: l,
    })),
  ]).concat(
    actions.filter(([key]) => !Object.keys(AUDIT_AREAS).some((a) => key.startsWith(`${a}.`)))
      .map(([value, label]) => ({ value, label })),
  );
}

/** One field an administrator changed: its values before and after, as text (never a secret). */
export interface AuditChange {
  field: string;
  from: string;
  to: string;
}

/** A change as the log and the export write it: "role: user → admin" ("(empty)" for ""). */
export function changeText(c: AuditChange): string {
  const shown = (v: string) => (v === "" ? "(empty)" : v);
  return `${c.field}: ${shown(c.from)} → ${shown(c.to)}`;
}

/** The changes of an entry in one line. */
export function changesText(changes: readonly AuditChange[] | undefined): string {
  return (changes ?? []).map(changeText).join("; ");
}

/** A bound of the date range: an instant (ISO with a zone, as the screen sends the start and end
 * of the user's days), or a date alone, read as the whole UTC day. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The epoch ms a bound names (`end`: a date alone means the last ms of that UTC day), or null
 * when it is no date. */
export function rangeBound(text: string, end: boolean): number | null {
  if (!DATE_ONLY.test(text) && !INSTANT.test(text)) return null;
  const ms = Date.parse(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text);
  if (!Number.isFinite(ms)) return null;
  return DATE_ONLY.test(text) && end ? ms + 24 * 60 * 60 * 1000 - 1 : ms;
}
