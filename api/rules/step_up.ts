// Re-authentication before a change a left-open session alone may not make (issue 48, item 7;
// design 5.3): the password asked again, which lets the session make such changes for a few
// minutes. Shared by the server (which refuses) and the web (which opens its dialog on the
// refusal and tries again). Pure.

import { z } from "zod";
import { currentPassword } from "./current_password.ts";
import { MESSAGES } from "./messages.ts";

/** How long a re-authentication lets its session make the changes that ask for one. */
export const STEP_UP_MS = 5 * 60_000;

/** The refusal of such a change without a recent re-authentication (403). */
export const STEP_UP_REQUIRED = MESSAGES["auth:step_up_required"];

/** The body of a re-authentication: the caller's own password. */
export const stepUpBody = z.object({ password: currentPassword }).strict();

/** Whether a re-authentication at `at` (ms, none: never) still counts at `now`. A time ahead of
 * `now` is another process's clock running ahead (design 5.5): it counts within the same span. */
export function stepUpFresh(at: number | undefined, now: number): boolean {
  return at !== undefined && Math.abs(now - at) < STEP_UP_MS;
}

/** The roles whose creation or grant asks for a re-authentication. */
const ADMIN_ROLES: readonly string[] = ["admin", "super_admin"];

/** Whether a create (or a row of a bulk create) asks for a re-authentication: it makes an
 * administrator, or sets a password the actor chose. */
export function createNeedsStepUp(body: { role?: string; password?: string }): boolean {
  return (body.role !== undefined && ADMIN_ROLES.includes(body.role)) ||
    body.password !== undefined;
}

/** Whether an edit's role asks for a re-authentication: a change to an administrator role. */
export function roleNeedsStepUp(role: string | undefined): boolean {
  return role !== undefined && ADMIN_ROLES.includes(role);
}
