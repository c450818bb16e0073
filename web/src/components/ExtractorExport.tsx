// The extractor's export: csv, json or text, sorted and grouped, written by the engine worker and
// handed to the browser as a download.

import { useState } from "react";
import type { GroupKey, SortKey } from "../../../engine/uld/export.ts";
import { type ExportFormat, useExtractor } from "../stores/extractor.ts";
import { ExtractorMessage } from "./ExtractorMessage.tsx";
import { downloadFile } from "./download.ts";

// Records over the engine's key types: a key added there fails the type check here until named.
const FORMATS: Record<ExportFormat, string> = { csv: "CSV", json: "JSON", text: "Text" };
const SORTS: Record<SortKey, string> = {
  uldNumber: "ULD number",
  category: "Category",
  ownership: "Ownership",
  destination: "Destination",
  loadType: "Load type",
};
const GROUPS: Record<GroupKey, string> = {
  ownership: "Ownership",
  category: "Category",
  destination: "Destination",
  loadType: "Load type",
};

/** Format, sort and group choices and the Download button. */
export function ExtractorExport() {
  const ready = useExtractor((s) => s.result?.ok === true);
  const exportFile = useExtractor((s) => s.exportFile);
  const [format, setFormat] = useState<ExportFormat>("csv");
  const [sortBy, setSortBy] = useState<SortKey | "">("");
  const [groupBy, setGroupBy] = useState<GroupKey | "">("");
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      const file = await exportFile(format, {
        sortBy: sortBy === "" ? undefined : sortBy,
        groupBy: groupBy === "" ? undefined : groupBy,
      });
      if (file !== null) downloadFile(file.name, file.content, file.mimeType);
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="extractor-export">
      <legend>Export</legend>
      <div className="extractor-export-fields">
        <div>
          <label htmlFor="extractor-export-format">Format</label>
          <select
            id="extractor-export-format"
            value={format}
            onChange={(e) => setFormat(e.target.value as ExportFormat)}
          >
            {Object.entries(FORMATS).map(([key, label]) => (
              <option key={key} value={key}>{label}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="extractor-export-sort">Sort by</label>
          <select
            id="extractor-export-sort"
            value={sortBy}
            onChange={(e) => setSortBy(e.target.value as SortKey | "")}
          >
            <option value="">None</option>
            {Object.entries(SORTS).map(([key, label]) => (
              <option key={key} value={key}>{label}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="extractor-export-group">Group by</label>
          <select
            id="extractor-export-group"
            value={groupBy}
            onChange={(e) => setGroupBy(e.target.value as GroupKey | "")}
          >
            <option value="">None</option>
            {Object.entries(GROUPS).map(([key, label]) => (
              <option key={key} value={key}>{label}</option>
            ))}
          </select>
        </div>
      </div>
      <div className="actions">
        <button type="button" disabled={!ready || busy} onClick={() => void save()}>
          Download
        </button>
      </div>
      {!ready && <p className="notice">Run a message to export its ULDs.</p>}
      <ExtractorMessage source="export" />
    </fieldset>
  );
}
