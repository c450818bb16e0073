// The extractor's middle column: the message selector (all messages, or one of several), the
// Message Details, the ULD Type Summary (its first row named by the owner code in use), the SI
// box and the export, all of the message in view. They are drawn a frame after the lists, and the
// SI a frame after them (after_paint.ts), so that a day of traffic is laid out in three tasks,
// not one long one.

import { useMemo } from "react";
import type { UldTableResult } from "../../../engine/types.ts";
import { useShallow } from "zustand/react/shallow";
import { EXTRACTOR_TEXTS, useExtractor } from "../stores/extractor.ts";
import {
  ALL,
  type ExtractorView,
  messageName,
  numberAt,
  unsortedRows,
  viewOf,
} from "../extractor/rows.ts";
import { useAfterPaint, useGrowingCount } from "./after_paint.ts";
import { ExtractorExport } from "./ExtractorExport.tsx";

/** Options of the message selector drawn per frame (each costs the page its style and width). */
const OPTIONS_PER_FRAME = 250;

const SUMMARY_COLUMNS = [
  ["PLT", "plt"],
  ["AKE", "ake"],
  ["PLA", "pla"],
  ["Others", "others"],
  ["Total", "total"],
] as const;

/** Message selector, details, summary, SI and export of the message in view. */
export function ExtractorDetails() {
  const { result, selected } = useAfterPaint(
    useExtractor(useShallow((s) => ({ result: s.result, selected: s.selected }))),
  );
  const ownerSetting = useExtractor((s) => s.settings.ownerCode);
  const ok = result !== null && result.ok;
  const view = ok ? viewOf(result, selected) : null;
  // a frame later still: the SI of a day of traffic is a line per message, and a textarea lays
  // out all of its text (about 1,000 lines: 15-25 ms of layout on the 2-core host, measured in
  // the browser bench with and without it)
  const supplementaryInfo = useAfterPaint(view?.details.supplementaryInfo ?? "");
  const stats = view?.statistics ?? null;
  const rows = [
    [view?.ownerLabel ?? ownerSetting, stats?.byOwnership.owned],
    ["Rented", stats?.byOwnership.rented],
    ["Foreign", stats?.byOwnership.foreign],
    ["Total", stats?.categories],
  ] as const;

  return (
    <div className="section extractor-about">
      {ok && result.messages.length > 1 && <MessageSelector result={result} />}
      <section aria-labelledby="extractor-details-title">
        <h2 id="extractor-details-title">Message Details</h2>
        <div className="extractor-box">
          {result === null
            ? <p className="notice">Run a message to see its details.</p>
            : !ok || view === null || view.statistics.total === 0
            ? <p className="error">{EXTRACTOR_TEXTS.noUlds}</p>
            : <Details result={result} selected={selected} view={view} />}
        </div>
      </section>
      <section aria-labelledby="extractor-summary-title">
        <h2 id="extractor-summary-title">ULD Type Summary</h2>
        <div className="extractor-scroll">
          <table
            className="extractor-table extractor-summary"
            aria-labelledby="extractor-summary-title"
          >
            <thead>
              <tr>
                <td></td>
                {SUMMARY_COLUMNS.map(([label]) => <th key={label} scope="col">{label}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, counts], i) => (
                <tr key={i} className={label === "Total" ? "total" : undefined}>
                  <th scope="row">{label}</th>
                  {SUMMARY_COLUMNS.map(([column, key]) => (
                    <td key={column}>{(counts?.[key] ?? 0).toLocaleString("en")}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <label>
        SI (supplementary information)
        <textarea
          className="message short"
          readOnly
          value={supplementaryInfo}
          spellCheck={false}
        />
      </label>
      <ExtractorExport />
    </div>
  );
}

function MessageSelector(props: { result: UldTableResult }) {
  const select = useExtractor((s) => s.select);
  // the choice shows at once; the details of the message it names follow a frame later
  const selected = useExtractor((s) => s.selected);
  const { messages } = props.result;
  // a thousand options, named once per result rather than on every switch, and drawn a few
  // hundred a frame: the browser styles and measures each one (a thousand took 18-25 ms of
  // style and layout on the 2-core host, besides creating them)
  const options = useMemo(
    () => messages.map((m, i) => <option key={i} value={i}>{messageName(m, i)}</option>),
    [messages],
  );
  const drawn = useGrowingCount(messages.length, OPTIONS_PER_FRAME, messages);
  return (
    <div className="extractor-selector">
      <label htmlFor="extractor-message">Message in view</label>
      <select
        id="extractor-message"
        value={selected}
        onChange={(e) => select(Number(e.target.value))}
      >
        <option value={ALL}>All {messages.length.toLocaleString("en")} messages</option>
        {drawn < options.length && selected >= drawn && options[selected]}
        {options.slice(0, drawn)}
      </select>
    </div>
  );
}

/** Counts of the message types of a paste: `2 UCM, 1 CPM`. */
function typeCounts(result: UldTableResult): string {
  const counts = new Map<string, number>();
  for (const m of result.messages) {
    const type = m.ok ? m.messageType : "not read";
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return [...counts].map(([type, n]) => `${n.toLocaleString("en")} ${type}`).join(", ");
}

function Details(props: { result: UldTableResult; selected: number; view: ExtractorView }) {
  const { result, selected, view } = props;
  const several = result.messages.length > 1;
  const all = several && selected === ALL;
  const d = view.details;
  const s = view.statistics;
  const message = selected === ALL ? undefined : result.messages[selected];
  const unsorted = useMemo(() => unsortedRows(result, selected), [result, selected]);
  const mixed = (value: string) => (all && value === "" ? "several" : value);
  const items: [string, string][] = [
    ...(all
      ? [
        ["Messages", `${result.messages.length.toLocaleString("en")} (${typeCounts(result)})`] as [
          string,
          string,
        ],
      ]
      : []),
    ["Message type", mixed(d.messageType)],
    ["Flight", mixed(d.flightNumber)],
    ...(message !== undefined ? [["Date", message.flightDate] as [string, string]] : []),
    ["Registration", mixed(d.aircraftRegistration)],
    ["Sender station", mixed(d.senderStation)],
    ["Movement", mixed(d.movement)],
    ["Owner code", all && d.ownerCode === "" ? "each flight's airline" : d.ownerCode],
    [
      "ULDs",
      `${s.total.toLocaleString("en")} (owned ${s.owned.toLocaleString("en")}, rented ${
        s.rented.toLocaleString("en")
      }, foreign ${s.foreign.toLocaleString("en")})`,
    ],
    ...(several ? [["Conflicts", String(view.conflicts.length)] as [string, string]] : []),
    ...(message !== undefined && !message.ok
      ? [["Not read", message.error ?? ""] as [string, string]]
      : []),
    ...(unsorted.length > 0
      ? [[
        "Not sorted",
        `${unsorted.slice(0, 20).map((i) => numberAt(result.rows, i)).join(" ")}${
          unsorted.length > 20 ? ` and ${unsorted.length - 20} more` : ""
        } (no readable owner)`,
      ] as [string, string]]
      : []),
  ];
  return (
    <dl className="extractor-details">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || "-"}</dd>
        </div>
      ))}
    </dl>
  );
}
