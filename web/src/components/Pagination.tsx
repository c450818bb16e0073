// The paging of a list (spec 2.5): First, Previous, 'Page X of Y', Next, Last.

import { formatCount } from "../numbers.ts";

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
  const { page, pages, onPage } = props;
  const first = page <= 1 || props.disabled === true;
  const last = page >= pages || props.disabled === true;
  return (
    <nav className="pagination" aria-label="Pages">
      <button type="button" disabled={first} onClick={() => onPage(1)}>First</button>
      <button type="button" disabled={first} onClick={() => onPage(page - 1)}>Previous</button>
      <span aria-live="polite">Page {formatCount(page)} of {formatCount(pages)}</span>
      <button type="button" disabled={last} onClick={() => onPage(page + 1)}>Next</button>
      <button type="button" disabled={last} onClick={() => onPage(pages)}>Last</button>
    </nav>
  );
}
