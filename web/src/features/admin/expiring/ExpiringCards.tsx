// The parts of the Expiring Users screen: the window and page-size toolbar, the bar that selects
// and extends, and the cards with the time left (features/admin/expiry.ts: the same days as the
// user list).

import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { remaining, toneLabel } from "../expiry.ts";
import type { Days } from "../requests/request_rules.ts";
import {
  EXPIRING_FILTERS,
  EXPIRING_PAGE_SIZES,
  type ExpiringPageSize,
  type ExpiringUser,
  useExpiring,
} from "./expiring.ts";
import { When } from "../../../ui/When.tsx";
import { formatCount } from "../../../lib/numbers.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { ULIST_EXPIRING } from "./texts/ulist_expiring.ts";
import { ULIST_EXPIRY } from "../texts/ulist_expiry.ts";
import { useT } from "../../../i18n/i18n.ts";
import { Rich } from "../../../i18n/Rich.tsx";
import "../requests/admin_requests.css";

const EXTEND = [
  { days: 30, label: "extend30" },
  { days: 90, label: "extend90" },
  { days: 365, label: "extend365" },
] as const satisfies readonly { days: Days; label: string }[];

/** The window (in the address), the page size and Refresh. */
export function ExpiringToolbar() {
  const t = useT(ULIST_EXPIRING);
  const common = useT(COMMON);
  const filter = useExpiring((s) => s.filter);
  const limit = useExpiring((s) => s.limit);
  const loading = useExpiring((s) => s.loading);
  const busy = useExpiring((s) => s.busy);
  const { setFilter, setLimit, load } = useExpiring.getState();
  const navigate = useNavigate();
  return (
    <div className="toolbar-row expiring-tools">
      <fieldset className="expiring-filter">
        <legend>{t("show")}</legend>
        {EXPIRING_FILTERS.map((f) => (
          <label key={f.id} className="toggle">
            <input
              type="radio"
              name="expiring-filter"
              value={f.id}
              checked={filter === f.id}
              onChange={() => {
                setFilter(f.id);
                void navigate({
                  to: "/apps/admin-apps/users/expiring",
                  search: f.id === "30" ? {} : { days: f.id === "7" ? 7 : "all" },
                });
              }}
            />
            {t(f.label)}
          </label>
        ))}
      </fieldset>
      <label className="expiring-size">
        {t("perPage")}
        <select
          value={limit}
          onChange={(e) => setLimit(Number(e.target.value) as ExpiringPageSize)}
        >
          {EXPIRING_PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <button type="button" onClick={() => void load()} disabled={loading || busy}>
        {loading ? t("refreshing") : common("refresh")}
      </button>
    </div>
  );
}

/** Select all (of those that may be extended), the count, and the extension buttons. */
export function ExpiringBulkBar(
  props: { extendable: ExpiringUser[]; hidden: number; mayExtend: boolean },
) {
  const t = useT(ULIST_EXPIRING);
  const { extendable } = props;
  const selected = useExpiring((s) => s.selected);
  const busy = useExpiring((s) => s.busy);
  const total = useExpiring((s) => s.total);
  const { selectOnly, extendSelected } = useExpiring.getState();
  const chosen = new Set(selected);
  const allChosen = extendable.length > 0 && extendable.every((u) => chosen.has(u.employeeCode));
  const someChosen = !allChosen && extendable.some((u) => chosen.has(u.employeeCode));
  return (
    <div className="toolbar-row expiring-bulk">
      <SelectAll
        checked={allChosen}
        mixed={someChosen}
        count={extendable.length}
        total={total - props.hidden}
        disabled={busy || extendable.length === 0}
        onChange={(on) => selectOnly(on ? extendable.map((u) => u.employeeCode) : [])}
      />
      <span className="notice grow" aria-live="polite">
        {t("selected", { count: selected.length })}
      </span>
      {props.mayExtend && (
        <div className="expiring-extend" role="group" aria-label={t("extendSelected")}>
          {EXTEND.map((e) => (
            <button
              key={e.days}
              type="button"
              disabled={busy || selected.length === 0}
              onClick={() => void extendSelected(e.days)}
            >
              {t(e.label)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The select-all box: checked, cleared, or mixed when only some are selected. */
function SelectAll(
  props: {
    checked: boolean;
    mixed: boolean;
    count: number;
    total: number;
    disabled: boolean;
    onChange: (on: boolean) => void;
  },
) {
  const t = useT(ULIST_EXPIRING);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current !== null) box.current.indeterminate = props.mixed;
  }, [props.mixed]);
  return (
    <label className="toggle">
      <input
        ref={box}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.count === props.total
        ? t("selectAll", { count: formatCount(props.count) })
        : t("selectAllPage", { count: formatCount(props.count), total: formatCount(props.total) })}
    </label>
  );
}

/** One user's card: who, and the time left in words and colour, measured from `now`. */
export function ExpiringCard(props: { user: ExpiringUser; now: number; extendable: boolean }) {
  const t = useT(ULIST_EXPIRING);
  const common = useT(COMMON);
  // remaining() reads its texts outside React: wait until they are loaded in the language shown
  useT(ULIST_EXPIRY);
  const { user: u } = props;
  const chosen = useExpiring((s) => s.selected.includes(u.employeeCode));
  const busy = useExpiring((s) => s.busy);
  const left = remaining(u.passwordExpiry, props.now);
  return (
    <li className={`expiring-card tone-${left.tone}`}>
      <input
        type="checkbox"
        checked={chosen}
        disabled={busy || !props.extendable}
        aria-label={t("selectUser", { name: u.fullName, code: u.employeeCode })}
        onChange={() => useExpiring.getState().toggle(u.employeeCode)}
      />
      <div className="expiring-who">
        <Link
          to="/apps/admin-apps/users/$employeeCode"
          params={{ employeeCode: u.employeeCode }}
          className="expiring-name"
        >
          {u.fullName || u.employeeCode}
        </Link>
        <span className="notice">
          <bdi>{u.employeeCode}</bdi> · <bdi>{u.station}</bdi>
          {u.isActive === false && ` · ${common("inactive")}`}
        </span>
      </div>
      <div className="expiring-when">
        <span className="tone-badge">
          {left.tone === "expired" ? left.text : `${left.text} · ${toneLabel(left.tone)}`}
        </span>
        <span className="notice">
          <Rich
            text={t(left.tone === "expired" ? "expiredAt" : "expiresAt")}
            parts={[<When key="0" at={u.passwordExpiry} />]}
          />
        </span>
      </div>
    </li>
  );
}
