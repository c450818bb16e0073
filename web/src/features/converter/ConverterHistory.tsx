// The converter's History tab: the conversions kept on this device (the last 200, newest first),
// found by flight, each opened back into the converter in one click, offline too; and Clear
// history. Nothing of it is sent to the server.

import { useEffect, useState } from "react";
import { CONV_HISTORY } from "./texts/conv_history.ts";
import { useT } from "../../i18n/i18n.ts";
import { currentLanguage, DIRECTION } from "../../i18n/language.ts";
import { type HistorySummary, matchesFlight, useHistory } from "./history.ts";
import { useConverter } from "./converter.ts";
import { formatCount } from "../../lib/numbers.ts";
import { formatDateTime } from "../../lib/time.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { useTimeZone } from "../../ui/When.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";

/** How many rows are drawn before 'Show more' (the search looks at all). */
const SHOWN = 50;

/** The History tab; `onOpened` returns to the converter after a conversion is opened. */
export function ConverterHistory(props: { onOpened: () => void }) {
  const t = useT(CONV_HISTORY);
  const entries = useHistory((s) => s.entries);
  const error = useHistory((s) => s.error);
  const { load, texts, clear } = useHistory.getState();
  const zone = useTimeZone();
  const [query, setQuery] = useState("");
  const [shown, setShown] = useState(SHOWN);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    void load();
  }, [load]);

  const label = (e: HistorySummary) =>
    t("entryLabel", {
      flight: e.flight || t("flightUnknownLower"),
      when: formatDateTime(e.at, zone),
    });

  async function open(e: HistorySummary) {
    const kept = await texts(e.id);
    if (kept === null) {
      setProblem(t("textsGone", { label: label(e) }));
      return;
    }
    useConverter.getState().reopen(kept, label(e));
    props.onOpened();
  }

  return (
    <section className="section history" aria-labelledby="history-title">
      <div className="history-head">
        <h2 id="history-title">{t("title")}</h2>
        <p className="notice">{t("notice")}</p>
      </div>
      <div className="toolbar-row">
        <label className="grow">
          {t("search")}
          <input
            type="search"
            value={query}
            placeholder={t("searchPlaceholder")}
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => {
              setQuery(e.target.value);
              setShown(SHOWN);
            }}
          />
        </label>
        <ClearHistoryButton
          count={entries?.length ?? 0}
          onConfirm={() => {
            setProblem("");
            void clear();
          }}
        />
      </div>
      <p className="error" role="status">{problem || error}</p>
      <HistoryResults
        entries={entries}
        query={query}
        shown={shown}
        onMore={() => setShown(shown + SHOWN)}
        label={label}
        onOpen={(e) => void open(e)}
      />
    </section>
  );
}

/** Clear history, after asking how many conversions it removes. */
function ClearHistoryButton(props: { count: number; onConfirm: () => void }) {
  const t = useT(CONV_HISTORY);
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <button
        type="button"
        className="danger"
        disabled={props.count === 0}
        onClick={() => setConfirm(true)}
      >
        {t("clear")}
      </button>
      {confirm && (
        <ConfirmDialog
          title={t("clear")}
          text={t("clearText", { count: props.count })}
          confirmLabel={t("clear")}
          onCancel={() => setConfirm(false)}
          onConfirm={() => {
            setConfirm(false);
            props.onConfirm();
          }}
        />
      )}
    </>
  );
}

/** The conversions of the searched flight, the first `shown` of them, or why there are none. */
function HistoryResults(
  props: {
    entries: HistorySummary[] | null;
    query: string;
    shown: number;
    onMore: () => void;
    label: (e: HistorySummary) => string;
    onOpen: (e: HistorySummary) => void;
  },
) {
  const t = useT(CONV_HISTORY);
  const { entries, shown } = props;
  if (entries === null) return <p className="loading" role="status">{t("loading")}</p>;
  if (entries.length === 0) {
    return <EmptyState title={t("emptyTitle")} text={t("emptyText")} />;
  }
  const found = entries.filter((e) => matchesFlight(e, props.query));
  if (found.length === 0) {
    return <EmptyState title={t("noneTitle")} text={t("noneText")} />;
  }
  return (
    <>
      <p className="notice" aria-live="polite">
        {found.length === entries.length
          ? t("count", { count: entries.length })
          : t("countOf", { found: formatCount(found.length), count: entries.length })}
      </p>
      <ul className="history-list">
        {found.slice(0, shown).map((e) => (
          <HistoryItem
            key={e.id}
            entry={e}
            label={props.label(e)}
            onOpen={() => props.onOpen(e)}
          />
        ))}
      </ul>
      {found.length > shown && (
        <button type="button" onClick={props.onMore}>
          {t("showMore", { count: Math.min(SHOWN, found.length - shown) })}
        </button>
      )}
    </>
  );
}

/** One kept conversion: flight, route, time, totals, and Open. */
function HistoryItem(props: { entry: HistorySummary; label: string; onOpen: () => void }) {
  const t = useT(CONV_HISTORY);
  const e = props.entry;
  const zone = useTimeZone();
  // the route reads from origin to destinations in the page's direction
  const arrow = DIRECTION[currentLanguage()] === "rtl" ? "←" : "→";
  return (
    <li className="history-item">
      <div className="history-flight">
        <strong>{e.flight || t("flightUnknown")}</strong>
        <span className="notice">
          <bdi>{e.origin}</bdi> {arrow} <bdi>{e.destinations.join(", ") || "-"}</bdi>
        </span>
      </div>
      <time className="history-when" dateTime={new Date(e.at).toISOString()}>
        {formatDateTime(e.at, zone)}
      </time>
      <dl className="history-totals">
        {([
          ["gross", e.totals.gross],
          ["net", e.totals.net.toFixed(1)],
          ["ulds", e.totals.ulds],
          ["bulk", e.totals.bulk],
        ] as const).map(([term, value]) => (
          <div key={term}>
            <dt>{t(term)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="primary"
        aria-label={t("openLabel", { label: props.label })}
        onClick={props.onOpen}
      >
        {t("open")}
      </button>
    </li>
  );
}
