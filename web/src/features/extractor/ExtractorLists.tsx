// The extractor's three lists (the owner code's, Rented, Foreign) of the message in view, with
// their Copy buttons. Each draws only the rows in view; the marks are a colour and a word, so
// they do not rest on colour: DUPLICATE, 4-DIGIT, INVALID (the spec's), OWNER-3, LOAD-TYPE and
// CONFLICT (design 4.5).

import { memo, useCallback, useDeferredValue, useEffect, useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import type { UldTable, UldTableResult } from "../../../../engine/types.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { EXT_LISTS } from "./texts/ext_lists.ts";
import { type Translate, useT } from "../../i18n/i18n.ts";
import { listName, listWord, useExtractor } from "./extractor.ts";
import { useListsDrawn } from "./drawn.ts";
import {
  ALL,
  countText,
  type ListOwnership,
  listRows,
  loadTypeMeaning,
  numberAt,
  OWNERSHIPS,
  sectionCell,
  textAt,
  viewOf,
} from "./rows.ts";
import { ExtractorMessage, StaleBadge } from "./ExtractorMessage.tsx";
import { VirtualTable } from "../../ui/VirtualTable.tsx";
import { useAfterPaint } from "../../ui/after_paint.ts";

/**
 * The marks of a row: its class, its word on the screen (a short one where the list is narrow),
 * and what it means (read by screen readers and shown on hover).
 */
const FLAGS = [
  {
    column: "isConflict",
    kind: "conflict",
    word: "flagConflict",
    short: "flagConflictShort",
    long: "flagConflictLong",
  },
  {
    column: "isValid",
    kind: "invalid",
    word: "flagInvalid",
    short: "flagInvalidShort",
    long: "flagInvalidLong",
  },
  {
    column: "isDuplicate",
    kind: "duplicate",
    word: "flagDuplicate",
    short: "flagDuplicateShort",
    long: "flagDuplicateLong",
  },
  {
    column: "isUnknownLoadType",
    kind: "load",
    word: "flagLoad",
    short: "flagLoadShort",
    long: "flagLoadLong",
  },
  {
    column: "hasThreeLetterOwner",
    kind: "owner",
    word: "flagOwner",
    short: "flagOwnerShort",
    long: "flagOwnerLong",
  },
  {
    column: "isFourDigit",
    kind: "four-digit",
    word: "flagFourDigit",
    short: "flagFourDigitShort",
    long: "flagFourDigitLong",
  },
] as const;

/** A key of the lists' catalogue. */
type ListsKey = (typeof EXT_LISTS.keys)[number];

/** The catalogue key of each load type code's meaning (rows.ts loadTypeMeaning names the codes). */
const LOAD_TYPE_KEYS = {
  B: "loadTypeB",
  C: "loadTypeC",
  D: "loadTypeD",
  E: "loadTypeE",
  F: "loadTypeF",
  H: "loadTypeH",
  M: "loadTypeM",
  N: "loadTypeN",
  Q: "loadTypeQ",
  S: "loadTypeS",
  T: "loadTypeT",
  U: "loadTypeU",
  W: "loadTypeW",
  X: "loadTypeX",
  Z: "loadTypeZ",
  CSU: "loadTypeCSU",
} as const;

/** What a load type code means in the language shown; undefined when unknown or empty. */
function meaningOf(t: Translate<ListsKey>, code: string): string | undefined {
  if (loadTypeMeaning(code) === undefined || !Object.hasOwn(LOAD_TYPE_KEYS, code)) return undefined;
  return t(LOAD_TYPE_KEYS[code as keyof typeof LOAD_TYPE_KEYS]);
}

/** The marks in the legend: the spec's three first. */
const LEGEND = ["duplicate", "four-digit", "invalid", "owner", "load", "conflict"].map((k) =>
  FLAGS.find((f) => f.kind === k)!
);

/** The marks row i has (INVALID when its type is not valid), the weightiest first. */
function flagsOf(t: UldTable, i: number): (typeof FLAGS)[number][] {
  return FLAGS.filter((f) => (f.column === "isValid" ? t.isValid[i] === 0 : t[f.column][i] === 1));
}

/**
 * The three lists, in one column of the screen. A new result or message in view reaches them as
 * a deferred value: React draws them in slices of its own (a transition) after the task of the
 * run's answer or of the selector's change, not within it (that task was 40 ms of thread time at
 * 1x CPU when the view switched back to all messages, 160-230 ms at 4x, browser bench trace).
 */
export function ExtractorLists() {
  const t = useT(EXT_LISTS);
  const drawn = useDeferredValue(
    useExtractor(useShallow(({ result, selected }) => ({ result, selected }))),
  );
  // the first list in the transition's commit, the two others each a painted frame later: each
  // list lays out about 20 rows, 8-12 ms of layout at 1x CPU, and the three in one task took
  // 20-40 ms of thread time (browser bench flow, trace)
  const second = useAfterPaint(drawn);
  const third = useAfterPaint(second);
  const stages = [drawn, second, third];
  // the parts that follow the lists start from what they have all committed (drawn.ts)
  useEffect(() => useListsDrawn.setState(third), [third]);
  return (
    <section
      id="extractor-lists"
      className="section extractor-lists"
      aria-label={t("listsLabel")}
      tabIndex={-1}
    >
      {OWNERSHIPS.map((o, k) => (
        <UldList
          key={o}
          ownership={o}
          result={stages[k].result?.ok === true ? stages[k].result : null}
          selected={stages[k].selected}
        />
      ))}
      <p className="notice extractor-legend">
        {LEGEND.map((f) => (
          <span key={f.kind}>
            <span className={`extractor-flag ${f.kind}`} aria-hidden="true">{t(f.word)}</span>{" "}
            <span className="extractor-flag-short">({t(f.short)})</span> {t(f.long)}
            {" "}
          </span>
        ))}
      </p>
    </section>
  );
}

/** What one list shows of the message in view: its rows, title and columns. */
function useListView(ownership: ListOwnership, result: UldTableResult | null, selected: number) {
  const t = useT(EXT_LISTS);
  const rows = useMemo(
    () => (result === null ? new Uint32Array(0) : listRows(result, selected, ownership)),
    [result, selected, ownership],
  );
  const label = result === null
    ? listName(null, ALL, ownership)
    : viewOf(result, selected).ownerLabel;
  const title = t("listTitle", { name: listWord(ownership === "Owned" ? label : ownership) });
  const several = result !== null && result.messages.length > 1 && selected === ALL;
  // a UCM in view: its IN and OUT rows are told apart in a column of their own (issue 23)
  const ucm = result !== null &&
    result.messages.some((m, k) => m.messageType === "UCM" && (selected === ALL || selected === k));
  const columns = [
    "ULD",
    "B/C/X",
    t("columnDest"),
    ...(ucm ? [t("columnInOut")] : []),
    ...(several ? [t("columnMessage")] : []),
    t("columnFlags"),
  ];
  return { rows, title, several, ucm, columns };
}

/** The cells of table row i: number, load type, destination, section, message, marks. */
function UldCells(props: { t: UldTable; i: number; ucm: boolean; several: boolean }) {
  const { t, i } = props;
  const say = useT(EXT_LISTS);
  // a conflict is a duplicate in another message: its mark says both, so DUPLICATE stands aside
  const all = flagsOf(t, i);
  const flags = t.isConflict[i] === 1 ? all.filter((f) => f.kind !== "duplicate") : all;
  const loadType = textAt(t, "loadType", i);
  return (
    <>
      <td>
        <span className="extractor-uld">{numberAt(t, i)}</span>
      </td>
      <td title={meaningOf(say, loadType)}>{loadType}</td>
      <td>{textAt(t, "destination", i)}</td>
      {props.ucm && <SectionCell section={textAt(t, "section", i)} />}
      {props.several && <td>{t.message[i] + 1}</td>}
      <td
        className={flags.length > 2 ? "many" : undefined}
        title={all.map((f) => say(f.long)).join("; ") || undefined}
      >
        {flags.map((f) => (
          <span key={f.kind} className={`extractor-flag ${f.kind}`}>
            <span className="wide" aria-hidden="true">{say(f.word)}</span>
            <span className="narrow" aria-hidden="true">{say(f.short)}</span>
            <span className="extractor-sr-only">{say(f.long)}</span>
          </span>
        ))}
      </td>
    </>
  );
}

/** One list; drawn again only when its props change (not in the urgent render before the
 * deferred one). */
const UldList = memo(function UldList(
  props: { ownership: ListOwnership; result: UldTableResult | null; selected: number },
) {
  const { ownership, result, selected } = props;
  const t = useT(EXT_LISTS);
  const common = useT(COMMON);
  const copyList = useExtractor((s) => s.copyList);
  const { rows, title, several, ucm, columns } = useListView(ownership, result, selected);
  const id = `extractor-list-${ownership.toLowerCase()}`;

  const cells = useCallback(
    (k: number) =>
      result === null ? null : <UldCells t={result.rows} i={rows[k]} ucm={ucm} several={several} />,
    [result, rows, several, ucm],
  );

  const rowClass = useCallback((k: number) => {
    if (result === null) return undefined;
    return flagsOf(result.rows, rows[k]).map((f) => f.kind).join(" ") || undefined;
  }, [result, rows]);

  return (
    <div className="extractor-list">
      <div className="extractor-list-head">
        <h2 id={id}>
          {title} <span className="extractor-count">({countText(rows.length)})</span>
          <StaleBadge />
        </h2>
        <button
          type="button"
          aria-label={t("copyList", { title })}
          onClick={() => void copyList(ownership)}
        >
          {common("copy")}
        </button>
      </div>
      <VirtualTable
        labelledBy={id}
        regionLabel={t("regionLabel", { title, count: rows.length })}
        columns={columns}
        rowCount={rows.length}
        rows={rows}
        cells={cells}
        rowClass={rowClass}
        dir="ltr"
        className={`extractor-table${ucm ? " with-section" : ""}${several ? " with-message" : ""}`}
      />
      {rows.length === 0 && <p className="notice">{t("noUlds")}</p>}
      <ExtractorMessage source={ownership} />
    </div>
  );
});

/** A row's UCM section: IN, OUT, or OFF for an OUT item marked `/OFF` (taken off the flight). */
function SectionCell(props: { section: string }) {
  const t = useT(EXT_LISTS);
  const { text, title } = sectionCell(props.section);
  return <td title={title === undefined ? undefined : t("sectionOff")}>{text}</td>;
}
