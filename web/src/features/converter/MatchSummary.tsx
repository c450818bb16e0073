// The UWS/NTM match under the UWS (design 4.4): the message, which leads with what matters most,
// the differences one per line, then each ULD and side with its codes, its colour and the notes
// on codes outside the lists (never dropped without a word).

import type { MatchResult } from "../../../../engine/types.ts";
import { matchMessage, shownDir } from "./status.ts";
import { CONV_PAGE } from "./texts/conv_page.ts";
import { useT } from "../../i18n/i18n.ts";
import { type ServerMessage, serverText } from "../../i18n/server_text.ts";

/** At most this many ULD lines are listed; the colours in the texts show them all. */
const MAX_MATCHES = 200;

/** An engine message in the language shown (by its code), left to right while it is the
 * engine's English. */
function EngineText({ said }: { said: ServerMessage }) {
  const shown = serverText(said);
  return <span dir={shownDir(said.message, shown)}>{shown}</span>;
}

/** The match's message, findings and per-ULD results. */
export function MatchSummary({ match }: { match: MatchResult }) {
  const t = useT(CONV_PAGE);
  return (
    <div className="match">
      <p>
        <EngineText said={matchMessage(match)} />
      </p>
      {match.findings.length > 0 && (
        <ul className="match-findings" aria-label={t("matchFindings")}>
          {match.findings.map((f, i) => (
            <li key={i}>
              <EngineText said={f} />
            </li>
          ))}
        </ul>
      )}
      <ul aria-label={t("matchResults")}>
        {match.results.slice(0, MAX_MATCHES).map((m, i) => (
          <li key={i} className={m.color}>
            <bdi>{m.type.toUpperCase()} {m.uldId} {m.dgslList.join(".") || "-"}</bdi>:{" "}
            {t(m.color === "green" ? "colorGreen" : "colorRed")}
            {m.noteTexts.map((note) => (
              <span key={note.message} className="match-note">
                {" ("}
                <EngineText said={note} />
                {")"}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
