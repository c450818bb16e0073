// The parts of the bulk bar for every matching user (issue 27): the "Select all N matching" line
// once the whole page is chosen, and the days of a bulk extension (the password policy's expiry
// by default, 90 while it is not known).

import { EXTENSION_DAYS, type ExtensionDays } from "../../../../../api/rules/periods.ts";
import { useState } from "react";
import { mayManage } from "../../../../../api/rules/access.ts";
import { usePasswordPolicy } from "../../password/password_policy.ts";
import { useSession } from "../../shell/session.ts";
import { useAdminUsers } from "./user_list.ts";
import { formatCount } from "../../../lib/numbers.ts";
import { ULIST_BULK } from "./texts/ulist_bulk.ts";
import { useT } from "../../../i18n/i18n.ts";

/** The days a password can be extended by (the server's rule, rules/periods.ts). */
type ExtendBy = ExtensionDays;

/** The days of a bulk extension, starting at the policy's expiry when it is one of the choices. */
export function useExtendDays(): [ExtendBy, (days: ExtendBy) => void] {
  const policy = usePasswordPolicy((s) =>
    (s as unknown as { passwordExpiryDays?: number }).passwordExpiryDays
  );
  const fallback = EXTENSION_DAYS.find((d) => d === policy) ?? 90;
  const [chosen, setChosen] = useState<ExtendBy | null>(null);
  return [chosen ?? fallback, setChosen];
}

/** The select of the days to extend by. */
export function ExtendDays(props: { days: ExtendBy; setDays: (days: ExtendBy) => void }) {
  const t = useT(ULIST_BULK);
  return (
    <label>
      {t("extendBy")}
      <select
        value={props.days}
        onChange={(e) => props.setDays(Number(e.target.value) as ExtendBy)}
      >
        {EXTENSION_DAYS.map((d) => <option key={d} value={d}>{t("days", { count: d })}</option>)}
      </select>
    </label>
  );
}

/** "Select all N matching" once every user of the page that can be chosen is; "Select only this
 * page" while every matching user is. */
export function MatchingLine() {
  const t = useT(ULIST_BULK);
  const actor = useSession((s) => s.user);
  const s = useAdminUsers();
  if (actor === null) return null;
  const selectable = s.users.filter((u) => mayManage(actor, u)).map((u) => u.employeeCode);
  const wholePage = selectable.length > 0 && selectable.every((c) => s.selected.includes(c));
  if (s.allMatching) {
    return (
      <p className="bulk-matching">
        {t("matchingNote")}{" "}
        <button
          type="button"
          className="link-button"
          onClick={() => s.selectPage(selectable, true)}
        >
          {t("selectOnlyPage")}
        </button>
      </p>
    );
  }
  if (!wholePage || s.total <= s.selected.length) return null;
  return (
    <p className="bulk-matching">
      {t("pageSelected", { count: s.selected.length })}{" "}
      <button type="button" className="link-button" onClick={s.selectAllMatching}>
        {t("selectAllMatching", { total: formatCount(s.total) })}
      </button>
    </p>
  );
}
