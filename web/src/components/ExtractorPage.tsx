// The ULD Extractor (spec 2.3): a pasted UCM, CPM or SCM goes to the engine worker, which sorts
// its ULDs into the owned (MS), rented and foreign lists; the screen shows the message details,
// the ULD Type Summary, the SI, the three lists with Copy, the export, and the Settings tab.

import { useEffect, useMemo, useState } from "react";
import type { EngineWarning } from "../../../engine/types.ts";
import { useConnectivity } from "../stores/connectivity.ts";
import { EXTRACTOR_TEXTS, listOf, useExtractor } from "../stores/extractor.ts";
import { RequireApp } from "./AccessDenied.tsx";
import { useSlow } from "./progress.ts";
import { ExtractorExport } from "./ExtractorExport.tsx";
import { ExtractorLists } from "./ExtractorLists.tsx";
import { ExtractorMessage } from "./ExtractorMessage.tsx";
import { ExtractorSettings } from "./ExtractorSettings.tsx";
import { Frame } from "./Frame.tsx";
import { panelIds, TabList } from "./TabList.tsx";
import { indexLines, type Mark } from "./highlight.ts";
import { HighlightedTextarea } from "./HighlightedTextarea.tsx";
import "../extractor.css";

const TABS = [
  { id: "extract", label: "ULD Extractor" },
  { id: "settings", label: "Settings" },
] as const;

type TabId = (typeof TABS)[number]["id"];

/** The extractor screen, for users who have the app. */
export function ExtractorPage() {
  return (
    <RequireApp id="uld-extractor" name="ULD Extractor">
      <Extractor />
    </RequireApp>
  );
}

function Extractor() {
  const online = useConnectivity((s) => s.online);
  const open = useExtractor((s) => s.open);
  const [tab, setTab] = useState<TabId>("extract");

  useEffect(() => {
    void open();
  }, [open]);

  return (
    <Frame
      title="ULD Extractor (UCM/CPM/SCM)"
      subtitle="Owned, rented and foreign ULDs of a load message"
      version="ULD Extractor v1.0"
    >
      {!online && (
        <div className="banner warning" role="status">
          You're offline. Changes will sync when connection is restored.
        </div>
      )}
      <TabList
        className="extractor-tabs"
        label="ULD Extractor"
        prefix="extractor"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
      />
      <div
        role="tabpanel"
        {...panelIds("extractor", "extract")}
        hidden={tab !== "extract"}
      >
        <div className="extractor-grid">
          <InputColumn />
          <DetailsColumn />
          <ExtractorLists />
        </div>
      </div>
      <div
        role="tabpanel"
        {...panelIds("extractor", "settings")}
        hidden={tab !== "settings"}
      >
        <ExtractorSettings />
      </div>
    </Frame>
  );
}

// one empty list for every render: a selector that returned a new [] would never settle
const NO_WARNINGS: readonly EngineWarning[] = [];
const noMarks = (): Mark[] => [];

function InputColumn() {
  const input = useExtractor((s) => s.input);
  const lines = useMemo(() => indexLines(input), [input]);
  const setInput = useExtractor((s) => s.setInput);
  const run = useExtractor((s) => s.run);
  const clear = useExtractor((s) => s.clear);
  const busy = useExtractor((s) => s.busy);
  const warnings = useExtractor((s) => s.result?.warnings ?? NO_WARNINGS);

  // a run longer than 150 ms shows progress; the worker keeps the page usable meanwhile
  const slow = useSlow(busy);

  return (
    <section className="section" aria-labelledby="extractor-input-title">
      <h2 id="extractor-input-title">Message</h2>
      <HighlightedTextarea
        label="UCM, CPM or SCM message"
        value={input}
        lines={lines}
        marksOf={noMarks}
        placeholder="Paste UCM, CPM OR SCM message here!"
        onChange={setInput}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            if (!busy) void run();
          }
        }}
      />
      <div className="actions">
        <button type="button" onClick={clear}>Clear</button>
        <button
          type="button"
          className="primary"
          disabled={busy}
          title="Ctrl+Enter"
          onClick={() => void run()}
        >
          Run + Copy
        </button>
      </div>
      {slow && <progress className="progress" aria-label="Extracting">Extracting…</progress>}
      <ExtractorMessage source="run" />
      {warnings.length > 0 && (
        <details className="warnings" open>
          <summary>{warnings.length} warning{warnings.length === 1 ? "" : "s"}</summary>
          <ul>
            {warnings.map((w, i) => (
              <li key={i}>{w.line > 0 ? `Line ${w.line}: ` : ""}{w.message}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

const SUMMARY_COLUMNS = [
  ["PLT", "plt"],
  ["AKE", "ake"],
  ["PLA", "pla"],
  ["Others", "others"],
  ["Total", "total"],
] as const;

function DetailsColumn() {
  const result = useExtractor((s) => s.result);
  const ownerSetting = useExtractor((s) => s.settings.ownerCode);
  const ok = result?.ok === true;
  const stats = ok ? result.statistics : null;
  const unsorted = ok ? result.ulds.filter((u) => u.ownershipType === "Unknown") : [];
  const found = ok
    ? listOf(result, "MS").length + listOf(result, "Rented").length +
      listOf(result, "Foreign").length
    : 0;
  const rows = [
    [ok ? result.ownerCode : ownerSetting, stats?.byOwnership.owned],
    ["Rented", stats?.byOwnership.rented],
    ["Foreign", stats?.byOwnership.foreign],
    ["Total", stats?.categories],
  ] as const;

  return (
    <div className="section">
      <section aria-labelledby="extractor-details-title">
        <h2 id="extractor-details-title">Message Details</h2>
        <div className="extractor-box">
          {result === null
            ? <p className="notice">Run a message to see its details.</p>
            : !ok || found === 0
            ? <p className="error">{EXTRACTOR_TEXTS.noUlds}</p>
            : (
              <dl className="extractor-details">
                {([
                  ["Message type", result.messageType],
                  ["Flight", result.flightNumber],
                  ["Registration", result.aircraftRegistration],
                  ["Sender station", result.senderStation],
                  ["Movement", result.movement],
                  ["Owner code", result.ownerCode],
                  [
                    "ULDs",
                    `${stats!.total} (owned ${stats!.owned}, rented ${stats!.rented}, foreign ${
                      stats!.foreign
                    })`,
                  ],
                  ...(unsorted.length > 0
                    ? [[
                      "Not sorted",
                      `${unsorted.map((u) => u.uldNumber).join(" ")} (no readable owner)`,
                    ]]
                    : []),
                ] as [string, string][]).map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value || "-"}</dd>
                  </div>
                ))}
              </dl>
            )}
        </div>
      </section>
      <section aria-labelledby="extractor-summary-title">
        <h2 id="extractor-summary-title">ULD Type Summary</h2>
        <div className="extractor-scroll">
          <table
            className="extractor-table extractor-summary"
            aria-labelledby="extractor-summary-title"
          >
            <thead>
              <tr>
                <td></td>
                {SUMMARY_COLUMNS.map(([label]) => <th key={label} scope="col">{label}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, counts], i) => (
                <tr key={i} className={label === "Total" ? "total" : undefined}>
                  <th scope="row">{label || "MS"}</th>
                  {SUMMARY_COLUMNS.map(([column, key]) => <td key={column}>{counts?.[key] ?? 0}
                  </td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <label>
        SI (supplementary information)
        <textarea
          className="message short"
          readOnly
          value={ok ? result.supplementaryInfo : ""}
          spellCheck={false}
        />
      </label>
      <ExtractorExport />
    </div>
  );
}
