// The extractor's warnings of a run: each with its line, in the language shown by its code
// (engine/uld/texts.ts, translated in i18n/engine/<language>/uld.json); the first 200 drawn, as a
// paste of junk can give one a line.

import type { EngineWarning } from "../../../../engine/types.ts";
import { EXT_PAGE } from "./texts/ext_page.ts";
import { useT } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";
import { useExtractor } from "./extractor.ts";

/** Warnings drawn: a paste of junk can give one a line. */
const WARNINGS_SHOWN = 200;

/** The engine's warnings of the run, each in the language shown by its code (serverText). */
export function ExtractorWarnings(props: { warnings: readonly EngineWarning[] }) {
  const t = useT(EXT_PAGE);
  const { warnings } = props;
  // of a message no longer shown (currency.ts): said, as the converter says it of its UWS
  const stale = useExtractor((s) => s.stale);
  return (
    <details className="warnings" open={warnings.length <= 20}>
      <summary>{t(stale ? "warningsStale" : "warnings", { count: warnings.length })}</summary>
      <ul>
        {warnings.slice(0, WARNINGS_SHOWN).map((w, i) => (
          <li key={i}>
            {w.line > 0
              ? t("warningLine", { line: w.line, message: serverText(w) })
              : serverText(w)}
          </li>
        ))}
      </ul>
      {warnings.length > WARNINGS_SHOWN && (
        <p className="notice">{t("warningsCut", { count: WARNINGS_SHOWN })}</p>
      )}
    </details>
  );
}
