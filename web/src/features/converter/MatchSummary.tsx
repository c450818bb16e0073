// The UWS/NTM match under the UWS (design 4.4): the message, which leads with what matters most,
// the differences one per line, then each ULD and side with its codes, its colour and the notes
// on codes outside the lists (never dropped without a word).

import type { MatchResult } from "../../../../engine/types.ts";
import { shownDir } from "./status.ts";
import { CONV_PAGE } from "./texts/conv_page.ts";
import { useT } from "../../i18n/i18n.ts";
import { serverText } from "../../i18n/server_text.ts";

/** At most this many ULD lines are listed; the colours in the texts show them all. */
const MAX_MATCHES = 200;

/** An engine message in the language shown, left to right while it is the engine's English. */
function EngineText({ message }: { message: string }) {
  const shown = serverText(message);
  return <span dir={shownDir(message, shown)}>{shown}</span>;
}

/** The match's message, findings and per-ULD results. */
export function MatchSummary({ match }: { match: MatchResult }) {
  const t = useT(CONV_PAGE);
  return (
    <div className="match">
      <p>
        <EngineText message={match.message} />
      </p>
      {match.findings.length > 0 && (
        <ul className="match-findings" aria-label={t("matchFindings")}>
          {match.findings.map((f, i) => (
            <li key={i}>
              <EngineText message={f.message} />
            </li>
          ))}
        </ul>
      )}
      <ul aria-label={t("matchResults")}>
        {match.results.slice(0, MAX_MATCHES).map((m, i) => (
          <li key={i} className={m.color}>
            <bdi>{m.type.toUpperCase()} {m.uldId} {m.dgslList.join(".") || "-"}</bdi>:{" "}
            {t(m.color === "green" ? "colorGreen" : "colorRed")}
            {m.notes.map((note) => (
              <span key={note} className="match-note">
                {" ("}
                <EngineText message={note} />
                {")"}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
