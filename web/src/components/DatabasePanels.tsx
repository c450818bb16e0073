// The Database tab's export and bulk import panels.

import { useState } from "react";
import { type Category, exportText, useDatabase } from "../stores/database.ts";
import type { ReferenceEntries } from "../stores/reference.ts";
import { copyText } from "../stores/converter.ts";
import { downloadFile } from "./download.ts";

/** The list as text, to copy or download. */
export function ExportPanel(props: { category: Category; entries: ReferenceEntries }) {
  const { list, label } = props.category;
  const text = exportText(list, props.entries);
  const count = props.entries[list].length;
  const say = useDatabase((s) => s.say);
  const exported = useDatabase((s) => s.exported);
  return (
    <div className="panel-box" aria-label={`Export ${label}`}>
      <label>
        {label} entries ({list === "ulds" ? "Name,Weight" : "Name"} per line)
        <textarea className="message short" readOnly value={text} spellCheck={false} />
      </label>
      <div className="actions">
        <button
          type="button"
          onClick={async () =>
            (await copyText(text))
              ? exported(list, count)
              : say({ ok: false, text: "Failed to copy to clipboard. Please copy manually." })}
        >
          Copy
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => {
            try {
              downloadFile(
                `${list}-${new Date().toISOString().slice(0, 10)}.csv`,
                text + "\n",
                "text/csv",
              );
              exported(list, count);
            } catch {
              say({ ok: false, text: "Failed to export data" });
            }
          }}
        >
          Download
        </button>
      </div>
    </div>
  );
}

/** Lines typed or read from a file, added one by one with progress and the failed lines kept. */
export function ImportPanel(props: { category: Category }) {
  const { list, label } = props.category;
  const [text, setText] = useState("");
  const busy = useDatabase((s) => s.busy);
  const progress = useDatabase((s) => s.progress);
  const failures = useDatabase((s) => s.failures);
  const say = useDatabase((s) => s.say);
  const lineCount = text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== "").length;
  const format = list === "ulds"
    ? "Name,Weight"
    : list === "lightake"
    ? "Name or Name,Weight"
    : "Name";
  return (
    <div className="panel-box" aria-label={`Import ${label}`}>
      <label>
        {label} lines to import ({format} per line)
        <textarea
          className="message short"
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
        Or read a file (.csv or .txt)
        <input
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file === undefined) return;
            try {
              setText((await file.text()).toUpperCase());
            } catch {
              say({ ok: false, text: "Failed to import data" });
            }
          }}
        />
      </label>
      {progress !== null && (
        <p role="status">
          Importing {progress.done} of {progress.total}…{" "}
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
            ? `Import ${label} lines`
            : `Import ${lineCount} ${label} line${lineCount === 1 ? "" : "s"}`}
        </button>
      </div>
      {failures.length > 0 && (
        <details open className="warnings">
          <summary>{failures.length} line{failures.length === 1 ? "" : "s"} failed</summary>
          <ul>
            {failures.map((f) => <li key={f}>{f}</li>)}
          </ul>
        </details>
      )}
    </div>
  );
}
