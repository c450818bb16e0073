// What a flight check found (design 4.7): the messages read, the findings most serious first as
// the engine orders them, each with its severity as a word and a colour (the word, so colour is
// never the only sign), the notes and warnings, then the ULD table. A check that could not read
// the paste shows the engine's reason in a red banner; the paste stays as it was.
//
// The engine writes its findings, notes, warnings and refusals in English, each with its code and
// values (engine/flight/texts.ts); they are shown in the language of the page by the code
// (serverText, engine/<language>/flight.json), else as the engine wrote them, left to right. The
// parts a text holds that are words of their own (the airports of a destination finding, the
// converter's reason in an FFM it cannot read) are put in the language first.

import type { ReactNode } from "react";
import type {
  FindingPlace,
  FlightCheckResult,
  FlightFinding,
  FlightMessageKind,
} from "../../../../engine/flight/types.ts";
import { shownDir } from "../converter/status.ts";
import { CONV_FLIGHT } from "./texts/conv_flight.ts";
import { type Catalogue, type Translate, useT } from "../../i18n/i18n.ts";
import { currentLanguage, INTL_LOCALE } from "../../i18n/language.ts";
import { Rich } from "../../i18n/Rich.tsx";
import { type ServerMessage, serverText } from "../../i18n/server_text.ts";
import { FLIGHT_TEXTS, staleCause, useFlightCheck } from "./flight_check.ts";
import { StaleBadge } from "../converter/ConverterStatus.tsx";
import { FlightUldTable, SEVERITY_WORDS } from "./FlightUldTable.tsx";
import { SecondDestNote } from "./SecondDestNote.tsx";

type Key = typeof CONV_FLIGHT extends Catalogue<infer K> ? K : never;

const KIND_NAMES: Record<FlightMessageKind, string> = {
  FFM: "FFM",
  UWS: "UWS",
  NTM: "NOTOC",
  CPM: "CPM",
  UCM: "UCM",
  SCM: "SCM",
  LDM: "LDM",
};

/** A destination finding's `YYZ on the FFM and the UWS, YWG on the CPM` in the language shown. */
function placesText(t: Translate<Key>, places: readonly FindingPlace[]): string {
  const list = new Intl.ListFormat(INTL_LOCALE[currentLanguage()], { type: "conjunction" });
  return places.map((p) =>
    t("destinationOn", { airport: p.airport, messages: list.format(p.messages) })
  ).join(t("placesSeparator"));
}

/** A text of the flight check, and a destination finding's airports. */
type FlightText = ServerMessage & { places?: readonly FindingPlace[] };

/** A text of the flight check in the language shown, by its code (as written when unknown). */
function engineText(t: Translate<Key>, said: FlightText): string {
  if (currentLanguage() === "en" || said.places === undefined) return serverText(said);
  return serverText({ ...said, params: { ...said.params, places: placesText(t, said.places) } });
}

/** Why a check read nothing: the engine's refusal, with the converter's reason in its words. */
function refusalOf(result: FlightCheckResult, error: string): ServerMessage {
  if (result.ok || result.error !== error) return { message: error };
  const { errorCode: code, errorParams: params, ffmError } = result;
  if (params === undefined || ffmError === undefined) return { code, params, message: error };
  return { code, params: { ...params, reason: serverText(ffmError) }, message: error };
}

/** A text of the engine shown in the language of the page, left to right while still English. */
function Said({ said }: { said: FlightText }) {
  const t = useT(CONV_FLIGHT);
  const shown = engineText(t, said);
  return <span dir={shownDir(said.message, shown)}>{shown}</span>;
}

/** The outcome of the last check: the failure banner, or the result; nothing before a check. */
export function FlightOutcome() {
  const t = useT(CONV_FLIGHT);
  const result = useFlightCheck((s) => s.result);
  const error = useFlightCheck((s) => s.error);
  const stale = useFlightCheck((s) => s.stale);
  const cause = useFlightCheck((s) => s.stale ? staleCause(s) : null);
  if (error !== null) {
    const said = result === null ? { message: error } : refusalOf(result, error);
    return <div className="banner error" role="alert">{engineText(t, said)}</div>;
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
        items={result.notes.map((note) => <Said key={note.message} said={note} />)}
      />
      <SmallList
        title={t("warnings")}
        items={result.warnings.map((w) => (
          <>
            {w.line > 0 ? t("linePrefix", { line: w.line }) : ""}
            <Said said={w} />
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
      <SecondDestNote result={result} />
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
                <Said said={f} />
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
