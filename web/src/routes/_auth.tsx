// The pathless layout of every signed-in screen: on each path change it checks the session with
// the server ('Loading…' meanwhile) and sends signed-out users to /login with the address they
// asked for (?redirect=), so that signing in returns them there, and users who must change their
// password (the default one, or one that expired) to the forced change screen (every screen leads
// there until it is done, then home). The user goes on in the route context, for the guards of
// the routes below.

import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { Loading } from "../components/Loading.tsx";
import { carrying } from "../return_to.ts";
import { usePreferences } from "../stores/preferences.ts";
import { mustChange, useSession } from "../stores/session.ts";

/** The signed-in layout. */
export const Route = createFileRoute("/_auth")({
  beforeLoad: async ({ location }) => {
    const user = await useSession.getState().check();
    if (user === null) throw redirect({ to: "/login", search: carrying(location.href) });
    const restricted = mustChange(user);
    // the timezone every time is shown in (read once per page; offline the stored one stays)
    if (!restricted) void usePreferences.getState().load(user.employeeCode, user.timezone);
    if (restricted && location.pathname !== "/password-change-required") {
      throw redirect({ to: "/password-change-required" });
    }
    return { user };
  },
  pendingComponent: Loading,
  component: () => <Outlet />,
});
