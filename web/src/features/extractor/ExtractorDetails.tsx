// The extractor's middle column: the message selector (all messages, or one of several), the
// Message Details, the ULD Type Summary (its first row named by the owner code in use), the SI
// box and the export, all of the message in view. They are drawn a frame after the lists have all
// drawn it (drawn.ts), the SI a frame after them, the balance and conflicts a frame later
// (ExtractorCross), and the selector's options from the frame after that (after_paint.ts), so
// that a day of traffic is laid out in a task per part, not in one long one.

import { type ReactElement, useMemo } from "react";
import type { UldMessageDetails, UldTableResult } from "../../../../engine/types.ts";
import { EXT_DETAILS } from "./texts/ext_details.ts";
import { EXT_PAGE } from "./texts/ext_page.ts";
import { type Translate, useT } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";
import { listWord, useExtractor } from "./extractor.ts";
import { useListsDrawn } from "./drawn.ts";
import { ALL, countText, type ExtractorView, numberAt, unsortedRows, viewOf } from "./rows.ts";
import { useAfterPaint, useGrowingCount } from "../../ui/after_paint.ts";
import { ExtractorExport } from "./ExtractorExport.tsx";
import { StaleBadge } from "./ExtractorMessage.tsx";

/** Options of the message selector drawn per frame (each costs the page its style and width). */
const OPTIONS_PER_FRAME = 250;

const SUMMARY_COLUMNS = ["plt", "ake", "pla", "others", "total"] as const;

/** A key of the details' catalogue. */
type DetailsKey = (typeof EXT_DETAILS.keys)[number];

/** A summary column's heading: the category code, or Others and Total in the language shown. */
function columnName(t: Translate<DetailsKey>, key: (typeof SUMMARY_COLUMNS)[number]): string {
  return key === "others" || key === "total" ? t(key) : key.toUpperCase();
}

/** Message selector, details, summary, SI and export of the message in view. */
export function ExtractorDetails() {
  const t = useT(EXT_DETAILS);
  const page = useT(EXT_PAGE);
  const { result, selected } = useAfterPaint(useListsDrawn());
  const ownerSetting = useExtractor((s) => s.settings.ownerCode);
  const ok = result !== null && result.ok;
  const view = ok ? viewOf(result, selected) : null;
  // a frame later still: the SI of a day of traffic is a line per message, and a textarea lays
  // out all of its text (about 1,000 lines: 15-25 ms of layout on the 2-core host, measured in
  // the browser bench with and without it)
  const supplementaryInfo = useAfterPaint(view?.details.supplementaryInfo ?? "");
  // the selector's options start three frames after the details, a frame after the balance and
  // conflicts: the details, the balance and conflicts and the first 250 options drawn at once took
  // 30 ms of script in one task and 40 ms of style, layout and paint in the next, at 1x CPU
  // (browser bench flow, trace)
  const optionsFor = useAfterPaint(useAfterPaint(useAfterPaint(result)));
  const stats = view?.statistics ?? null;
  const rows = [
    [listWord(view?.ownerLabel ?? ownerSetting), stats?.byOwnership.owned],
    [listWord("Rented"), stats?.byOwnership.rented],
    [listWord("Foreign"), stats?.byOwnership.foreign],
    [t("total"), stats?.categories],
  ] as const;

  return (
    <div className="section extractor-about">
      {ok && result.messages.length > 1 && (
        <MessageSelector result={result} optionsFor={optionsFor} />
      )}
      <section aria-labelledby="extractor-details-title">
        <h2 id="extractor-details-title">
          {t("detailsTitle")} <StaleBadge />
        </h2>
        <div className="extractor-box">
          {result === null
            ? <p className="notice">{t("runToSee")}</p>
            : !ok || view === null || view.statistics.total === 0
            ? <p className="error">{page("noUlds")}</p>
            : <Details result={result} selected={selected} view={view} />}
        </div>
      </section>
      <section aria-labelledby="extractor-summary-title">
        <h2 id="extractor-summary-title">{t("summaryTitle")}</h2>
        <div className="extractor-scroll">
          <table
            className="extractor-table extractor-summary"
            aria-labelledby="extractor-summary-title"
          >
            <thead>
              <tr>
                <td></td>
                {SUMMARY_COLUMNS.map((key) => <th key={key} scope="col">{columnName(t, key)}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, counts], i) => (
                <tr key={i} className={i === rows.length - 1 ? "total" : undefined}>
                  <th scope="row">{label}</th>
                  {SUMMARY_COLUMNS.map((key) => <td key={key}>{countText(counts?.[key] ?? 0)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <label>
        {t("si")}
        <textarea
          className="message short"
          dir="ltr"
          readOnly
          value={supplementaryInfo}
          spellCheck={false}
        />
      </label>
      <ExtractorExport />
    </div>
  );
}

function MessageSelector(props: { result: UldTableResult; optionsFor: unknown }) {
  const t = useT(EXT_DETAILS);
  const select = useExtractor((s) => s.select);
  // the choice shows at once; the details of the message it names follow a frame later
  const selected = useExtractor((s) => s.selected);
  const { messages } = props.result;
  // a thousand options, drawn a few hundred a frame: the browser styles and measures each one (a
  // thousand took 18-25 ms of style and layout on the 2-core host, besides creating them); each
  // is named when first drawn and kept for the result (naming all in one task took 25-50 ms of
  // the run's task at 4x CPU, browser bench trace)
  const { named, name } = useMemo(
    () => ({ named: new Array<ReactElement>(messages.length), name: messageNamer(t) }),
    [messages, t],
  );
  const option = (i: number) =>
    named[i] ??= <option key={i} value={i}>{name(messages[i], i)}</option>;
  // no option but the one in view until the options' turn (optionsFor: this result)
  const ready = props.optionsFor === props.result;
  const drawn = useGrowingCount(ready ? messages.length : 0, OPTIONS_PER_FRAME, ready && messages);
  const options = Array.from({ length: drawn }, (_, i) => option(i));
  return (
    <div className="extractor-selector">
      <label htmlFor="extractor-message">{t("messageInView")}</label>
      <select
        id="extractor-message"
        value={selected}
        onChange={(e) => select(Number(e.target.value))}
      >
        <option value={ALL}>
          {t("allMessages", { count: countText(messages.length) })}
        </option>
        {drawn < messages.length && selected >= drawn && option(selected)}
        {options}
      </select>
    </div>
  );
}

/**
 * How messages are named in the selector: `3 · CPM MS985/22NOV · CAI · 5 ULDs` (as rows.ts
 * messageName, its words in the language shown). The ULD count's words are formatted once per
 * count: a plural message formatted for each of a thousand options was most of their script
 * (250 options: 5.4-8.1 ms of script at 1x CPU, 2.6-4.8 ms so; browser bench flow, traces).
 */
function messageNamer(t: Translate<DetailsKey>): (m: UldMessageDetails, index: number) => string {
  const uldWords = new Map<number, string>();
  return (m, index) => {
    const flight = [m.flightNumber, m.flightDate].filter((p) => p !== "").join("/");
    const what = m.ok ? [m.messageType, flight].filter((p) => p !== "").join(" ") : t("notRead");
    const count = m.statistics.total;
    let ulds = uldWords.get(count);
    if (ulds === undefined) uldWords.set(count, ulds = t("optionUlds", { count }));
    return [String(index + 1), what, m.senderStation, ulds].filter((p) => p !== "").join(" · ");
  };
}

/** Counts of the message types of a paste: `2 UCM, 1 CPM`. */
function typeCounts(t: Translate<DetailsKey>, result: UldTableResult): string {
  const counts = new Map<string, number>();
  for (const m of result.messages) {
    const type = m.ok ? m.messageType : t("notRead");
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return [...counts].map(([type, n]) => `${countText(n)} ${type}`).join(", ");
}

/** The movement the engine names (Inbound, Outbound, Inbound/Outbound) in the language shown. */
function movementName(t: Translate<DetailsKey>, movement: string): string {
  if (movement === "Inbound") return t("movementInbound");
  if (movement === "Outbound") return t("movementOutbound");
  if (movement === "Inbound/Outbound") return t("movementBoth");
  return movement;
}

/** The ULD numbers of no list, the first 20 of them, with how many more. */
function notSorted(t: Translate<DetailsKey>, result: UldTableResult, unsorted: number[]): string {
  const ids = unsorted.slice(0, 20).map((i) => numberAt(result.rows, i)).join(" ");
  return unsorted.length > 20
    ? t("notSortedMore", { ids, count: unsorted.length - 20 })
    : t("notSorted", { ids });
}

function Details(props: { result: UldTableResult; selected: number; view: ExtractorView }) {
  const t = useT(EXT_DETAILS);
  const { result, selected, view } = props;
  const several = result.messages.length > 1;
  const all = several && selected === ALL;
  const d = view.details;
  const s = view.statistics;
  const message = selected === ALL ? undefined : result.messages[selected];
  const unsorted = useMemo(() => unsortedRows(result, selected), [result, selected]);
  const mixed = (value: string) => (all && value === "" ? t("several") : value);
  const n = countText;
  const items: [DetailsKey, string][] = [];
  const add = (shown: boolean, label: DetailsKey, value: () => string) => {
    if (shown) items.push([label, value()]);
  };
  add(all, "labelMessages", () => `${n(result.messages.length)} (${typeCounts(t, result)})`);
  add(true, "labelMessageType", () => mixed(d.messageType));
  add(true, "labelFlight", () => mixed(d.flightNumber));
  add(message !== undefined, "labelDate", () => message!.flightDate);
  add(true, "labelRegistration", () => mixed(d.aircraftRegistration));
  add(true, "labelSenderStation", () => mixed(d.senderStation));
  add(true, "labelMovement", () => mixed(movementName(t, d.movement)));
  add(true, "labelOwnerCode", () => all && d.ownerCode === "" ? t("eachAirline") : d.ownerCode);
  add(true, "labelUlds", () =>
    t("uldsValue", {
      total: n(s.total),
      owned: n(s.owned),
      rented: n(s.rented),
      foreign: n(s.foreign),
    }));
  add(several, "labelConflicts", () => String(view.conflicts.length));
  add(message !== undefined && !message.ok, "labelNotRead", () =>
    serverText({
      code: message!.errorCode,
      params: message!.errorParams,
      message: message!.error ?? "",
    }));
  add(unsorted.length > 0, "labelNotSorted", () => notSorted(t, result, unsorted));
  return (
    <dl className="extractor-details">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{value || "-"}</dd>
        </div>
      ))}
    </dl>
  );
}
