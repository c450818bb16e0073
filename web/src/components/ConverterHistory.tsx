// The converter's History tab: the conversions kept on this device (the last 200, newest first),
// found by flight, each opened back into the converter in one click, offline too; and Clear
// history. Nothing of it is sent to the server.

import { useEffect, useState } from "react";
import { type HistorySummary, matchesFlight, useHistory } from "../stores/history.ts";
import { useConverter } from "../stores/converter.ts";
import { formatCount, plural } from "../numbers.ts";
import { formatDateTime } from "../time.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { useTimeZone } from "./When.tsx";

/** How many rows are drawn before 'Show more' (the search looks at all). */
const SHOWN = 50;

/** The History tab; `onOpened` returns to the converter after a conversion is opened. */
export function ConverterHistory(props: { onOpened: () => void }) {
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
    `${e.flight || "flight unknown"} (${formatDateTime(e.at, zone)})`;

  async function open(e: HistorySummary) {
    const kept = await texts(e.id);
    if (kept === null) {
      setProblem(`The texts of ${label(e)} are no longer on this device.`);
      return;
    }
    useConverter.getState().reopen(kept, label(e));
    props.onOpened();
  }

  return (
    <section className="section history" aria-labelledby="history-title">
      <div className="history-head">
        <h2 id="history-title">Conversion history</h2>
        <p className="notice">
          The last 200 conversions stay on this device only; nothing is sent to the server.
        </p>
      </div>
      <div className="toolbar-row">
        <label className="grow">
          Search by flight
          <input
            type="search"
            value={query}
            placeholder="e.g. MS985"
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
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <button
        type="button"
        className="danger"
        disabled={props.count === 0}
        onClick={() => setConfirm(true)}
      >
        Clear history
      </button>
      {confirm && (
        <ConfirmDialog
          title="Clear history"
          text={`Remove the ${
            plural(props.count, "conversion")
          } kept on this device? This cannot be undone.`}
          confirmLabel="Clear history"
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
  const { entries, shown } = props;
  if (entries === null) return <p className="loading" role="status">Loading history...</p>;
  if (entries.length === 0) {
    return (
      <div className="empty">
        <strong>No conversions yet</strong>
        <p>Each FFM you convert is kept here, on this device, to open again.</p>
      </div>
    );
  }
  const found = entries.filter((e) => matchesFlight(e, props.query));
  if (found.length === 0) {
    return (
      <div className="empty">
        <strong>No conversion of that flight</strong>
        <p>Search by the flight number, e.g. MS985 or 985.</p>
      </div>
    );
  }
  return (
    <>
      <p className="notice" aria-live="polite">
        {found.length === entries.length
          ? plural(entries.length, "conversion")
          : `${formatCount(found.length)} of ${plural(entries.length, "conversion")}`}
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
          Show {Math.min(SHOWN, found.length - shown)} more
        </button>
      )}
    </>
  );
}

/** One kept conversion: flight, route, time, totals, and Open. */
function HistoryItem(props: { entry: HistorySummary; label: string; onOpen: () => void }) {
  const e = props.entry;
  const zone = useTimeZone();
  return (
    <li className="history-item">
      <div className="history-flight">
        <strong>{e.flight || "Flight unknown"}</strong>
        <span className="notice">
          {e.origin} → {e.destinations.join(", ") || "-"}
        </span>
      </div>
      <time className="history-when" dateTime={new Date(e.at).toISOString()}>
        {formatDateTime(e.at, zone)}
      </time>
      <dl className="history-totals">
        {([
          ["Gross", e.totals.gross],
          ["Net", e.totals.net.toFixed(1)],
          ["ULDs", e.totals.ulds],
          ["Bulk", e.totals.bulk],
        ] as const).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="primary"
        aria-label={`Open ${props.label}`}
        onClick={props.onOpen}
      >
        Open
      </button>
    </li>
  );
}
