// The ULDs of a flight check, one row per ULD across the FFM, UWS, NOTOC, CPM and UCM, so a
// difference shows in its row. A ULD with a finding is marked (an exclamation mark and its id in
// red, with the severity said to screen readers). Cargo texts (ids, codes, positions) stay
// left-to-right; the table scrolls sideways in its own box on a phone.

import { useMemo } from "react";
import type { FindingSeverity, FlightFinding, FlightUld } from "../../../../engine/flight/types.ts";
import { CONV_FLIGHT } from "./texts/conv_flight.ts";
import { text as translated, useT } from "../../i18n/i18n.ts";
import { useGrowingCount } from "../../ui/after_paint.ts";

/** How a severity reads on the screen (in the language shown when read). */
export const SEVERITY_WORDS: Readonly<Record<FindingSeverity, string>> = {
  get critical() {
    return translated(CONV_FLIGHT, "critical");
  },
  get major() {
    return translated(CONV_FLIGHT, "major");
  },
  get minor() {
    return translated(CONV_FLIGHT, "minor");
  },
};

/** What the table shows for a value its message lacks. */
export const NONE = "–";

const COLUMNS = [
  "colUld",
  "colDest",
  "colFfmKg",
  "colUwsGross",
  "colDgFfm",
  "colDgUws",
  "colDgNotoc",
  "colNotocPos",
  "colCpmPos",
  "colCpmKg",
  "colCpmType",
  "colUcm",
] as const;

const NUMBERS: ReadonlySet<string> = new Set(["colFfmKg", "colUwsGross", "colCpmKg"]);
const RANK: Record<FindingSeverity, number> = { critical: 0, major: 1, minor: 2 };

/** The most serious finding of each ULD. */
function worstOf(findings: readonly FlightFinding[]): Map<string, FindingSeverity> {
  const worst = new Map<string, FindingSeverity>();
  for (const f of findings) {
    const now = worst.get(f.uldId);
    if (now === undefined || RANK[f.severity] < RANK[now]) worst.set(f.uldId, f.severity);
  }
  return worst;
}

/**
 * Weights written as formatCount writes them (`12,345`), by one formatter made once: each
 * toLocaleString call makes one afresh, and the table's 180 of them took 35-40 ms of the check's
 * render at 4x CPU (browser bench trace).
 */
const WEIGHTS = new Intl.NumberFormat("en-US");
const weight = (kg: number | null | undefined) => kg == null ? NONE : WEIGHTS.format(kg);
const codes = (list: string[] | null) => list === null ? NONE : list.join(".");
const text = (value: string | null | undefined) => value == null || value === "" ? NONE : value;

/**
 * Rows drawn per frame when the table first shows: a flight's 60 rows of 12 cells in one frame
 * took 35 ms of thread time at 1x CPU in style and layout (171 ms at 4x, browser bench trace).
 */
const ROWS_PER_FRAME = 20;

/** One source for every result: a new check redraws the rows in place, it does not start over. */
const SHOWN = {};

/** The table of the flight's ULDs. */
export function FlightUldTable(
  { ulds, findings }: { ulds: readonly FlightUld[]; findings: readonly FlightFinding[] },
) {
  const t = useT(CONV_FLIGHT);
  const worst = useMemo(() => worstOf(findings), [findings]);
  const drawn = useGrowingCount(ulds.length, ROWS_PER_FRAME, SHOWN);
  return (
    <div className="flight-ulds">
      <h3 id="flight-ulds-title">{t("ulds")}</h3>
      <div
        className="flight-table-scroll"
        role="region"
        aria-labelledby="flight-ulds-title"
        // scrolls sideways on a phone: the keyboard must reach it to scroll
        tabIndex={0}
      >
        <table className="flight-table" aria-labelledby="flight-ulds-title">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className={NUMBERS.has(c) ? "num" : undefined}>{t(c)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ulds.slice(0, drawn).map((u) => (
              <UldRow key={u.uldId} uld={u} worst={worst.get(u.uldId)} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="notice">{t("tableNote", { none: NONE })}</p>
    </div>
  );
}

function UldRow({ uld: u, worst }: { uld: FlightUld; worst: FindingSeverity | undefined }) {
  const t = useT(CONV_FLIGHT);
  return (
    <tr className={worst === undefined ? undefined : `has-finding ${worst}`}>
      <th scope="row" dir="ltr" className="cargo uld-id">
        {worst !== undefined && <span className="finding-mark" aria-hidden="true">!</span>}
        {u.uldId}
        {worst !== undefined && <span className="visually-hidden">{t(`${worst}Finding`)}</span>}
      </th>
      <td dir="ltr" className="cargo">{text(u.destination)}</td>
      <td className="num">{weight(u.ffmCargoWeight)}</td>
      <td className="num">{weight(u.uwsGross)}</td>
      <td dir="ltr" className="cargo">{codes(u.codes.ffm)}</td>
      <td dir="ltr" className="cargo">{codes(u.codes.uws)}</td>
      <td dir="ltr" className="cargo">{codes(u.codes.ntm)}</td>
      <td dir="ltr" className="cargo">{text(u.ntmPosition)}</td>
      <td dir="ltr" className="cargo">{text(u.cpm?.position)}</td>
      <td className="num">{weight(u.cpm?.weight)}</td>
      <td dir="ltr" className="cargo">{text(u.cpm?.loadType)}</td>
      <td>{u.ucm === null ? NONE : u.ucm.toUpperCase()}</td>
    </tr>
  );
}
