// What the user list asks the server: the query of a page (search, the address's filters and
// sort), the page itself, and the CSV export of the users the query finds.

import type { ExtensionDays } from "../../../../../api/rules/periods.ts";
import { api, ApiError, clientWords, unwrap } from "../../../lib/api/client.ts";
import type { Role } from "../../../../../api/rules/roles.ts";
import type { ListCounts } from "../../../../../api/users/list.ts";
import { csvRecords } from "./user_export.ts";
import type { ListFilters } from "./user_filters.ts";
import { withStepUp } from "../../two_factor/step_up.ts";

/** Counts the server gives with each page: each filter's options given the search and the
 * other filters. */
export type UserCounts = ListCounts;

/** The query of a page of the list, with only what differs from no filter. */
export type ListQuery = {
  page: string;
  limit: string;
  search?: string;
  role?: Role;
  isActive?: "true" | "false";
  station?: string;
  locked?: "true";
  expiring?: "7" | "30" | "expired";
  /** With a second factor ('true') or without ('false'). */
  twoFactor?: "true" | "false";
  sort?: ListFilters["sort"];
  order?: "asc" | "desc";
};

/** What a query is made of: the search text and the address's filters. */
export interface Asked {
  search: string;
  filters: ListFilters;
}

/** The query of a page for a search and filters. */
export function queryOf(s: Asked, page: number, limit: number): ListQuery {
  const f = s.filters;
  const q: ListQuery = { page: String(page), limit: String(limit) };
  if (s.search.trim() !== "") q.search = s.search.trim();
  if (f.role !== "all") q.role = f.role;
  if (f.status !== "all") q.isActive = f.status === "active" ? "true" : "false";
  if (f.station !== "") q.station = f.station;
  if (f.locked) q.locked = "true";
  if (f.expiring !== "") q.expiring = f.expiring;
  if (f.twoFactor !== "all") q.twoFactor = f.twoFactor === "on" ? "true" : "false";
  if (f.sort !== "employeeCode") q.sort = f.sort;
  if (f.order !== "asc") q.order = f.order;
  return q;
}

/** One page of the list. */
export const paginated = (query: ListQuery) => unwrap(api.api.users.paginated.$get({ query }));

/** The filter of a bulk action over every user a search and filters match (no page, no sort). */
export type MatchFilter = Omit<ListQuery, "page" | "limit" | "sort" | "order">;

/** The filter of the users the list's search and filters match. */
export function filterOf(s: Asked): MatchFilter {
  const { page: _page, limit: _limit, sort: _sort, order: _order, ...filter } = queryOf(s, 1, 10);
  return filter;
}

/** The calls of the bulk actions over matching users: each acts on the next hundred after
 * `after` and answers their outcomes, how many match, and the next cursor (null: done). */
export const matchingCalls = {
  unlock: (filter: MatchFilter, after?: string) =>
    unwrap(api.api.users["bulk-unlock"].$post({ json: { filter, after } })),
  extend: (filter: MatchFilter, days: ExtensionDays, after?: string) =>
    unwrap(api.api.users["bulk-extend"].$post({ json: { filter, after, days } })),
};

/** The media type of the CSV export's file. */
export const CSV_TYPE = "text/csv;charset=utf-8";

/** A CSV file to download: its name, its text and how many users it holds. */
export interface CsvExport {
  name: string;
  text: string;
  count: number;
}

const rowsOf = (csv: string) => csvRecords(csv).filter((r) => r !== "").length - 1;

/** The export of the users a search and filters show: the server filters as the list does and
 * streams only their rows (issue 52, item 10). */
export async function exportUsers(s: Asked): Promise<CsvExport> {
  const query = filterOf(s);
  // the export asks for the password again (features/two_factor/step_up.ts)
  const res = await withStepUp(async () => {
    const res = await api.api.users.export.$get({ query });
    if (res.ok) return res;
    const body = await res.json().catch(() => null) as
      | { message?: string; code?: string; params?: Record<string, string | number> }
      | null;
    // the code, as the typed client's calls carry it: a step-up is recognised by it
    const message = body?.message ?? clientWords().httpStatus(res.status);
    throw new ApiError(message, res.status, body?.code, body?.params);
  });
  // text() would drop the byte order mark that spreadsheet programs need to read UTF-8
  const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ??
    `users_${new Date().toISOString().slice(0, 10)}.csv`;
  return { name, text: csv, count: rowsOf(csv) };
}
