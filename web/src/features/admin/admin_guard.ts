// Who may open which admin page, decided by the routes: the admin layout route
// (routes/_auth/apps/admin-apps.tsx) checks the admin area and the capability its page route
// declares (`staticData: { need }`) before anything under it loads; the admin navigation reads
// the same declarations to show only the pages the user may open.

import type { StaticDataRouteOption } from "@tanstack/react-router";
import { can, type Capability } from "../../../../api/rules/access.ts";
import type { SessionUser } from "../shell/session.ts";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** What an admin page needs beyond the admin area (the admin area alone when not said). */
    need?: Capability;
  }
}

/** What the deepest route that says so needs, from the root's match down to the page's. */
export function needOf(path: readonly (StaticDataRouteOption | undefined)[]): Capability {
  return path.findLast((data) => data?.need !== undefined)?.need ?? "adminArea";
}

/** The admin page was refused: `adminArea` tells whether the user has the admin area at all. */
export class AdminRefusal extends Error {
  constructor(readonly adminArea: boolean) {
    super("You do not have access to this page");
  }
}

/** Throws AdminRefusal unless `user` has the admin area and `need`. */
export function requireAdmin(user: SessionUser | null, need: Capability): void {
  const area = can(user, "adminArea");
  if (!area || !can(user, need)) throw new AdminRefusal(area);
}
