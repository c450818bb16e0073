// /apps/admin-apps/users: the user list, for those who manage users; its search text, page,
// filters and sort are in the address (?q, page, status, role, station, locked, expiring, sort,
// order). The loader hands the address's query to the list store, which loads (and stays the owner of the rows): on opening
// the route waits for the first page ('Loading users...' meanwhile); a change of the filters in
// the address reloads in the background, with the rows in place. Offline nothing is asked; the page loads
// when the connection is back.

import {
  createFileRoute,
  defaultParseSearch,
  lazyRouteComponent,
  type ParsedLocation,
} from "@tanstack/react-router";
import { UserListPage } from "../../../../../features/admin/users/UserListPage.tsx";
import {
  filtersOf,
  sameFilters,
  validateUserListSearch,
} from "../../../../../features/admin/users/user_filters.ts";
import { useConnectivity } from "../../../../../features/shell/connectivity.ts";
// the store is imported when the loader runs: the route tree is in the first chunk every page
// loads (/login too), the admin stores are not
const listStore = async () =>
  (await import("../../../../../features/admin/users/user_list.ts")).useAdminUsers;

/** Resolves when the list store has no load under way. */
async function listSettled(): Promise<void> {
  const useAdminUsers = await listStore();
  return new Promise((done) => {
    if (!useAdminUsers.getState().loading) return done();
    const stop = useAdminUsers.subscribe((s) => {
      if (s.loading) return;
      stop();
      done();
    });
  });
}

/**
 * The list's query in the address as it is now. The router runs one loader at a time for this
 * route, whatever its search, and a change made while one waits shares it: the location that
 * loader was called with can be older than the address (two filters set in quick succession
 * left the list showing the first while the address and the controls showed both).
 */
function addressNow(called: ParsedLocation) {
  const here = globalThis.location;
  const raw = here?.pathname === called.pathname ? defaultParseSearch(here.search) : called.search;
  const search = validateUserListSearch(raw);
  return { filters: filtersOf(search), search: search.q ?? "", page: search.page ?? 1 };
}

/** The user list route. */
export const Route = createFileRoute("/_auth/apps/admin-apps/users/")({
  staticData: { need: "manageUsers" },
  validateSearch: validateUserListSearch,
  // the router reruns a loader on a change of the address only for its loaderDeps, and new deps
  // would make a new match (the page mounted afresh on every filter); the list is asked each time
  // instead, and loads when its filters changed
  shouldReload: true,
  loader: async ({ location, cause }) => {
    if (!useConnectivity.getState().online) return;
    const list = (await listStore()).getState();
    const query = addressNow(location);
    // the store's own changes (typing, paging) reach the address after it has them: no reload
    const typed = list.search.trim() === "" ? "" : list.search;
    const same = sameFilters(query.filters, list.filters) && query.search === typed &&
      query.page === list.page;
    if (cause === "stay" && same) return;
    list.setQuery(query);
    if (cause === "enter") await listSettled();
  },
  // lazily: the admin frame stays out of the first chunk
  pendingComponent: lazyRouteComponent(
    () => import("../../../../../features/admin/AdminPending.tsx"),
    "UserListPending",
  ),
  component: UserListPage,
});
