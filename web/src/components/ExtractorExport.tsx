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
        <Choice
          id="extractor-export-format"
          label="Format"
          value={format}
          options={FORMATS}
          onChange={setFormat}
        />
        <Choice
          id="extractor-export-sort"
          label="Sort by"
          value={sortBy}
          options={SORTS}
          none
          onChange={setSortBy}
        />
        <Choice
          id="extractor-export-group"
          label="Group by"
          value={groupBy}
          options={GROUPS}
          none
          onChange={setGroupBy}
        />
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

/** A labelled choice of the export, from a record of its keys' names; `none` adds "None" (""). */
function Choice<K extends string>(props: {
  id: string;
  label: string;
  value: K | "";
  options: Record<K, string>;
  none?: boolean;
  onChange: (value: K) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as K)}
      >
        {props.none && <option value="">None</option>}
        {(Object.entries(props.options) as [K, string][]).map(([key, label]) => (
          <option key={key} value={key}>{label}</option>
        ))}
      </select>
    </div>
  );
}
