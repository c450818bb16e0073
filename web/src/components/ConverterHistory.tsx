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
  const [confirm, setConfirm] = useState(false);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    void load();
  }, [load]);

  const found = (entries ?? []).filter((e) => matchesFlight(e, query));
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
        <button
          type="button"
          className="danger"
          disabled={(entries ?? []).length === 0}
          onClick={() => setConfirm(true)}
        >
          Clear history
        </button>
      </div>
      <p className="error" role="status">{problem || error}</p>
      {entries === null
        ? <p className="loading" role="status">Loading history...</p>
        : entries.length === 0
        ? (
          <div className="empty">
            <strong>No conversions yet</strong>
            <p>Each FFM you convert is kept here, on this device, to open again.</p>
          </div>
        )
        : found.length === 0
        ? (
          <div className="empty">
            <strong>No conversion of that flight</strong>
            <p>Search by the flight number, e.g. MS985 or 985.</p>
          </div>
        )
        : (
          <>
            <p className="notice" aria-live="polite">
              {found.length === entries.length
                ? plural(entries.length, "conversion")
                : `${formatCount(found.length)} of ${plural(entries.length, "conversion")}`}
            </p>
            <ul className="history-list">
              {found.slice(0, shown).map((e) => (
                <li key={e.id} className="history-item">
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
                    <div>
                      <dt>Gross</dt>
                      <dd>{e.totals.gross}</dd>
                    </div>
                    <div>
                      <dt>Net</dt>
                      <dd>{e.totals.net.toFixed(1)}</dd>
                    </div>
                    <div>
                      <dt>ULDs</dt>
                      <dd>{e.totals.ulds}</dd>
                    </div>
                    <div>
                      <dt>Bulk</dt>
                      <dd>{e.totals.bulk}</dd>
                    </div>
                  </dl>
                  <button
                    type="button"
                    className="primary"
                    aria-label={`Open ${label(e)}`}
                    onClick={() => void open(e)}
                  >
                    Open
                  </button>
                </li>
              ))}
            </ul>
            {found.length > shown && (
              <button type="button" onClick={() => setShown(shown + SHOWN)}>
                Show {Math.min(SHOWN, found.length - shown)} more
              </button>
            )}
          </>
        )}
      {confirm && (
        <ConfirmDialog
          title="Clear history"
          text={`Remove the ${
            plural(entries?.length ?? 0, "conversion")
          } kept on this device? This cannot be undone.`}
          confirmLabel="Clear history"
          onCancel={() => setConfirm(false)}
          onConfirm={() => {
            setConfirm(false);
            setProblem("");
            void clear();
          }}
        />
      )}
    </section>
  );
}
