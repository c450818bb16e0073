// What a flight check found (design 4.7): the messages read, the findings most serious first as
// the engine orders them, each with its severity as a word and a colour (the word, so colour is
// never the only sign), the notes and warnings, then the ULD table. A check that could not read
// the paste shows the engine's reason in a red banner; the paste stays as it was.

import type {
  FlightCheckResult,
  FlightFinding,
  FlightMessageKind,
} from "../../../engine/flight/types.ts";
import { FLIGHT_TEXTS, useFlightCheck } from "../stores/flight_check.ts";
import { StaleBadge } from "./ConverterStatus.tsx";
import { FlightUldTable, SEVERITY_WORDS } from "./FlightUldTable.tsx";

const KIND_NAMES: Record<FlightMessageKind, string> = {
  FFM: "FFM",
  UWS: "UWS",
  NTM: "NOTOC",
  CPM: "CPM",
  UCM: "UCM",
  SCM: "SCM",
};

/** The outcome of the last check: the failure banner, or the result; nothing before a check. */
export function FlightOutcome() {
  const result = useFlightCheck((s) => s.result);
  const error = useFlightCheck((s) => s.error);
  const stale = useFlightCheck((s) => s.stale);
  if (error !== null) return <div className="banner error" role="alert">{error}</div>;
  if (result === null || !result.ok) return null;
  return (
    <section
      className={stale ? "section flight-result stale" : "section flight-result"}
      aria-labelledby="flight-result-title"
    >
      <h2 id="flight-result-title">
        Flight <span dir="ltr">{result.flight}</span>
        {stale && <StaleBadge />}
      </h2>
      {stale && <p className="flight-stale-note">{FLIGHT_TEXTS.stale}</p>}
      <MessagesRead result={result} />
      <Findings findings={result.findings} />
      <SmallList title="Notes" items={result.notes} />
      <SmallList
        title="Warnings"
        items={result.warnings.map((w) => (w.line > 0 ? `Line ${w.line}: ` : "") + w.message)}
      />
      <FlightUldTable ulds={result.ulds} findings={result.findings} />
    </section>
  );
}

/** The messages the check read, each with its first line, and whose UWS was checked. */
function MessagesRead({ result }: { result: FlightCheckResult }) {
  return (
    <div className="flight-messages">
      <ul aria-label="Messages read">
        {result.messages.map((m) => (
          <li key={`${m.kind}-${m.line}`}>{KIND_NAMES[m.kind]} line {m.line}</li>
        ))}
      </ul>
      {result.uwsFromFfm && <p className="flight-uws-note">{FLIGHT_TEXTS.uwsFromFfm}</p>}
    </div>
  );
}

/** The findings in the engine's order, or the sentence that says there are none. */
function Findings({ findings }: { findings: readonly FlightFinding[] }) {
  return (
    <div className="flight-findings">
      <h3>Findings</h3>
      {findings.length === 0
        ? <p className="flight-none">{FLIGHT_TEXTS.none}</p>
        : (
          <ol aria-label="Findings">
            {findings.map((f, i) => (
              <li key={i} className={`finding ${f.severity}`}>
                <span className={`severity ${f.severity}`}>{SEVERITY_WORDS[f.severity]}</span>{" "}
                <span dir="ltr">{f.message}</span>
              </li>
            ))}
          </ol>
        )}
    </div>
  );
}

/** A titled short list (notes, warnings); nothing when it is empty. */
function SmallList({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="flight-small-list">
      <h3>{title}</h3>
      <ul aria-label={title}>
        {items.map((text, i) => <li key={i} dir="ltr">{text}</li>)}
      </ul>
    </div>
  );
}
