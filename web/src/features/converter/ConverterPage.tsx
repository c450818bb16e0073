// The FFM to UWS converter: the 'FFM Converter' tab (FFM, NTM and UWS panels with their colour
// layers, totals per destination, Convert & Copy on Ctrl+Enter, the NTM match, the engine's
// warnings), the 'Database operations' tab and the device's conversion 'History'. The work runs in
// the engine worker.
//
// Layout: the inputs (FFM, NTM) on the left and, on the right, the totals with the 2nd Dest
// field, the buttons and the UWS, so that the tab order follows the work: paste, 2nd Dest,
// Convert & Copy, read the UWS. Below 1024 px the same order stacks.

import { useEffect, useMemo, useState } from "react";
import type { MatchEntry } from "../../../../engine/types.ts";
import { CONV_PAGE } from "./texts/conv_page.ts";
import { useT } from "../../i18n/i18n.ts";
import { isReachable, useBackend } from "../shell/backend.ts";
import { useConnectivity } from "../shell/connectivity.ts";
import { useConverter } from "./converter.ts";
import { useReference } from "../database/reference.ts";
import { RequireApp } from "../shell/AccessDenied.tsx";
import { ConverterHistory } from "./ConverterHistory.tsx";
import { ConverterActions, StaleBadge } from "./ConverterStatus.tsx";
import { TotalsPanel } from "./ConverterTotals.tsx";
import { DatabaseTab } from "../database/DatabaseTab.tsx";
import { FlightCheckTab } from "../flight_check/FlightCheckTab.tsx";
import { Frame } from "../shell/Frame.tsx";
import { type FfmCodes, ffmMarks, type Mark, matchMarks, uwsMarks } from "./highlight.ts";
import { useLineIndex } from "./line_index.ts";
import { HighlightedTextarea } from "../../ui/editor/HighlightedTextarea.tsx";
import { MatchSummary } from "./MatchSummary.tsx";
import { panelIds, TabList } from "../../ui/TabList.tsx";

/** The converter screen, for users who have the app. */
export function ConverterPage() {
  const t = useT(CONV_PAGE);
  return (
    <RequireApp id="ffm-to-uws" name={t("appName")}>
      <Converter />
    </RequireApp>
  );
}

type Tab = "converter" | "database" | "flight" | "history";

const TABS = [
  { id: "converter", key: "tabConverter" },
  { id: "database", key: "tabDatabase" },
  { id: "flight", key: "tabFlight" },
  { id: "history", key: "tabHistory" },
] as const satisfies readonly { id: Tab; key: string }[];

function Converter() {
  const t = useT(CONV_PAGE);
  const online = useConnectivity((s) => s.online);
  const reachable = useBackend((s) => isReachable(s.location));
  const load = useReference((s) => s.load);
  const [tab, setTab] = useState<Tab>("converter");

  useEffect(() => {
    // on opening, and when the server is back: lists read offline are replaced by the server's
    // (the Database tab is writable again without a reload)
    void load();
  }, [online, reachable]);

  return (
    <Frame title={t("appName")} subtitle={t("subtitle")}>
      {!online && <div className="banner warning" role="status">{t("offline")}</div>}
      <TabList
        label={t("tabsLabel")}
        prefix="converter"
        tabs={TABS.map((tab) => ({ id: tab.id, label: t(tab.key) }))}
        selected={tab}
        onSelect={setTab}
      />
      <div role="tabpanel" {...panelIds("converter", tab)}>
        {tab === "converter"
          ? <ConverterTab />
          : tab === "database"
          ? <DatabaseTab />
          : tab === "flight"
          ? <FlightCheckTab />
          : <ConverterHistory onOpened={() => setTab("converter")} />}
      </div>
    </Frame>
  );
}

function ConverterTab() {
  const press = useConverter((s) => s.press);
  return (
    <div
      className="converter"
      onKeyDown={(e) => {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          void press();
        }
      }}
    >
      <div className="converter-inputs">
        <InputPanels />
      </div>
      <div className="converter-results">
        <TotalsPanel />
        <ConverterActions />
        <OutputPanel />
      </div>
    </div>
  );
}

/** DGSL and XDGSL codes of the lists in use and the engine's known codes, for the colour layers
 * (empty until known). */
function useCodeSets(): FfmCodes {
  const options = useReference((s) => s.options);
  const complete = useReference((s) => s.complete);
  const known = useReference((s) => s.knownShcCodes);
  const loadComplete = useReference((s) => s.loadComplete);
  useEffect(() => {
    void loadComplete().catch(() => {});
  }, [options]);
  return useMemo(() => ({
    dgsl: new Set(complete?.dgslCodes ?? []),
    xdgsl: new Set(complete?.xdgslCodes ?? []),
    known: new Set(known),
  }), [complete, known]);
}

/** Every place a ULD of one side stands, with its colour: a ULD named twice is coloured twice. */
function byType(results: readonly MatchEntry[] | undefined, type: "uws" | "ntm") {
  return (results ?? []).filter((r) => r.type === type).flatMap((r) =>
    r.occurrences.map((o) => ({ ...o, color: r.color }))
  );
}

/** A switch of the converter: a checkbox bound to one of its yes/no inputs. */
function Switch(
  props: { name: "highlightDgsl" | "matchNtm" | "editable" | "showPer"; label: string },
) {
  const checked = useConverter((s) => s[props.name]);
  const update = useConverter((s) => s.update);
  return (
    <label className="toggle">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => update({ [props.name]: e.target.checked })}
      />{" "}
      {props.label}
    </label>
  );
}

function InputPanels() {
  const t = useT(CONV_PAGE);
  const ffm = useConverter((s) => s.ffm);
  const ntm = useConverter((s) => s.ntm);
  const highlightDgsl = useConverter((s) => s.highlightDgsl);
  const match = useConverter((s) => s.match);
  const update = useConverter((s) => s.update);
  const codes = useCodeSets();
  const ffmLines = useLineIndex(ffm);
  const ntmLines = useLineIndex(ntm);
  const ntmMarks = useMemo(
    () => matchMarks(ntmLines.lines, match?.ok ? byType(match.results, "ntm") : []),
    [ntmLines.lines, match],
  );
  const none: Mark[] = [];
  return (
    <section className="section converter-panel" aria-label={t("messagesLabel")}>
      <HighlightedTextarea
        label={t("ffmLabel")}
        value={ffm}
        lines={ffmLines.lines}
        placeholder={t("ffmPlaceholder")}
        marksOf={(_, line) => highlightDgsl ? ffmMarks(line, codes) : none}
        onChange={(v, edit) => {
          ffmLines.edited(v, edit);
          update({ ffm: v });
        }}
        extra={<Switch name="highlightDgsl" label={t("highlightDgsl")} />}
      />
      <HighlightedTextarea
        label={t("ntmLabel")}
        value={ntm}
        lines={ntmLines.lines}
        short
        placeholder={t("ntmPlaceholder")}
        marksOf={(i) => ntmMarks.get(i) ?? none}
        onChange={(v, edit) => {
          ntmLines.edited(v, edit);
          update({ ntm: v });
        }}
        extra={<Switch name="matchNtm" label={t("matchNtm")} />}
      />
    </section>
  );
}

function OutputPanel() {
  const t = useT(CONV_PAGE);
  const output = useConverter((s) => s.output);
  const editable = useConverter((s) => s.editable);
  const result = useConverter((s) => s.result);
  const match = useConverter((s) => s.match);
  const stale = useConverter((s) => s.stale);
  const update = useConverter((s) => s.update);
  const codes = useCodeSets();
  const lines = useLineIndex(output);
  const marks = useMemo(
    () => matchMarks(lines.lines, match?.ok ? byType(match.results, "uws") : []),
    [lines.lines, match],
  );
  const second = result?.ok ? result.secondDestination?.destination ?? "" : "";

  return (
    <section
      className={stale ? "section converter-panel stale" : "section converter-panel"}
      aria-label={t("outputLabel")}
    >
      <HighlightedTextarea
        label={t("uwsLabel")}
        value={output}
        lines={lines.lines}
        extra={stale && <StaleBadge />}
        readOnly={!editable}
        marksOf={(i, line) => [...uwsMarks(line, second, codes.xdgsl), ...(marks.get(i) ?? [])]}
        onChange={(v, edit) => {
          lines.edited(v, edit);
          update({ output: v });
        }}
      />
      <div className="switches">
        <Switch name="editable" label={t("editable")} />
        <Switch name="showPer" label={t("showPer")} />
      </div>
      {match?.ok && <MatchSummary match={match} />}
    </section>
  );
}
