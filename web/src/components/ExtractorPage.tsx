// The ULD Extractor (spec 2.3, design 4.5): a paste of one or several UCM, CPM and SCM messages
// goes to the engine worker, which sorts their ULDs into the owned (by each flight's airline),
// rented and foreign lists; the screen shows the message selector, the details, the ULD Type
// Summary, the SI, the three lists with Copy, the export, for several messages the UCM balance
// and the conflicts, and the Settings tab.

import { useEffect, useMemo, useState } from "react";
import type { EngineWarning } from "../../../engine/types.ts";
import { useConnectivity } from "../stores/connectivity.ts";
import { useExtractor } from "../stores/extractor.ts";
import { RequireApp } from "./AccessDenied.tsx";
import { useSlow } from "./progress.ts";
import { ExtractorCross } from "./ExtractorCross.tsx";
import { ExtractorDetails } from "./ExtractorDetails.tsx";
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
          {
            /* the lists follow the message in the page's order: on a phone they come right after
              Run + Copy (issue 23); wide screens place the columns by the grid */
          }
          <InputColumn />
          <ExtractorLists />
          <ExtractorDetails />
          <ExtractorCross />
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

/** Warnings drawn: a paste of junk can give one a line. */
const WARNINGS_SHOWN = 200;

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
  const total = useExtractor((s) => (s.result?.ok === true ? s.result.statistics.total : null));

  // a run longer than 150 ms shows progress; the worker keeps the page usable meanwhile
  const slow = useSlow(busy);

  return (
    <section className="section extractor-input" aria-labelledby="extractor-input-title">
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
      {total !== null && <SkipToLists total={total} />}
      {warnings.length > 0 && (
        <details className="warnings" open={warnings.length <= 20}>
          <summary>
            {warnings.length.toLocaleString("en")} warning{warnings.length === 1 ? "" : "s"}
          </summary>
          <ul>
            {warnings.slice(0, WARNINGS_SHOWN).map((w, i) => (
              <li key={i}>{w.line > 0 ? `Line ${w.line}: ` : ""}{w.message}</li>
            ))}
          </ul>
          {warnings.length > WARNINGS_SHOWN && (
            <p className="notice">
              The first {WARNINGS_SHOWN} are shown; the export in text names each ULD's marks.
            </p>
          )}
        </details>
      )}
    </section>
  );
}

/**
 * A link from Run + Copy to the lists, for screens where they stand below the warnings: it moves
 * the view and the focus there (an in-page link the router leaves alone).
 */
function SkipToLists(props: { total: number }) {
  const n = props.total;
  return (
    <a
      className="extractor-skip"
      href="#extractor-lists"
      onClick={(e) => {
        e.preventDefault();
        const lists = document.getElementById("extractor-lists");
        lists?.scrollIntoView({ block: "start" });
        lists?.focus({ preventScroll: true });
      }}
    >
      Go to the ULD lists ({n.toLocaleString("en")} ULD{n === 1 ? "" : "s"})
    </a>
  );
}
