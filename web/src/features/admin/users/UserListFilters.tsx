// The user list's filters with their counts: status, role, two-factor sign-in, password expiry,
// station and locked. Each option counts the users the search and the other filters leave, so
// it reads how many users choosing it would list (issue 27). The station is picked from the
// stations that exist (the server's index gives them); a station admin sees its own only.

import { useSession } from "../../shell/session.ts";
import { useAdminUsers } from "./user_list.ts";
import type { UserCounts } from "./user_list_query.ts";
import { can } from "../../../../../api/rules/access.ts";
import type {
  ExpiringFilter,
  ListFilters,
  RoleFilter,
  StatusFilter,
  TwoFactorFilter,
} from "./user_filters.ts";
import { formatCount } from "../../../lib/numbers.ts";
import { ULIST_PAGE } from "./texts/ulist_page.ts";
import { useT } from "../../../i18n/i18n.ts";

/** A text of the user list's catalogue. */
type PageKey = (typeof ULIST_PAGE.keys)[number];

const STATUS_FILTERS: readonly { value: StatusFilter; label: PageKey }[] = [
  { value: "all", label: "all" },
  { value: "active", label: "active" },
  { value: "inactive", label: "inactive" },
];

const ROLE_FILTERS: readonly { value: RoleFilter; label: PageKey }[] = [
  { value: "all", label: "allRoles" },
  { value: "super_admin", label: "superAdmins" },
  { value: "admin", label: "admins" },
  { value: "user", label: "usersRole" },
];

const TWO_FACTOR_FILTERS: readonly { value: TwoFactorFilter; label: PageKey }[] = [
  { value: "all", label: "all" },
  { value: "on", label: "on" },
  { value: "off", label: "off" },
];

const EXPIRING_FILTERS: readonly { value: ExpiringFilter; label: PageKey }[] = [
  { value: "", label: "anyExpiry" },
  { value: "expired", label: "passwordExpired" },
  { value: "7", label: "within7" },
  { value: "30", label: "within30" },
];

type Counted<T extends string> = Partial<Record<T, number>> | null;

/** The status filter's counts ('All' is both of them). */
const statusCounts = (c: UserCounts | null): Counted<StatusFilter> =>
  c && { all: c.active + c.inactive, active: c.active, inactive: c.inactive };

/** The role filter's counts. */
const roleCounts = (c: UserCounts | null): Counted<RoleFilter> =>
  c && {
    all: c.super_admin + c.admin + c.user,
    super_admin: c.super_admin,
    admin: c.admin,
    user: c.user,
  };

/** The two-factor filter's counts: with a second factor, without, and both. */
export const twoFactorCounts = (c: UserCounts | null): Counted<TwoFactorFilter> =>
  c && { all: c.twoFactor + c.noTwoFactor, on: c.twoFactor, off: c.noTwoFactor };

/** The password filter's counts (the windows count the expired ones too, as they list them). */
const expiryCounts = (c: UserCounts | null): Counted<ExpiringFilter> =>
  c && { expired: c.expired, "7": c.expiring7, "30": c.expiring30 };

/** ` (n)` after a filter's name, nothing while the counts are unknown. */
export const count = (n: number | undefined) => (n === undefined ? "" : ` (${formatCount(n)})`);

/** A filter select whose options show how many users each one matches, e.g. `Active (12)`. */
function CountedSelect<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: PageKey }[];
  counts: Counted<T>;
  onChange: (value: T) => void;
}) {
  const t = useT(ULIST_PAGE);
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {props.options.map((f) => (
          <option key={f.value} value={f.value}>
            {`${t(f.label)}${count(props.counts?.[f.value])}`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** How many filters are set (the 'Filters' button of narrow screens says it). */
export function activeFilters(f: ListFilters): number {
  return [
    f.status !== "all",
    f.role !== "all",
    f.station !== "",
    f.locked,
    f.expiring !== "",
    f.twoFactor !== "all",
  ].filter(Boolean).length;
}

/** The filters with their counts. */
export function FilterFields(
  props: { filters: ListFilters; setFilters: (patch: Partial<ListFilters>) => void },
) {
  const t = useT(ULIST_PAGE);
  const { filters, setFilters } = props;
  const counts = useAdminUsers((s) => s.counts);
  return (
    <>
      <CountedSelect
        label={t("status")}
        value={filters.status}
        options={STATUS_FILTERS}
        counts={statusCounts(counts)}
        onChange={(status) => setFilters({ status })}
      />
      <CountedSelect
        label={t("role")}
        value={filters.role}
        options={ROLE_FILTERS}
        counts={roleCounts(counts)}
        onChange={(role) => setFilters({ role })}
      />
      <CountedSelect
        label={t("twoFactor")}
        value={filters.twoFactor}
        options={TWO_FACTOR_FILTERS}
        counts={twoFactorCounts(counts)}
        onChange={(twoFactor) => setFilters({ twoFactor })}
      />
      <CountedSelect
        label={t("password")}
        value={filters.expiring}
        options={EXPIRING_FILTERS}
        counts={expiryCounts(counts)}
        onChange={(expiring) => setFilters({ expiring })}
      />
      <StationPicker value={filters.station} counts={counts} onChange={setFilters} />
      <label className="toggle users-locked">
        <input
          type="checkbox"
          checked={filters.locked}
          onChange={(e) => setFilters({ locked: e.target.checked })}
        />
        {t("lockedOnly")}
        {count(counts?.locked)}
      </label>
    </>
  );
}

/** The station picker: every station there is (with its users under the other filters) for
 * admins who see every station; a station admin's own station only. */
function StationPicker(
  props: {
    value: string;
    counts: UserCounts | null;
    onChange: (patch: Partial<ListFilters>) => void;
  },
) {
  const t = useT(ULIST_PAGE);
  const actor = useSession((x) => x.user);
  const stations = props.counts?.stations ?? {};
  if (!can(actor, "allStations")) {
    const own = actor?.station ?? "";
    return (
      <label className="users-station">
        {t("station")}
        <select value="" disabled>
          <option value="">{`${own}${count(stations[own])}`}</option>
        </select>
      </label>
    );
  }
  const names = Object.keys(stations).sort();
  // a station in the address that no user has: kept as a choice, so the select shows it
  if (props.value !== "" && !names.includes(props.value)) names.push(props.value);
  const total = names.reduce((n, s) => n + (stations[s] ?? 0), 0);
  return (
    <label className="users-station">
      {t("station")}
      <select value={props.value} onChange={(e) => props.onChange({ station: e.target.value })}>
        <option value="">
          {`${t("allStations")}${props.counts === null ? "" : count(total)}`}
        </option>
        {names.map((s) => <option key={s} value={s}>{`${s}${count(stations[s])}`}</option>)}
      </select>
    </label>
  );
}
