// The ULD Extractor (spec 2.3, design 4.5): a paste of one or several UCM, CPM and SCM messages
// goes to the engine worker, which sorts their ULDs into the owned (by each flight's airline),
// rented and foreign lists; the screen shows the message selector, the details, the ULD Type
// Summary, the SI, the three lists with Copy, the export, for several messages the UCM balance
// and the conflicts, and the Settings tab.

import { useEffect, useMemo, useState } from "react";
import type { EngineWarning } from "../../../../engine/types.ts";
import { EXT_PAGE } from "./texts/ext_page.ts";
import { useT } from "../../i18n/i18n.ts";
import { useConnectivity } from "../shell/connectivity.ts";
import { useExtractor } from "./extractor.ts";
import { RequireApp } from "../shell/AccessDenied.tsx";
import { useSlow } from "../../ui/progress.ts";
import { ExtractorCross } from "./ExtractorCross.tsx";
import { ExtractorDetails } from "./ExtractorDetails.tsx";
import { ExtractorLists } from "./ExtractorLists.tsx";
import { ExtractorMessage } from "./ExtractorMessage.tsx";
import { ExtractorSettings } from "./ExtractorSettings.tsx";
import { ExtractorWarnings } from "./ExtractorWarnings.tsx";
import { Frame } from "../shell/Frame.tsx";
import { panelIds, TabList } from "../../ui/TabList.tsx";
import { indexLines, type Mark } from "../converter/highlight.ts";
import { HighlightedTextarea } from "../../ui/editor/HighlightedTextarea.tsx";
import "./extractor.css";

type TabId = "extract" | "settings";

/** The extractor screen, for users who have the app. */
export function ExtractorPage() {
  const t = useT(EXT_PAGE);
  return (
    <RequireApp id="uld-extractor" name={t("appName")}>
      <Extractor />
    </RequireApp>
  );
}

function Extractor() {
  const t = useT(EXT_PAGE);
  const online = useConnectivity((s) => s.online);
  const open = useExtractor((s) => s.open);
  const [tab, setTab] = useState<TabId>("extract");
  const tabs = [
    { id: "extract", label: t("appName") },
    { id: "settings", label: t("tabSettings") },
  ] as const;

  useEffect(() => {
    void open();
  }, [open]);

  return (
    <Frame
      title={t("title")}
      subtitle={t("subtitle")}
      version={t("version")}
    >
      {!online && <div className="banner warning" role="status">{t("offline")}</div>}
      <TabList
        className="extractor-tabs"
        label={t("appName")}
        prefix="extractor"
        tabs={tabs}
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

// one empty list for every render: a selector that returned a new [] would never settle
const NO_WARNINGS: readonly EngineWarning[] = [];
const noMarks = (): Mark[] => [];

function InputColumn() {
  const t = useT(EXT_PAGE);
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
      <h2 id="extractor-input-title">{t("messageTitle")}</h2>
      <HighlightedTextarea
        label={t("inputLabel")}
        value={input}
        lines={lines}
        marksOf={noMarks}
        placeholder={t("inputPlaceholder")}
        onChange={setInput}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            if (!busy) void run();
          }
        }}
      />
      <div className="actions">
        <button type="button" onClick={clear}>{t("clear")}</button>
        <button
          type="button"
          className="primary"
          disabled={busy}
          title={t("runShortcut")}
          onClick={() => void run()}
        >
          {t("run")}
        </button>
      </div>
      {slow && (
        <progress className="progress" aria-label={t("extractingLabel")}>
          {t("extracting")}
        </progress>
      )}
      <ExtractorMessage source="run" />
      {total !== null && <SkipToLists total={total} />}
      {warnings.length > 0 && <ExtractorWarnings warnings={warnings} />}
    </section>
  );
}

/**
 * A link from Run + Copy to the lists, for screens where they stand below the warnings: it moves
 * the view and the focus there (an in-page link the router leaves alone).
 */
function SkipToLists(props: { total: number }) {
  const t = useT(EXT_PAGE);
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
      {t("skipToLists", { count: props.total })}
    </a>
  );
}
