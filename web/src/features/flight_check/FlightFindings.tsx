// What a flight check found (design 4.7): the messages read, the findings most serious first as
// the engine orders them, each with its severity as a word and a colour (the word, so colour is
// never the only sign), the notes and warnings, then the ULD table. A check that could not read
// the paste shows the engine's reason in a red banner; the paste stays as it was.
//
// The engine writes its findings, notes and warnings in English; they are shown in the language
// of the page where the server catalogue knows them (serverText), else as the engine wrote them,
// left to right.

import type { ReactNode } from "react";
import type {
  FlightCheckResult,
  FlightFinding,
  FlightMessageKind,
} from "../../../../engine/flight/types.ts";
import { shownDir } from "../converter/status.ts";
import { CONV_FLIGHT } from "./texts/conv_flight.ts";
import { type Catalogue, type Translate, useT } from "../../i18n/i18n.ts";
import { currentLanguage, INTL_LOCALE } from "../../i18n/language.ts";
import { Rich } from "../../i18n/Rich.tsx";
import { serverText } from "../../i18n/server_text.ts";
import { FLIGHT_TEXTS, staleCause, useFlightCheck } from "./flight_check.ts";
import { StaleBadge } from "../converter/ConverterStatus.tsx";
import { FlightUldTable, SEVERITY_WORDS } from "./FlightUldTable.tsx";

type Key = typeof CONV_FLIGHT extends Catalogue<infer K> ? K : never;

const KIND_NAMES: Record<FlightMessageKind, string> = {
  FFM: "FFM",
  UWS: "UWS",
  NTM: "NOTOC",
  CPM: "CPM",
  UCM: "UCM",
  SCM: "SCM",
};

const UNREADABLE_FFM = /^The FFM cannot be read: (.*)$/s;
const DESTINATION = /^(.+?): destination (.+)$/s;
/** One airport of a destination finding: `YYZ on the FFM and the UWS`. */
const AIRPORT_ON = /(\S*) on (the [A-Z]+(?:(?:, | and )the [A-Z]+)*)/g;

/** `YYZ on the FFM and the UWS, YWG on the CPM` in the language shown, or null if not so. */
function placesText(t: Translate<Key>, places: string): string | null {
  const found = [...places.matchAll(AIRPORT_ON)];
  if (found.map((m) => m[0]).join(", ") !== places) return null;
  const list = new Intl.ListFormat(INTL_LOCALE[currentLanguage()], { type: "conjunction" });
  return found.map((m) =>
    t("destinationOn", {
      airport: m[1],
      messages: list.format(m[2].replace(/^the /, "").split(/, the | and the /)),
    })
  ).join(t("placesSeparator"));
}

/** An engine message of the flight check in the language shown (as written when unknown). */
function engineText(t: Translate<Key>, message: string): string {
  if (currentLanguage() === "en") return message;
  const unreadable = UNREADABLE_FFM.exec(message);
  if (unreadable !== null) return t("ffmUnreadable", { reason: serverText(unreadable[1]) });
  const destination = DESTINATION.exec(message);
  const places = destination === null ? null : placesText(t, destination[2]);
  if (destination !== null && places !== null) {
    return t("destinationFinding", { uld: destination[1], places });
  }
  return serverText(message);
}

/** An engine message shown in the language of the page, left to right while still English. */
function EngineText({ message }: { message: string }) {
  const t = useT(CONV_FLIGHT);
  const shown = engineText(t, message);
  return <span dir={shownDir(message, shown)}>{shown}</span>;
}

/** The outcome of the last check: the failure banner, or the result; nothing before a check. */
export function FlightOutcome() {
  const t = useT(CONV_FLIGHT);
  const result = useFlightCheck((s) => s.result);
  const error = useFlightCheck((s) => s.error);
  const stale = useFlightCheck((s) => s.stale);
  const cause = useFlightCheck((s) => s.stale ? staleCause(s) : null);
  if (error !== null) {
    return <div className="banner error" role="alert">{engineText(t, error)}</div>;
  }
  if (result === null || !result.ok) return null;
  return (
    <section
      className={stale ? "section flight-result stale" : "section flight-result"}
      aria-labelledby="flight-result-title"
    >
      <h2 id="flight-result-title">
        <Rich
          text={t("title", { flight: result.flight })}
          parts={[<span key="flight" dir="ltr" />]}
        />
        {stale && <StaleBadge />}
      </h2>
      {stale && (
        <p className="flight-stale-note">
          {cause === "lists" ? FLIGHT_TEXTS.staleLists : FLIGHT_TEXTS.stale}
        </p>
      )}
      <MessagesRead result={result} />
      <Findings findings={result.findings} />
      <SmallList
        title={t("notes")}
        items={result.notes.map((note) => <EngineText key={note} message={note} />)}
      />
      <SmallList
        title={t("warnings")}
        items={result.warnings.map((w) => (
          <>
            {w.line > 0 ? t("linePrefix", { line: w.line }) : ""}
            <EngineText message={w.message} />
          </>
        ))}
      />
      <FlightUldTable ulds={result.ulds} findings={result.findings} />
    </section>
  );
}

/** The messages the check read, each with its first line, and whose UWS was checked. */
function MessagesRead({ result }: { result: FlightCheckResult }) {
  const t = useT(CONV_FLIGHT);
  return (
    <div className="flight-messages">
      <ul aria-label={t("messagesRead")}>
        {result.messages.map((m) => (
          <li key={`${m.kind}-${m.line}`}>
            {t("messageLine", { kind: KIND_NAMES[m.kind], line: m.line })}
          </li>
        ))}
      </ul>
      {result.uwsFromFfm && <p className="flight-uws-note">{FLIGHT_TEXTS.uwsFromFfm}</p>}
    </div>
  );
}

/** The findings in the engine's order, or the sentence that says there are none. */
function Findings({ findings }: { findings: readonly FlightFinding[] }) {
  const t = useT(CONV_FLIGHT);
  return (
    <div className="flight-findings">
      <h3>{t("findings")}</h3>
      {findings.length === 0
        ? <p className="flight-none">{FLIGHT_TEXTS.none}</p>
        : (
          <ol aria-label={t("findings")}>
            {findings.map((f, i) => (
              <li key={i} className={`finding ${f.severity}`}>
                <span className={`severity ${f.severity}`}>{SEVERITY_WORDS[f.severity]}</span>{" "}
                <EngineText message={f.message} />
              </li>
            ))}
          </ol>
        )}
    </div>
  );
}

/** A titled short list (notes, warnings); nothing when it is empty. */
function SmallList({ title, items }: { title: string; items: readonly ReactNode[] }) {
  if (items.length === 0) return null;
  return (
    <div className="flight-small-list">
      <h3>{title}</h3>
      <ul aria-label={title}>
        {items.map((item, i) => <li key={i}>{item}</li>)}
      </ul>
    </div>
  );
}
