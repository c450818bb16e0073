// The pathless layout of every signed-in screen: on each path change it checks the session with
// the server ('Loading…' meanwhile) and sends signed-out users to /login with the address they
// asked for (?redirect=), so that signing in returns them there, and users who must change their
// password (the default one, or one that expired) to the forced change screen (every screen leads
// there until it is done, then home), then users whose role requires a second factor they have not
// set up to its setup (before its deadline once per sign-in, after it every screen leads there).
// The user goes on in the route context, for the guards of the routes below.

import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { Loading } from "../ui/Loading.tsx";
import { StepUpDialog } from "../features/two_factor/StepUpDialog.tsx";
import { carrying } from "../features/sign_in/return_to.ts";
import { usePreferences } from "../features/profile/preferences.ts";
import {
  mustChange,
  needsTwoFactorSetup,
  type SessionUser,
  twoFactorSetupOverdue,
  useSession,
} from "../features/shell/session.ts";

const SETUP = "/two-factor-setup";

/** Whether this visit is led to the required two-factor setup: always once it is overdue, before
 * that once per sign-in (the first screen after it). */
function leadToSetup(user: SessionUser, pathname: string): boolean {
  if (!needsTwoFactorSetup(user)) return false;
  if (twoFactorSetupOverdue(user)) return pathname !== SETUP;
  // shown once: "Later" holds until the next sign-in (memory only)
  const session = useSession.getState();
  const first = !session.twoFactorLater;
  session.deferTwoFactor();
  return first && pathname !== SETUP;
}

/** The signed-in layout. */
export const Route = createFileRoute("/_auth")({
  beforeLoad: async ({ location }) => {
    const user = await useSession.getState().check();
    if (user === null) throw redirect({ to: "/login", search: carrying(location.href) });
    const restricted = mustChange(user) || twoFactorSetupOverdue(user);
    // the timezone every time is shown in (read once per page; offline the stored one stays)
    if (!restricted) void usePreferences.getState().load(user.employeeCode, user.timezone);
    if (mustChange(user) && location.pathname !== "/password-change-required") {
      throw redirect({ to: "/password-change-required" });
    }
    if (!mustChange(user) && leadToSetup(user, location.pathname)) {
      throw redirect({ to: SETUP, search: carrying(location.href) });
    }
    return { user };
  },
  pendingComponent: Loading,
  component: () => (
    <>
      <Outlet />
      <StepUpDialog />
    </>
  ),
});
