// The WAI-ARIA tabs pattern (automatic activation) the screens share: arrow keys (mirrored right
// to left), Home and End move between the tabs; tab i controls the panel `{prefix}-panel-{id}`.

import { type KeyboardEvent, useRef } from "react";
import { currentLanguage, DIRECTION } from "../i18n/language.ts";

/** One tab: its id (also in the element ids) and its label. */
export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/** Props of a tab list. */
export interface TabListProps<T extends string> {
  label: string;
  prefix: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  className?: string;
}

/** The ids a tab panel takes so that its tab controls it. */
export function panelIds(prefix: string, id: string) {
  return { id: `${prefix}-panel-${id}`, "aria-labelledby": `${prefix}-tab-${id}` };
}

/** A row of tabs, keyboard usable. */
export function TabList<T extends string>(props: TabListProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const { tabs } = props;

  function onKey(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    // right to left the row runs the other way: the arrow that points onward moves on
    const rtl = DIRECTION[currentLanguage()] === "rtl";
    const onward = rtl ? "ArrowLeft" : "ArrowRight";
    const back = rtl ? "ArrowRight" : "ArrowLeft";
    const next = e.key === onward
      ? (index === last ? 0 : index + 1)
      : e.key === back
      ? (index === 0 ? last : index - 1)
      : e.key === "Home"
      ? 0
      : e.key === "End"
      ? last
      : null;
    if (next === null) return;
    e.preventDefault();
    props.onSelect(tabs[next].id);
    refs.current[next]?.focus();
  }

  return (
    <div className={props.className ?? "tabs"} role="tablist" aria-label={props.label}>
      {tabs.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${props.prefix}-tab-${t.id}`}
          aria-selected={props.selected === t.id}
          aria-controls={`${props.prefix}-panel-${t.id}`}
          tabIndex={props.selected === t.id ? 0 : -1}
          onClick={() => props.onSelect(t.id)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
