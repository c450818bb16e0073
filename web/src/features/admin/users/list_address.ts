// The user list's address (issue 27): its filters and sort, and the search text and page the
// list store holds, written back into the address once the store has them, so that links, Back
// and a reload show the same page of the same search.

import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useAdminUsers } from "./user_list.ts";
import { filtersOf, type ListFilters, searchOf, type UserListSearch } from "./user_filters.ts";

/** The filters of the address, and the way to change them (Back returns to the last ones). */
export function useListFilters(): [ListFilters, (patch: Partial<ListFilters>) => void] {
  const search = useSearch({ from: "/_auth/apps/admin-apps/users/" });
  const navigate = useNavigate();
  // the filters as the user just set them, shown until the address moves: the navigation takes a
  // few frames (25-40 ms measured, more on a busy PC), and meanwhile a controlled checkbox or
  // select showed the old value, so the click seemed lost and a second one undid it
  const [pending, setPending] = useState<{ at: UserListSearch; filters: ListFilters } | null>(
    null,
  );
  const filters = pending !== null && pending.at === search ? pending.filters : filtersOf(search);
  return [
    filters,
    // built on the address as the router has it when the change is made; the search text
    // stays, the page goes back to the first
    (patch) => {
      setPending({ at: search, filters: { ...filters, ...patch } });
      void navigate({
        to: "/apps/admin-apps/users",
        search: (prev: UserListSearch) => ({
          ...searchOf({ ...filtersOf(prev), ...patch }),
          ...(prev.q === undefined ? {} : { q: prev.q }),
        }),
      });
    },
  ];
}

/** Writes the store's search text and page into the address once the store has them (typing
 * replaces the entry, paging adds one, so Back goes to the page before). */
export function useAddressQuery() {
  const search = useAdminUsers((s) => s.search);
  const page = useAdminUsers((s) => s.page);
  const address = useSearch({ from: "/_auth/apps/admin-apps/users/" });
  const navigate = useNavigate();
  useEffect(() => {
    const q = search.trim() === "" ? undefined : search;
    const at = page > 1 ? page : undefined;
    if (q === address.q && at === address.page) return;
    void navigate({
      to: "/apps/admin-apps/users",
      search: (prev: UserListSearch) => ({ ...prev, q, page: at }),
      replace: q !== address.q,
    });
  }, [search, page]);
}
