// The root route: every screen renders inside it; fatal errors show the spec's crash screen.

import { createRootRoute, Outlet } from "@tanstack/react-router";
import { NotFoundScreen, RouteError } from "../features/shell/ErrorScreens.tsx";
import { UpdateNotice } from "../features/shell/PwaControls.tsx";

/** The root route. */
export const Route = createRootRoute({
  component: () => (
    <>
      <UpdateNotice />
      <Outlet />
    </>
  ),
  errorComponent: RouteError,
  notFoundComponent: NotFoundScreen,
});
