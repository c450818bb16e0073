// The UWS/NTM match under the UWS (design 4.4): the message, which leads with what matters most,
// the differences one per line, then each ULD and side with its codes, its colour and the notes
// on codes outside the lists (never dropped without a word).

import type { MatchResult } from "../../../engine/types.ts";

/** At most this many ULD lines are listed; the colours in the texts show them all. */
const MAX_MATCHES = 200;

/** The match's message, findings and per-ULD results. */
export function MatchSummary({ match }: { match: MatchResult }) {
  return (
    <div className="match">
      <p>{match.message}</p>
      {match.findings.length > 0 && (
        <ul className="match-findings" aria-label="Match findings">
          {match.findings.map((f, i) => <li key={i} dir="ltr">{f.message}</li>)}
        </ul>
      )}
      <ul aria-label="Match results">
        {match.results.slice(0, MAX_MATCHES).map((m, i) => (
          <li key={i} className={m.color} dir="ltr">
            {m.type.toUpperCase()} {m.uldId} {m.dgslList.join(".") || "-"}: {m.color}
            {m.notes.map((note) => <span key={note} className="match-note">{` (${note})`}</span>)}
          </li>
        ))}
      </ul>
    </div>
  );
}
