// The extractor's three lists (the owner code's, Rented, Foreign) of the message in view, with
// their Copy buttons. Each draws only the rows in view; the marks are a colour and a word, so
// they do not rest on colour: DUPLICATE, 4-DIGIT, INVALID (the spec's), OWNER-3, LOAD-TYPE and
// CONFLICT (design 4.5).

import { useCallback, useMemo } from "react";
import type { UldTable, UldTableResult } from "../../../engine/types.ts";
import { listName, useExtractor } from "../stores/extractor.ts";
import {
  ALL,
  type ListOwnership,
  listRows,
  listTitle,
  loadTypeMeaning,
  numberAt,
  OWNERSHIPS,
  sectionCell,
  textAt,
  viewOf,
} from "../extractor/rows.ts";
import { ExtractorMessage } from "./ExtractorMessage.tsx";
import { VirtualTable } from "./VirtualTable.tsx";

/**
 * The marks of a row: its class, its word on the screen (a short one where the list is narrow),
 * and what it means (read by screen readers and shown on hover).
 */
const FLAGS = [
  {
    column: "isConflict",
    kind: "conflict",
    word: "CONFLICT",
    short: "CONF",
    long: "read otherwise by another message of the flight",
  },
  {
    column: "isValid",
    kind: "invalid",
    word: "INVALID",
    short: "INV",
    long: "an unknown ULD type",
  },
  {
    column: "isDuplicate",
    kind: "duplicate",
    word: "DUPLICATE",
    short: "DUP",
    long: "the same ULD number more than once",
  },
  {
    column: "isUnknownLoadType",
    kind: "load",
    word: "LOAD-TYPE",
    short: "LOAD",
    long: "a load type outside B, C, M, E, X, F, Q",
  },
  {
    column: "hasThreeLetterOwner",
    kind: "owner",
    word: "OWNER-3",
    short: "OWN3",
    long: "a 3-letter owner code",
  },
  {
    column: "isFourDigit",
    kind: "four-digit",
    word: "4-DIGIT",
    short: "4D",
    long: "a four-digit serial",
  },
] as const;

/** The marks in the legend: the spec's three first. */
const LEGEND = ["duplicate", "four-digit", "invalid", "owner", "load", "conflict"].map((k) =>
  FLAGS.find((f) => f.kind === k)!
);

/** The marks row i has (INVALID when its type is not valid), the weightiest first. */
function flagsOf(t: UldTable, i: number): (typeof FLAGS)[number][] {
  return FLAGS.filter((f) => (f.column === "isValid" ? t.isValid[i] === 0 : t[f.column][i] === 1));
}

/** The three lists, in one column of the screen. */
export function ExtractorLists() {
  const result = useExtractor((s) => (s.result?.ok === true ? s.result : null));
  const selected = useExtractor((s) => s.selected);
  return (
    <section
      id="extractor-lists"
      className="section extractor-lists"
      aria-label="ULD lists"
      tabIndex={-1}
    >
      {OWNERSHIPS.map((o) => <UldList key={o} ownership={o} result={result} selected={selected} />)}
      <p className="notice extractor-legend">
        {LEGEND.map((f) => (
          <span key={f.kind}>
            <span className={`extractor-flag ${f.kind}`} aria-hidden="true">{f.word}</span>{" "}
            <span className="extractor-flag-short">({f.short})</span> {f.long}
            {" "}
          </span>
        ))}
      </p>
    </section>
  );
}

/** What one list shows of the message in view: its rows, title and columns. */
function useListView(ownership: ListOwnership, result: UldTableResult | null, selected: number) {
  const rows = useMemo(
    () => (result === null ? new Uint32Array(0) : listRows(result, selected, ownership)),
    [result, selected, ownership],
  );
  const label = result === null
    ? listName(null, ALL, ownership)
    : viewOf(result, selected).ownerLabel;
  const title = listTitle(ownership, ownership === "Owned" ? label : ownership);
  const several = result !== null && result.messages.length > 1 && selected === ALL;
  // a UCM in view: its IN and OUT rows are told apart in a column of their own (issue 23)
  const ucm = result !== null &&
    result.messages.some((m, k) => m.messageType === "UCM" && (selected === ALL || selected === k));
  const columns = [
    "ULD",
    "B/C/X",
    "Dest.",
    ...(ucm ? ["In/Out"] : []),
    ...(several ? ["Msg"] : []),
    "Flags",
  ];
  return { rows, title, several, ucm, columns };
}

/** The cells of table row i: number, load type, destination, section, message, marks. */
function UldCells(props: { t: UldTable; i: number; ucm: boolean; several: boolean }) {
  const { t, i } = props;
  // a conflict is a duplicate in another message: its mark says both, so DUPLICATE stands aside
  const all = flagsOf(t, i);
  const flags = t.isConflict[i] === 1 ? all.filter((f) => f.kind !== "duplicate") : all;
  return (
    <>
      <td>
        <span className="extractor-uld">{numberAt(t, i)}</span>
      </td>
      <td title={loadTypeMeaning(textAt(t, "loadType", i))}>{textAt(t, "loadType", i)}</td>
      <td>{textAt(t, "destination", i)}</td>
      {props.ucm && <SectionCell section={textAt(t, "section", i)} />}
      {props.several && <td>{t.message[i] + 1}</td>}
      <td
        className={flags.length > 2 ? "many" : undefined}
        title={all.map((f) => f.long).join("; ") || undefined}
      >
        {flags.map((f) => (
          <span key={f.kind} className={`extractor-flag ${f.kind}`}>
            <span className="wide" aria-hidden="true">{f.word}</span>
            <span className="narrow" aria-hidden="true">{f.short}</span>
            <span className="extractor-sr-only">{f.long}</span>
          </span>
        ))}
      </td>
    </>
  );
}

function UldList(
  props: { ownership: ListOwnership; result: UldTableResult | null; selected: number },
) {
  const { ownership, result, selected } = props;
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
          {title} <span className="extractor-count">({rows.length.toLocaleString("en")})</span>
        </h2>
        <button
          type="button"
          aria-label={`Copy ${title}`}
          onClick={() => void copyList(ownership)}
        >
          Copy
        </button>
      </div>
      <VirtualTable
        labelledBy={id}
        regionLabel={`${title}, ${rows.length} rows`}
        columns={columns}
        rowCount={rows.length}
        rows={rows}
        cells={cells}
        rowClass={rowClass}
        className={`extractor-table${ucm ? " with-section" : ""}${several ? " with-message" : ""}`}
      />
      {rows.length === 0 && <p className="notice">No ULDs</p>}
      <ExtractorMessage source={ownership} />
    </div>
  );
}

/** A row's UCM section: IN, OUT, or OFF for an OUT item marked `/OFF` (taken off the flight). */
function SectionCell(props: { section: string }) {
  const { text, title } = sectionCell(props.section);
  return <td title={title}>{text}</td>;
}
