// The converter's buttons and status line, with the warnings of a doubtful result right under
// it (issue 23): green only for a clean result, amber "Converted with N warnings: check before
// sending" with the warnings in view, red for a failure (the spec's banner text and its 'Error:
// {reason}'), grey when the output no longer belongs to the FFM shown. With warnings, the first
// press of Convert & Copy does not copy; the button then reads 'Copy anyway'.

import { useConverter } from "../stores/converter.ts";
import { doubtsOf } from "../converter/status.ts";
import { formatCount } from "../numbers.ts";
import { useSlow } from "./progress.ts";

const MAX_WARNINGS = 200;

/** The mark of an output or totals that no longer belong to the FFM shown. */
export function StaleBadge() {
  return <span className="stale-badge">Out of date</span>;
}

/** The three buttons on one line, the status line under them, and the warnings under that. */
export function ConverterActions() {
  const message = useConverter((s) => s.message);
  const busy = useConverter((s) => s.busy);
  const confirmCopy = useConverter((s) => s.confirmCopy);
  const stale = useConverter((s) => s.stale);
  const { press, copyOutput, clear } = useConverter.getState();
  // a run longer than 150 ms shows progress; the worker keeps the page usable meanwhile
  const slow = useSlow(busy);
  const anyway = confirmCopy && !stale;
  return (
    <div className="converter-actions">
      <div className="actions">
        <button type="button" onClick={clear}>Clear all</button>
        <button type="button" onClick={() => void copyOutput()}>Copy Output</button>
        <button
          type="button"
          className={anyway ? "primary anyway" : "primary"}
          disabled={busy}
          onClick={() => void press()}
          title="Ctrl+Enter"
        >
          {busy ? "Converting…" : anyway ? "Copy anyway" : "Convert & Copy"}
        </button>
      </div>
      {slow && <progress className="progress" aria-label="Converting">Converting…</progress>}
      <div className={`converter-message ${message?.tone ?? ""}`} role="status" aria-live="polite">
        {message?.text}
        {message?.detail !== undefined && <div role="alert">{message.detail}</div>}
      </div>
      <Warnings />
    </div>
  );
}

/** The warnings of the result shown (engine and NTM match), in a box that scrolls. */
function Warnings() {
  const result = useConverter((s) => s.result);
  const match = useConverter((s) => s.match);
  const stale = useConverter((s) => s.stale);
  const doubts = doubtsOf(result, match);
  if (doubts.length === 0) return null;
  return (
    <details className={stale ? "warnings stale" : "warnings"} open>
      <summary>
        {formatCount(doubts.length)} warning{doubts.length === 1 ? "" : "s"}
        {stale ? " (of the out-of-date UWS)" : ""}
      </summary>
      <ul>
        {doubts.slice(0, MAX_WARNINGS).map((w, i) => (
          <li key={i}>{w.line > 0 ? `Line ${w.line}: ` : ""}{w.message}</li>
        ))}
        {doubts.length > MAX_WARNINGS && (
          <li>… and {formatCount(doubts.length - MAX_WARNINGS)} more</li>
        )}
      </ul>
    </details>
  );
}
