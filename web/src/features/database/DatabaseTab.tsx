// The converter's 'Database operations' tab: the four reference lists with counts, add / remove,
// search, 'View All' / 'Hide', export and bulk import, edit and delete with confirmation. Only a
// super admin changes the lists (design 3); everyone else reads them.

import { useMemo, useState } from "react";
import type { ReferenceList } from "../../../../api/store/records.ts";
import { CONV_DB } from "./texts/conv_db.ts";
import { useT } from "../../i18n/i18n.ts";
import { CATEGORIES, type Category, useDatabase } from "./database.ts";
import { useReference } from "./reference.ts";
import { useSession } from "../shell/session.ts";
import { useBackend } from "../shell/backend.ts";
import { EntryForm } from "./DatabaseEntryForm.tsx";
import { EntryList, type Row } from "./DatabaseEntryList.tsx";
import { ExportPanel, ImportPanel } from "./DatabasePanels.tsx";
import { panelIds, TabList } from "../../ui/TabList.tsx";

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
  const t = useT(CONV_DB);
  const role = useSession((s) => s.user?.role);
  const source = useReference((s) => s.source);
  const entries = useReference((s) => s.entries);
  // the server unreachable now: the lists read before stay, and cannot be changed until it is back
  const unreachable = useBackend((s) => s.location === "offline");
  const rows = useRows();
  const status = useDatabase((s) => s.status);
  const [list, setList] = useState<ReferenceList>("ulds");
  const canWrite = role === "super_admin" && entries !== null && !unreachable;
  const notServer = source !== "server" && source !== null;
  const category = CATEGORIES.find((c) => c.list === list)!;

  return (
    <div>
      <TabList
        label={t("listsLabel")}
        prefix="lists"
        tabs={CATEGORIES.map((c) => ({
          id: c.list,
          label: t("tabCount", { tab: c.tab, count: rows?.[c.list].length ?? "…" }),
        }))}
        selected={list}
        onSelect={setList}
      />
      <div role="tabpanel" {...panelIds("lists", list)} className="database">
        {(notServer || unreachable) && (
          <p className="banner warning" role="status">
            {t(source === "built-in" ? "offlineBuiltIn" : "offlineCache")}
          </p>
        )}
        {entries !== null && role !== "super_admin" && (
          <p className="notice">{t("superAdminOnly")}</p>
        )}
        {canWrite && <EntryForm key={list} category={category} />}
        <p
          className={status?.ok === false ? "error" : "success"}
          role="status"
          aria-live="polite"
        >
          {status?.text}
        </p>
        <ListSection category={category} rows={rows?.[list] ?? null} canWrite={canWrite} />
      </div>
    </div>
  );
}

/** A toggle button of the toolbar, which says whether what it opens is open. */
function Toggle(props: { open: boolean; onToggle: () => void; children: string }) {
  return (
    <button type="button" aria-expanded={props.open} onClick={props.onToggle}>
      {props.children}
    </button>
  );
}

/** The list on screen: search, View All / Hide, the export and import panels, and the entries. */
function ListSection(props: { category: Category; rows: Row[] | null; canWrite: boolean }) {
  const t = useT(CONV_DB);
  const { category, rows, canWrite } = props;
  const entries = useReference((s) => s.entries);
  const [panel, setPanel] = useState<"none" | "export" | "import">("none");
  const [search, setSearch] = useState("");
  const [viewAll, setViewAll] = useState(false);
  const toggle = (which: "export" | "import") => setPanel(panel === which ? "none" : which);
  return (
    <section className="section" aria-label={t("listLabel", { tab: category.tab })}>
      <div className="toolbar-row">
        <label className="grow">
          {t("searchField", { tab: category.tab })}
          <input
            type="search"
            value={search}
            placeholder={t("searchPlaceholder", { label: category.label })}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <button type="button" aria-expanded={viewAll} onClick={() => setViewAll(!viewAll)}>
          {viewAll ? t("hide") : t("viewAll")}
        </button>
        <Toggle open={panel === "export"} onToggle={() => toggle("export")}>{t("export")}</Toggle>
        {canWrite && (
          <Toggle open={panel === "import"} onToggle={() => toggle("import")}>
            {t("import")}
          </Toggle>
        )}
      </div>
      {panel === "export" && entries !== null && (
        <ExportPanel category={category} entries={entries} />
      )}
      {panel === "export" && entries === null && <p className="error">{t("exportOffline")}</p>}
      {panel === "import" && canWrite && <ImportPanel category={category} />}
      {rows !== null && (viewAll || search.trim() !== "") && (
        <EntryList category={category} rows={rows} search={search} canWrite={canWrite} />
      )}
    </section>
  );
}
