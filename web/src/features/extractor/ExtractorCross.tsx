// What a paste of several messages shows across them (design 4.5): the UCM balance of each
// station (units in, out, and out without having come in) and the ULDs two messages of one
// flight read differently, with both readings. As a station's ULD control keeps them by hand.

import { useCallback, useMemo, useState } from "react";
import type { UldTableBalance, UldTableResult } from "../../../../engine/types.ts";
import { EXT_LISTS } from "./texts/ext_lists.ts";
import { type Translate, useT } from "../../i18n/i18n.ts";
import { useListsDrawn } from "./drawn.ts";
import { ALL, countText, numberAt, viewOf } from "./rows.ts";
import { useAfterPaint } from "../../ui/after_paint.ts";
import { VirtualTable } from "../../ui/VirtualTable.tsx";

/** One conflict of the result. */
type Conflict = UldTableResult["conflicts"][number];

/** Balance and conflicts, shown when the paste held several messages (three frames after the
 * lists: drawn.ts, after_paint.ts). */
export function ExtractorCross() {
  // a frame after the SI, two after the details (drawn.ts)
  const { result, selected } = useAfterPaint(useAfterPaint(useAfterPaint(useListsDrawn())));
  if (result === null || !result.ok || result.messages.length < 2) return null;
  return (
    <div className={`section extractor-cross${selected === ALL ? " with-balance" : ""}`}>
      {selected === ALL && <Balance result={result} />}
      <Conflicts result={result} selected={selected} />
    </div>
  );
}

function Balance(props: { result: UldTableResult }) {
  const t = useT(EXT_LISTS);
  const { balance } = props.result;
  return (
    <section aria-labelledby="extractor-balance-title">
      <h2 id="extractor-balance-title">{t("balanceTitle")}</h2>
      {balance.length === 0
        ? <p className="notice">{t("noUcm")}</p>
        : (
          <div className="extractor-scroll">
            <table
              className="extractor-table extractor-balance"
              aria-labelledby="extractor-balance-title"
            >
              <thead>
                <tr>
                  <th scope="col">{t("station")}</th>
                  <th scope="col">{t("in")}</th>
                  <th scope="col">{t("out")}</th>
                  <th scope="col">{t("outWithoutIn")}</th>
                </tr>
              </thead>
              <tbody>
                {balance.map((b) => <BalanceRow key={b.station} b={b} result={props.result} />)}
              </tbody>
            </table>
          </div>
        )}
    </section>
  );
}

function BalanceRow(props: { b: UldTableBalance; result: UldTableResult }) {
  const { b } = props;
  const [open, setOpen] = useState(false);
  const n = b.outWithoutInRows.length;
  return (
    <tr>
      <th scope="row">{b.station || "-"}</th>
      <td>{countText(b.in)}</td>
      <td>{countText(b.out)}</td>
      <td>
        {n === 0 ? "0" : (
          <details onToggle={(e) => setOpen(e.currentTarget.open)}>
            <summary>{countText(n)}</summary>
            {/* drawn when opened: a station may send thousands out */}
            {open && (
              <p className="extractor-ids" dir="ltr">
                {Array.from(b.outWithoutInRows, (i) => numberAt(props.result.rows, i)).join(" ")}
              </p>
            )}
          </details>
        )}
      </td>
    </tr>
  );
}

/** Each reading of a conflict as one of the three forms says it. */
function readings(
  t: Translate<"readingTitle" | "readingWide" | "readingNarrow">,
  list: Conflict["readings"],
  form: "readingTitle" | "readingWide" | "readingNarrow",
): string[] {
  return list.map((r) => t(form, { value: r.value, message: r.message + 1, line: r.line }));
}

function Conflicts(props: { result: UldTableResult; selected: number }) {
  const t = useT(EXT_LISTS);
  // one list per result and message: a new list draws a new table (VirtualTable)
  const conflicts = useMemo(
    () => viewOf(props.result, props.selected).conflicts,
    [props.result, props.selected],
  );
  const cells = useCallback((i: number) => {
    const c = conflicts[i];
    const title = readings(t, c.readings, "readingTitle").join("; ");
    return (
      <>
        <td>
          <span className="extractor-uld">{c.uldNumber}</span>
        </td>
        <td>{c.field === "loadType" ? "B/C/X" : t("columnDest")}</td>
        <td title={title}>
          <span className="wide">{readings(t, c.readings, "readingWide").join(" · ")}</span>
          <span className="narrow" aria-hidden="true">
            {readings(t, c.readings, "readingNarrow").join(" · ")}
          </span>
        </td>
      </>
    );
  }, [conflicts, t]);
  return (
    <section aria-labelledby="extractor-conflicts-title">
      <h2 id="extractor-conflicts-title">
        {t("conflictsTitle")}{" "}
        <span className="extractor-count">({countText(conflicts.length)})</span>
      </h2>
      {conflicts.length === 0 ? <p className="notice">{t("noConflicts")}</p> : (
        <VirtualTable
          labelledBy="extractor-conflicts-title"
          regionLabel={t("conflictsRegion", { count: conflicts.length })}
          columns={["ULD", t("columnField"), t("columnReadings")]}
          rowCount={conflicts.length}
          rows={conflicts}
          cells={cells}
          className="extractor-table extractor-conflicts"
        />
      )}
    </section>
  );
}
