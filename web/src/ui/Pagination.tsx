// The paging of a list (spec 2.5): First, Previous, 'Page X of Y', Next, Last.

import { COMMON } from "../i18n/areas/common.ts";
import { SHELL_PAGING } from "../i18n/areas/shell_paging.ts";
import { useT } from "../i18n/i18n.ts";
import { formatCount } from "../lib/numbers.ts";

/** Props of the paging bar. */
export interface PaginationProps {
  page: number;
  pages: number;
  /** Something runs that a page change would disturb: the buttons wait. */
  disabled?: boolean;
  onPage: (page: number) => void;
}

/** The paging bar of a list. */
export function Pagination(props: PaginationProps) {
  const t = useT(SHELL_PAGING);
  const common = useT(COMMON);
  const { page, pages, onPage } = props;
  const first = page <= 1 || props.disabled === true;
  const last = page >= pages || props.disabled === true;
  return (
    <nav className="pagination" aria-label={t("pages")}>
      <button type="button" disabled={first} onClick={() => onPage(1)}>{t("first")}</button>
      <button type="button" disabled={first} onClick={() => onPage(page - 1)}>
        {common("previous")}
      </button>
      <span aria-live="polite">
        {t("page", { page: formatCount(page), pages: formatCount(pages) })}
      </span>
      <button type="button" disabled={last} onClick={() => onPage(page + 1)}>
        {common("next")}
      </button>
      <button type="button" disabled={last} onClick={() => onPage(pages)}>{t("last")}</button>
    </nav>
  );
}
