// The converter's buttons and status line, with the warnings of a doubtful result right under
// it (issue 23): green only for a clean result, amber "Converted with N warnings: check before
// sending" with the warnings in view, red for a failure (the spec's banner text and its 'Error:
// {reason}'), grey when the output no longer belongs to the FFM shown. With warnings, the first
// press of Convert & Copy does not copy; the button then reads 'Copy anyway'. A DG code on the
// NOTOC that the UWS lacks (dg_omission.ts) is red, leads the warnings, and its 'Copy anyway…'
// asks in a dialog that names the codes (DgCopyDialog.tsx).

import { useConverter } from "./converter.ts";
import { doubtsOf, shownDir } from "./status.ts";
import { CONV_PAGE } from "./texts/conv_page.ts";
import { useT } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";
import { formatCount } from "../../lib/numbers.ts";
import { useSlow } from "../../ui/progress.ts";
import { dgOmissions } from "./dg_omission.ts";
import { DgCopyDialog } from "./DgCopyDialog.tsx";

const MAX_WARNINGS = 200;

/** The mark of an output or totals that no longer belong to the FFM shown. */
export function StaleBadge() {
  const t = useT(CONV_PAGE);
  return <span className="stale-badge">{t("outOfDate")}</span>;
}

/** The three buttons on one line, the status line under them, and the warnings under that. */
export function ConverterActions() {
  const t = useT(CONV_PAGE);
  const message = useConverter((s) => s.message);
  const busy = useConverter((s) => s.busy);
  const confirmCopy = useConverter((s) => s.confirmCopy);
  const stale = useConverter((s) => s.stale);
  const critical = useConverter((s) => dgOmissions(s.match).length > 0);
  const { press, copyOutput, clear } = useConverter.getState();
  // a run longer than 150 ms shows progress; the worker keeps the page usable meanwhile
  const slow = useSlow(busy);
  const anyway = confirmCopy && !stale;
  return (
    <div className="converter-actions">
      <div className="actions">
        <button type="button" onClick={clear}>{t("clearAll")}</button>
        <button type="button" onClick={() => void copyOutput()}>{t("copyOutput")}</button>
        <button
          type="button"
          className={anyway ? `primary anyway${critical ? " critical" : ""}` : "primary"}
          disabled={busy}
          onClick={() => void press()}
          title={t("shortcut")}
        >
          {busy
            ? t("converting")
            : anyway
            ? t(critical ? "copyAnywayAsk" : "copyAnywayButton")
            : t("convertCopy")}
        </button>
      </div>
      {slow && (
        <progress className="progress" aria-label={t("convertingLabel")}>
          {t("converting")}
        </progress>
      )}
      <div
        className={`converter-message ${message?.tone ?? ""}${
          message?.critical ? " critical" : ""
        }`}
        role="status"
        aria-live="polite"
      >
        {message?.text}
        {message?.detail !== undefined && <div role="alert">{message.detail}</div>}
      </div>
      <Warnings />
      <DgCopyDialog />
    </div>
  );
}

/** The warnings of the result shown (engine and NTM match), in a box that scrolls. */
function Warnings() {
  const t = useT(CONV_PAGE);
  const result = useConverter((s) => s.result);
  const match = useConverter((s) => s.match);
  const stale = useConverter((s) => s.stale);
  const doubts = doubtsOf(result, match);
  if (doubts.length === 0) return null;
  return (
    <details className={stale ? "warnings stale" : "warnings"} open>
      <summary>
        {t(stale ? "warningCountStale" : "warningCount", { count: doubts.length })}
      </summary>
      <ul>
        {doubts.slice(0, MAX_WARNINGS).map((w, i) => {
          const shown = serverText(w);
          return (
            <li key={i} className={w.critical ? "critical" : undefined}>
              {w.line > 0 ? t("linePrefix", { line: w.line }) : ""}
              <span dir={shownDir(w.message, shown)}>{shown}</span>
            </li>
          );
        })}
        {doubts.length > MAX_WARNINGS && (
          <li>{t("moreWarnings", { count: formatCount(doubts.length - MAX_WARNINGS) })}</li>
        )}
      </ul>
    </details>
  );
}
