// The converter's 'Flight check' tab (design 4.7): one flight's FFM, UWS, NOTOC, CPM and UCM
// pasted into one box, checked in the engine worker (offline too), the findings most serious
// first, the ULDs of all messages side by side, and Copy findings for the load controller's log.
// Ctrl+Enter anywhere in the tab checks, as it converts in the converter tab.

import { useEffect, useMemo } from "react";
import "./flight_check.css";
import { warmFlightCheckOnce } from "./flight_warm_up.ts";
import { CONV_FLIGHT } from "./texts/conv_flight.ts";
import { useT } from "../../i18n/i18n.ts";
import { useFlightCheck } from "./flight_check.ts";
import { FlightOutcome } from "./FlightFindings.tsx";
import { indexLines, type Mark } from "../converter/highlight.ts";
import { HighlightedTextarea } from "../../ui/editor/HighlightedTextarea.tsx";
import { useSlow } from "../../ui/progress.ts";

const NONE: Mark[] = [];
/**
 * The paste box is the converter's editor, not a plain textarea: Chromium's own text insertion
 * takes seconds for a paste of a few thousand lines (a 60-ULD flight with its NOTOC: 14 s).
 */
const noMarks = () => NONE;

/** The Flight check tab: the paste with its tolerances and buttons, then what the check found. */
export function FlightCheckTab() {
  const check = useFlightCheck((s) => s.check);
  // the engine compiles its readers while the user pastes (flight_warm_up.ts)
  useEffect(warmFlightCheckOnce, []);
  return (
    <div
      className="flight-check"
      onKeyDown={(e) => {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          void check();
        }
      }}
    >
      <FlightInputs />
      <FlightOutcome />
    </div>
  );
}

function FlightInputs() {
  const t = useT(CONV_FLIGHT);
  const text = useFlightCheck((s) => s.text);
  const toleranceKg = useFlightCheck((s) => s.toleranceKg);
  const tolerancePercent = useFlightCheck((s) => s.tolerancePercent);
  const update = useFlightCheck((s) => s.update);
  const lines = useMemo(() => indexLines(text), [text]);
  return (
    <section className="section flight-inputs" aria-label={t("inputsLabel")}>
      <HighlightedTextarea
        label={t("messagesField")}
        value={text}
        lines={lines}
        placeholder={t("placeholder")}
        marksOf={noMarks}
        onChange={(v) => update({ text: v })}
      />
      <div className="flight-options">
        <ToleranceField
          id="flight-tolerance-kg"
          label={t("toleranceKg")}
          value={toleranceKg}
          onChange={(v) => update({ toleranceKg: v })}
        />
        <ToleranceField
          id="flight-tolerance-percent"
          label={t("tolerancePercent")}
          value={tolerancePercent}
          onChange={(v) => update({ tolerancePercent: v })}
        />
      </div>
      <FlightActions />
    </section>
  );
}

/** A tolerance: a number of 0 or more; an emptied field is null until something is typed. */
function ToleranceField(
  props: { id: string; label: string; value: number | null; onChange: (v: number | null) => void },
) {
  return (
    <div className="flight-tolerance">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="number"
        inputMode="decimal"
        min="0"
        step="any"
        value={props.value ?? ""}
        onChange={(e) => {
          const typed = e.target.value.trim();
          props.onChange(typed === "" ? null : Number(typed));
        }}
      />
    </div>
  );
}

/** Check flight, Copy findings and Clear, and the status line under them. */
function FlightActions() {
  const t = useT(CONV_FLIGHT);
  const busy = useFlightCheck((s) => s.busy);
  const status = useFlightCheck((s) => s.status);
  const canCopy = useFlightCheck((s) => s.result?.ok === true);
  const check = useFlightCheck((s) => s.check);
  const copyFindings = useFlightCheck((s) => s.copyFindings);
  const clear = useFlightCheck((s) => s.clear);
  // a run longer than 150 ms shows progress; the button stays usable (a new press restarts)
  const slow = useSlow(busy);
  return (
    <>
      <div className="actions flight-actions">
        <button
          type="button"
          className="primary"
          onClick={() => void check()}
          title={t("shortcut")}
        >
          {t("check")}
        </button>
        <button type="button" disabled={!canCopy} onClick={() => void copyFindings()}>
          {t("copyFindings")}
        </button>
        <button type="button" onClick={clear}>{t("clear")}</button>
      </div>
      {slow && (
        <progress className="progress" aria-label={t("checkingLabel")}>{t("checking")}</progress>
      )}
      <p className={`converter-message ${status?.tone ?? ""}`} role="status" aria-live="polite">
        {status?.text}
      </p>
    </>
  );
}
