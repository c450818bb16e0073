// The Database tab's export and bulk import panels.

import { useState } from "react";
import type { ReferenceList } from "../../../../api/store/records.ts";
import { COMMON } from "../../i18n/areas/common.ts";
import { CONV_DB } from "./texts/conv_db.ts";
import { type Catalogue, type Translate, useT } from "../../i18n/i18n.ts";
import { type Category, exportText, useDatabase } from "./database.ts";
import type { ReferenceEntries } from "./reference.ts";
import { copyText } from "../converter/converter.ts";
import { downloadFile } from "../../lib/download.ts";

type DbKey = typeof CONV_DB extends Catalogue<infer K> ? K : never;

/** How a list's lines are written (export) or read (import), in the words of the language shown. */
function lineFormat(t: Translate<DbKey>, list: ReferenceList, importing: boolean) {
  return list === "ulds"
    ? t("formatNameWeight")
    : list === "lightake" && importing
    ? t("formatNameOrWeight")
    : t("formatName");
}

/** The list as text, to copy or download. */
export function ExportPanel(props: { category: Category; entries: ReferenceEntries }) {
  const t = useT(CONV_DB);
  const common = useT(COMMON);
  const { list, label } = props.category;
  const text = exportText(list, props.entries);
  const count = props.entries[list].length;
  const say = useDatabase((s) => s.say);
  const exported = useDatabase((s) => s.exported);
  return (
    <div className="panel-box" aria-label={t("exportLabel", { label })}>
      <label>
        {t("exportField", { label, format: lineFormat(t, list, false) })}
        <textarea
          className="message short"
          dir="ltr"
          readOnly
          value={text}
          spellCheck={false}
        />
      </label>
      <div className="actions">
        <button
          type="button"
          onClick={async () =>
            (await copyText(text))
              ? exported(list, count)
              : say({ ok: false, text: t("copyFailed") })}
        >
          {common("copy")}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => {
            try {
              downloadFile(
                t("fileName", { list, date: new Date().toISOString().slice(0, 10) }),
                text + "\n",
                "text/csv",
              );
              exported(list, count);
            } catch {
              say({ ok: false, text: t("exportFailed") });
            }
          }}
        >
          {common("download")}
        </button>
      </div>
    </div>
  );
}

/** Lines typed or read from a file, added one by one with progress and the failed lines kept. */
export function ImportPanel(props: { category: Category }) {
  const t = useT(CONV_DB);
  const { list, label } = props.category;
  const [text, setText] = useState("");
  const busy = useDatabase((s) => s.busy);
  const progress = useDatabase((s) => s.progress);
  const failures = useDatabase((s) => s.failures);
  const say = useDatabase((s) => s.say);
  const lineCount = text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== "").length;
  return (
    <div className="panel-box" aria-label={t("importLabel", { label })}>
      <label>
        {t("importField", { label, format: lineFormat(t, list, true) })}
        <textarea
          className="message short"
          dir="ltr"
          value={text}
          spellCheck={false}
          placeholder={list === "ulds"
            ? "AKE,105\nPMC,130"
            : list === "lightake"
            ? "AKE11223MS"
            : "RFL"}
          onChange={(e) => setText(e.target.value.toUpperCase())}
        />
      </label>
      <label>
        {t("readFile")}
        <input
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file === undefined) return;
            try {
              setText((await file.text()).toUpperCase());
            } catch {
              say({ ok: false, text: t("importFailed") });
            }
          }}
        />
      </label>
      {progress !== null && (
        <p role="status">
          {t("importing", { done: progress.done, total: progress.total })}{" "}
          <progress value={progress.done} max={progress.total} />
        </p>
      )}
      <div className="actions">
        {/* not 'Import' alone: the button that opens this panel has that name */}
        <button
          type="button"
          className="primary"
          disabled={busy}
          onClick={() => void useDatabase.getState().importText(list, text)}
        >
          {lineCount === 0
            ? t("importLines", { label })
            : t("importCount", { count: lineCount, label })}
        </button>
      </div>
      {failures.length > 0 && (
        <details open className="warnings">
          <summary>{t("failedLines", { count: failures.length })}</summary>
          <ul>
            {failures.map((f) => <li key={f}>{f}</li>)}
          </ul>
        </details>
      )}
    </div>
  );
}
