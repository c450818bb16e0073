// The extractor's export: csv, json or text, sorted and grouped, written by the engine worker and
// handed to the browser as a download.

import { useState } from "react";
import type { GroupKey, SortKey } from "../../../../engine/uld/export.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { EXT_DETAILS } from "./texts/ext_details.ts";
import { useT } from "../../i18n/i18n.ts";
import { type ExportFormat, useExtractor } from "./extractor.ts";
import { ExtractorMessage } from "./ExtractorMessage.tsx";
import { downloadFile } from "../../lib/download.ts";

/** A key of the details' catalogue. */
type DetailsKey = (typeof EXT_DETAILS.keys)[number];

// Records over the engine's key types: a key added there fails the type check here until named.
// Each choice is named by its catalogue key, or by a code (CSV, JSON) that no language changes.
const FORMATS: Record<ExportFormat, { key: DetailsKey } | { code: string }> = {
  csv: { code: "CSV" },
  json: { code: "JSON" },
  text: { key: "formatText" },
};
const SORTS: Record<SortKey, { key: DetailsKey }> = {
  uldNumber: { key: "keyUldNumber" },
  category: { key: "keyCategory" },
  ownership: { key: "keyOwnership" },
  destination: { key: "keyDestination" },
  loadType: { key: "keyLoadType" },
};
const GROUPS: Record<GroupKey, { key: DetailsKey }> = {
  ownership: { key: "keyOwnership" },
  category: { key: "keyCategory" },
  destination: { key: "keyDestination" },
  loadType: { key: "keyLoadType" },
};

/** Format, sort and group choices and the Download button. */
export function ExtractorExport() {
  const t = useT(EXT_DETAILS);
  const common = useT(COMMON);
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
      <legend>{t("export")}</legend>
      <div className="extractor-export-fields">
        <Choice
          id="extractor-export-format"
          label={t("format")}
          value={format}
          options={FORMATS}
          onChange={setFormat}
        />
        <Choice
          id="extractor-export-sort"
          label={t("sortBy")}
          value={sortBy}
          options={SORTS}
          none
          onChange={setSortBy}
        />
        <Choice
          id="extractor-export-group"
          label={t("groupBy")}
          value={groupBy}
          options={GROUPS}
          none
          onChange={setGroupBy}
        />
      </div>
      <div className="actions">
        <button type="button" disabled={!ready || busy} onClick={() => void save()}>
          {common("download")}
        </button>
      </div>
      {!ready && <p className="notice">{t("runToExport")}</p>}
      <ExtractorMessage source="export" />
    </fieldset>
  );
}

/** A labelled choice of the export, from a record of its keys' names; `none` adds "None" (""). */
function Choice<K extends string>(props: {
  id: string;
  label: string;
  value: K | "";
  options: Record<K, { key: DetailsKey } | { code: string }>;
  none?: boolean;
  onChange: (value: K) => void;
}) {
  const t = useT(EXT_DETAILS);
  const common = useT(COMMON);
  return (
    <div>
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as K)}
      >
        {props.none && <option value="">{common("none")}</option>}
        {(Object.entries(props.options) as [K, { key: DetailsKey } | { code: string }][]).map((
          [key, name],
        ) => <option key={key} value={key}>{"code" in name ? name.code : t(name.key)}</option>)}
      </select>
    </div>
  );
}
