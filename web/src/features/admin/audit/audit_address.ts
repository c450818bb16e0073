// What the audit log's address holds (filters, date range, page size, page and its cursor), read
// and written without the log's store: the route validates its search with it, and the route
// tree is in the first chunk every page loads (/login too), the store and its labels are not.

/** The page sizes offered. */
export const PAGE_SIZES = [25, 50, 100] as const;

/** The filters of the log; `from` and `to` are days ('2026-11-24') in the user's timezone. */
export interface AuditFilters {
  actor: string;
  target: string;
  action: string;
  from: string;
  to: string;
}

/** What the address holds (each part only when it is not the default). */
export interface AuditSearch {
  actor?: string;
  target?: string;
  action?: string;
  from?: string;
  to?: string;
  limit?: number;
  page?: number;
  cursor?: string;
}

/** No filter: the whole log. */
export const NO_FILTERS: AuditFilters = { actor: "", target: "", action: "", from: "", to: "" };

/** The filters the address names, in order. */
export const FIELDS = ["actor", "target", "action", "from", "to"] as const;
/** A day as the date fields give it. */
export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The address's search read safely (anything else is dropped): what `validateSearch` keeps. */
export function readSearch(raw: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {};
  const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");
  for (const key of FIELDS) {
    const v = text(raw[key]).trim();
    if (v !== "" && v.length <= 80 && ((key !== "from" && key !== "to") || DAY.test(v))) {
      out[key] = v;
    }
  }
  const limit = Number(text(raw.limit).replace(/"/g, ""));
  if ((PAGE_SIZES as readonly number[]).includes(limit) && limit !== 50) out.limit = limit;
  const page = Number(text(raw.page).replace(/"/g, ""));
  const cursor = text(raw.cursor);
  if (Number.isInteger(page) && page > 1 && page < 10_000 && cursor !== "") {
    out.page = page;
    out.cursor = cursor;
  }
  return out;
}

/** The filters an address names. */
export function filtersOf(search: AuditSearch): AuditFilters {
  return { ...NO_FILTERS, ...Object.fromEntries(FIELDS.map((k) => [k, search[k] ?? ""])) };
}

/** The address of filters, a page size and a page (1 and "" for the newest). */
export function searchOf(f: AuditFilters, limit: number, page = 1, cursor = ""): AuditSearch {
  const out: AuditSearch = {};
  for (const key of FIELDS) if (f[key].trim() !== "") out[key] = f[key].trim();
  if (limit !== 50) out.limit = limit;
  if (page > 1 && cursor !== "") Object.assign(out, { page, cursor });
  return out;
}

/** Whether any filter is applied. */
export function isFiltered(filters: AuditFilters): boolean {
  return FIELDS.some((k) => filters[k] !== "");
}

/** Why typed dates cannot be applied (the end before the start), or null. */
export function rangeProblem(f: AuditFilters): string | null {
  return f.from !== "" && f.to !== "" && f.to < f.from
    ? "The end date must be on or after the start date"
    : null;
}
