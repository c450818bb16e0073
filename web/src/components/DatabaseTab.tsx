// The converter's 'Database operations' tab: the four reference lists with counts, add / remove,
// search, 'View All' / 'Hide', export and bulk import, edit and delete with confirmation. Only a
// super admin changes the lists (design 3); everyone else reads them.

import { useMemo, useState } from "react";
import type { ReferenceList } from "../../../api/store.ts";
import {
  CATEGORIES,
  type Category,
  type EntryInput,
  exportText,
  useDatabase,
} from "../stores/database.ts";
import { type ReferenceEntries, useReference } from "../stores/reference.ts";
import { useSession } from "../stores/session.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { panelIds, TabList } from "./TabList.tsx";
import { copyText } from "../stores/converter.ts";
import { downloadFile } from "./download.ts";

interface Row {
  _id?: string;
  name: string;
  weight?: number;
  description?: string;
  updatedBy?: string;
  updatedAt?: string;
}

const NAME_LIMIT: Record<ReferenceList, number> = { ulds: 3, dgsl: 3, xdgsl: 3, lightake: 10 };
const PLACEHOLDER: Record<ReferenceList, string> = {
  ulds: "e.g. AKE",
  dgsl: "e.g. RFL",
  xdgsl: "e.g. AVD",
  lightake: "e.g. AKE11223MS",
};

/** The rows of every list: the server's entries, else the lists in use (cache or built-in). */
function useRows(): Record<ReferenceList, Row[]> | null {
  const entries = useReference((s) => s.entries);
  const complete = useReference((s) => s.complete);
  return useMemo(() => {
    if (entries !== null) return entries;
    if (complete === null) return null;
    const names = (codes: readonly string[]) => codes.map((name) => ({ name }));
    return {
      ulds: Object.entries(complete.uldWeights).map(([name, weight]) => ({ name, weight }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      dgsl: names(complete.dgslCodes),
      xdgsl: names(complete.xdgslCodes),
      lightake: complete.lightAke.map((e) => ({ name: e.name, weight: e.weight })),
    };
  }, [entries, complete]);
}

/** The Database operations tab. */
export function DatabaseTab() {
  const role = useSession((s) => s.user?.role);
  const source = useReference((s) => s.source);
  const entries = useReference((s) => s.entries);
  const rows = useRows();
  const status = useDatabase((s) => s.status);
  const [list, setList] = useState<ReferenceList>("ulds");
  const [panel, setPanel] = useState<"none" | "export" | "import">("none");
  const [search, setSearch] = useState("");
  const [viewAll, setViewAll] = useState(false);
  const canWrite = role === "super_admin" && entries !== null;
  const category = CATEGORIES.find((c) => c.list === list)!;

  return (
    <div>
      <TabList
        label="Reference lists"
        prefix="lists"
        tabs={CATEGORIES.map((c) => ({
          id: c.list,
          label: `${c.tab} (${rows?.[c.list].length ?? "…"})`,
        }))}
        selected={list}
        onSelect={setList}
      />
      <div role="tabpanel" {...panelIds("lists", list)} className="database">
        {source !== "server" && source !== null && (
          <p className="banner warning" role="status">
            The server cannot be reached, so the lists cannot be changed now. Showing{" "}
            {source === "cache" ? "the last lists seen" : "the built-in lists"}.
          </p>
        )}
        {entries !== null && !canWrite && (
          <p className="notice">Only a super admin can change the reference lists.</p>
        )}
        {canWrite && <EntryForm key={list} category={category} />}
        <p
          className={status?.ok === false ? "error" : "success"}
          role="status"
          aria-live="polite"
        >
          {status?.text}
        </p>
        <section className="section" aria-label={`${category.tab} list`}>
          <div className="toolbar-row">
            <label className="grow">
              Search {category.tab}
              <input
                type="search"
                value={search}
                placeholder={`Search ${category.label} names...`}
                onChange={(e) => setSearch(e.target.value)}
              />
            </label>
            <button type="button" aria-expanded={viewAll} onClick={() => setViewAll(!viewAll)}>
              {viewAll ? "Hide" : "View All"}
            </button>
            <button
              type="button"
              aria-expanded={panel === "export"}
              onClick={() => setPanel(panel === "export" ? "none" : "export")}
            >
              Export
            </button>
            {canWrite && (
              <button
                type="button"
                aria-expanded={panel === "import"}
                onClick={() => setPanel(panel === "import" ? "none" : "import")}
              >
                Import
              </button>
            )}
          </div>
          {panel === "export" && entries !== null && (
            <ExportPanel category={category} entries={entries} />
          )}
          {panel === "export" && entries === null && (
            <p className="error">Failed to export data: the server cannot be reached.</p>
          )}
          {panel === "import" && canWrite && <ImportPanel category={category} />}
          {rows !== null && (viewAll || search.trim() !== "") && (
            <EntryList
              category={category}
              rows={rows[list]}
              search={search}
              canWrite={canWrite}
            />
          )}
        </section>
      </div>
    </div>
  );
}

function EntryForm(props: { category: Category }) {
  const { list, label } = props.category;
  const busy = useDatabase((s) => s.busy);
  const [input, setInput] = useState<Required<EntryInput>>({
    name: "",
    weight: "",
    description: "",
  });
  const { add, findToRemove, remove } = useDatabase.getState();
  const [removing, setRemoving] = useState<{ _id: string; name: string } | null>(null);
  const change = (patch: Partial<EntryInput>) => setInput({ ...input, ...patch });
  const payload = (): EntryInput => ({
    name: input.name,
    ...(list === "ulds" || list === "lightake" ? { weight: input.weight } : {}),
    ...(list !== "ulds" ? { description: input.description } : {}),
  });
  return (
    <form
      className="section"
      aria-label={`Add or remove ${label}`}
      noValidate // the spec's own texts, not the browser's, tell what is wrong
      onSubmit={async (e) => {
        e.preventDefault();
        if (await add(list, payload())) setInput({ name: "", weight: "", description: "" });
      }}
    >
      <div className="entry-form">
        <label>
          {label} name
          <input
            value={input.name}
            maxLength={NAME_LIMIT[list]}
            placeholder={PLACEHOLDER[list]}
            autoCapitalize="characters"
            onChange={(e) => change({ name: e.target.value.toUpperCase() })}
          />
        </label>
        {(list === "ulds" || list === "lightake") && (
          <label>
            Weight (kg){list === "lightake" ? " (optional)" : ""}
            <input
              type="number"
              min={1}
              max={10000}
              step="any"
              inputMode="decimal"
              value={input.weight}
              onChange={(e) => change({ weight: e.target.value })}
            />
          </label>
        )}
        {list !== "ulds" && (
          <label>
            Description (optional)
            <input
              value={input.description}
              maxLength={200}
              onChange={(e) => change({ description: e.target.value })}
            />
          </label>
        )}
      </div>
      <div className="actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => setRemoving(findToRemove(list, input.name))}
        >
          Remove {label}
        </button>
        <button type="submit" className="primary" disabled={busy}>Add {label}</button>
      </div>
      {removing !== null && (
        <ConfirmDialog
          title="Confirm Deletion"
          text={`Are you sure you want to delete ${removing.name}? This action cannot be undone.`}
          confirmLabel="Yes, Delete"
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            setRemoving(null);
            if (await remove(list, removing._id)) {
              setInput({ name: "", weight: "", description: "" });
            }
          }}
        />
      )}
    </form>
  );
}

function EntryList(
  props: { category: Category; rows: Row[]; search: string; canWrite: boolean },
) {
  const { list, label } = props.category;
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const words = props.search.trim().toUpperCase();
  const shown = words === ""
    ? props.rows
    : props.rows.filter((r) =>
      r.name.includes(words) || (r.description ?? "").toUpperCase().includes(words)
    );
  return (
    <>
      <p className="notice" aria-live="polite">
        Showing {shown.length} of {props.rows.length}
      </p>
      {shown.length === 0
        ? <p className="empty">No {label} entries match.</p>
        : (
          <ul className="entries" aria-label={`${label} entries`} tabIndex={0}>
            {shown.map((row) =>
              row._id !== undefined && editing === row._id
                ? (
                  <EditRow
                    key={row._id}
                    list={list}
                    row={row}
                    onDone={() => setEditing(null)}
                  />
                )
                : (
                  <li key={row._id ?? row.name}>
                    <span className="entry-name">{row.name}</span>
                    <span className="entry-meta">
                      {row.weight !== undefined ? `${row.weight} kg` : ""}
                      {row.description ? ` ${row.description}` : ""}
                      {row.updatedBy ? ` · by ${row.updatedBy}` : ""}
                    </span>
                    {props.canWrite && row._id !== undefined && (
                      <span className="actions">
                        <button
                          type="button"
                          aria-label={`Edit ${row.name}`}
                          onClick={() => setEditing(row._id!)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          aria-label={`Delete ${row.name}`}
                          onClick={() => setDeleting(row)}
                        >
                          Delete
                        </button>
                      </span>
                    )}
                  </li>
                )
            )}
          </ul>
        )}
      {deleting !== null && (
        <ConfirmDialog
          title="Confirm Deletion"
          text={`Are you sure you want to delete ${deleting.name}? This action cannot be undone.`}
          confirmLabel="Yes, Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting._id!;
            setDeleting(null);
            void useDatabase.getState().remove(list, id);
          }}
        />
      )}
    </>
  );
}

function EditRow(props: { list: ReferenceList; row: Row; onDone: () => void }) {
  const { list, row } = props;
  const [name, setName] = useState(row.name);
  const [weight, setWeight] = useState(row.weight === undefined ? "" : String(row.weight));
  const [description, setDescription] = useState(row.description ?? "");
  const busy = useDatabase((s) => s.busy);
  return (
    <li>
      <form
        className="edit-row"
        noValidate
        aria-label={`Edit ${row.name}`}
        onSubmit={async (e) => {
          e.preventDefault();
          const ok = await useDatabase.getState().edit(list, row._id!, {
            name,
            ...(list === "ulds" || list === "lightake" ? { weight } : {}),
            ...(list !== "ulds" ? { description } : {}),
          });
          if (ok) props.onDone();
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape") props.onDone();
        }}
      >
        <input
          aria-label="Name"
          value={name}
          maxLength={NAME_LIMIT[list]}
          autoFocus
          onChange={(e) => setName(e.target.value.toUpperCase())}
        />
        {(list === "ulds" || list === "lightake") && (
          <input
            aria-label="Weight (kg)"
            type="number"
            min={1}
            max={10000}
            step="any"
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
          />
        )}
        {list !== "ulds" && (
          <input
            aria-label="Description"
            value={description}
            maxLength={200}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
        <button type="submit" className="primary" disabled={busy}>Save</button>
        <button type="button" onClick={props.onDone}>Cancel</button>
      </form>
    </li>
  );
}

function ExportPanel(props: { category: Category; entries: ReferenceEntries }) {
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

function ImportPanel(props: { category: Category }) {
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
