// The user table's 'Columns' menu (issue 27): a checkbox per optional column, kept per device
// (stores/user_columns.ts). A disclosure: the button says whether it is open, Escape closes it
// and gives the focus back to the button.

import { useId, useRef, useState } from "react";
import { useColumnLabel, USER_COLUMNS, useUserColumns } from "./user_columns.ts";
import { ULIST_PAGE } from "./texts/ulist_page.ts";
import { ULIST_TABLE } from "../texts/ulist_table.ts";
import { useT } from "../../../i18n/i18n.ts";

/** The Columns button and its checkboxes. */
export function ColumnsMenu() {
  const t = useT(ULIST_PAGE);
  const columns = useT(ULIST_TABLE);
  const label = useColumnLabel();
  const [open, setOpen] = useState(false);
  const hidden = useUserColumns((s) => s.hidden);
  const { toggle, showAll } = useUserColumns.getState();
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div
      className="columns-menu"
      onKeyDown={(e) => {
        if (e.key !== "Escape" || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        {t("columns")} <span aria-hidden="true">▾</span>
      </button>
      {/* only while open: its 'Station' and the filter's 'Station' are never both there */}
      {open && (
        <fieldset id={id} className="columns-menu-list">
          <legend>{t("columnsShown")}</legend>
          {USER_COLUMNS.map((c) => (
            <label key={c.key} className="toggle">
              <input
                type="checkbox"
                checked={!hidden.includes(c.key)}
                onChange={() => toggle(c.key)}
              />
              {c.key === "twoFactor" ? columns("twoFactor") : label(c.key)}
            </label>
          ))}
          <button type="button" className="link-button" onClick={showAll}>
            {t("showAll")}
          </button>
        </fieldset>
      )}
    </div>
  );
}
