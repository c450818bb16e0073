// /apps/admin-apps/ai-memory: the AI Memory Database (spec 2.13): notes kept in this browser,
// filtered by type or by tag (a tag wins), added, edited, deleted and exported as JSON. The notes
// and their tags are data: they are shown as written, in any language.

import { useEffect, useState } from "react";
import { MEMORY_TYPE_LABELS, useAiMemory } from "./ai_memory.ts";
import {
  type Memory,
  MEMORY_TYPES,
  type MemoryType,
  SEARCH_LIMIT,
  tagKey,
} from "./ai_memory_db.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { TOOLS_MEMORY } from "./texts/tools_memory.ts";
import { useT } from "../../../i18n/i18n.ts";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { AdminFrame } from "../AdminFrame.tsx";
import { AiMemoryForm } from "./AiMemoryForm.tsx";
import { downloadFile } from "../../../lib/download.ts";
import { When } from "../../../ui/When.tsx";
import "../admin_tools.css";
import { EditDeleteButtons } from "../../../ui/EditDeleteButtons.tsx";

/** The AI Memory screen. */
export function AiMemoryPage() {
  const t = useT(TOOLS_MEMORY);
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    void useAiMemory.getState().open();
  }, []);
  return (
    <AdminFrame title={t("title")} subtitle={t("subtitle")}>
      <div className="admin-tools">
        <MemoryToolbar adding={adding} onAdd={() => setAdding(true)} />
        <MemoryStatusLine />
        {adding && (
          <section className="section" aria-labelledby="memory-add-title">
            <h2 id="memory-add-title">{t("newMemory")}</h2>
            <AiMemoryForm onDone={() => setAdding(false)} />
          </section>
        )}
        <MemoryList />
      </div>
    </AdminFrame>
  );
}

function MemoryToolbar(props: { adding: boolean; onAdd: () => void }) {
  const t = useT(TOOLS_MEMORY);
  const type = useAiMemory((s) => s.type);
  const tag = useAiMemory((s) => s.tag);
  const { setType, setTag, exportAll } = useAiMemory.getState();
  return (
    <section className="section" aria-label={t("filterExport")}>
      <div className="toolbar-row">
        <label className="grow">
          {t("type")}
          <select value={type} onChange={(e) => setType(e.target.value as MemoryType | "")}>
            <option value="">{t("allTypes")}</option>
            {MEMORY_TYPES.map((m) => <option key={m} value={m}>{t(MEMORY_TYPE_LABELS[m])}</option>)}
          </select>
        </label>
        <label className="grow">
          {t("tagFilter")}
          <input
            type="search"
            value={tag}
            placeholder={t("tagPlaceholder")}
            onChange={(e) => setTag(e.target.value)}
          />
        </label>
        <button type="button" disabled={props.adding} onClick={props.onAdd}>
          {t("addMemory")}
        </button>
        <button
          type="button"
          className="primary"
          onClick={async () => {
            const file = await exportAll();
            if (file !== null) downloadFile(file.name, file.content, "application/json");
          }}
        >
          {t("exportAll")}
        </button>
      </div>
      {tag.trim() !== "" && type !== "" && <p className="notice">{t("tagOverridesType")}</p>}
    </section>
  );
}

function MemoryStatusLine() {
  const status = useAiMemory((s) => s.status);
  return (
    <p className={status?.ok === false ? "error" : "success"} role="status" aria-live="polite">
      {status?.text}
    </p>
  );
}

function MemoryList() {
  const t = useT(TOOLS_MEMORY);
  const common = useT(COMMON);
  const memories = useAiMemory((s) => s.memories);
  const loading = useAiMemory((s) => s.loading);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Memory | null>(null);
  if (loading) return <p className="loading" role="status">{t("loading")}</p>;
  if (memories.length === 0) return <NoMemories />;
  const count = String(memories.length);
  const confirmDelete = common("delete");
  return (
    <>
      <p className="notice">
        {memories.length >= SEARCH_LIMIT
          ? t("countLineLimited", { count, limit: String(SEARCH_LIMIT) })
          : t("countLine", { count })}
      </p>
      <ul className="memory-list" aria-label={t("memories")}>
        {memories.map((m) => (
          <li key={m._id}>
            {editing === m._id
              ? (
                <div className="list-card memory-card">
                  <AiMemoryForm memory={m} onDone={() => setEditing(null)} />
                </div>
              )
              : (
                <MemoryCard
                  memory={m}
                  onEdit={() => setEditing(m._id)}
                  onDelete={() => setDeleting(m)}
                />
              )}
          </li>
        ))}
      </ul>
      {deleting !== null && (
        <ConfirmDialog
          title={t("deleteTitle")}
          text={t("deleteText", { title: deleting.title })}
          confirmLabel={confirmDelete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            void useAiMemory.getState().remove(deleting);
            setDeleting(null);
          }}
        />
      )}
    </>
  );
}

/** What the filter in view says when it matches nothing: the spec's text only for an empty
 * database, else which filter found nothing, with the way back to every memory. */
function NoMemories() {
  const t = useT(TOOLS_MEMORY);
  const total = useAiMemory((s) => s.total);
  const type = useAiMemory((s) => s.type);
  const tag = useAiMemory((s) => tagKey(s.tag));
  if (total === 0 || (tag === "" && type === "")) {
    return <p className="empty" role="status">{t("emptyDb")}</p>;
  }
  const { setTag, setType } = useAiMemory.getState();
  return (
    <div className="empty" role="status">
      <p>
        {tag !== ""
          ? t("noTagMatch", { chip: `#${tag}` })
          : t("noTypeMatch", { type: t(MEMORY_TYPE_LABELS[type as MemoryType]) })}
      </p>
      <button
        type="button"
        onClick={() => {
          setTag("");
          setType("");
        }}
      >
        {t("showAll")}
      </button>
    </div>
  );
}

function MemoryCard(props: { memory: Memory; onEdit: () => void; onDelete: () => void }) {
  const t = useT(TOOLS_MEMORY);
  const m = props.memory;
  const setTag = useAiMemory((s) => s.setTag);
  return (
    <article className="list-card memory-card" aria-label={m.title}>
      <div className="memory-head">
        <h3 dir="auto">{m.title}</h3>
        <span className={`type-badge ${m.type}`}>{t(MEMORY_TYPE_LABELS[m.type])}</span>
      </div>
      <p className="memory-content" dir="auto">{m.content}</p>
      {m.tags.length > 0 && (
        <ul className="tag-chips" aria-label={t("tags")}>
          {m.tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                aria-label={t("showTagged", { tag })}
                onClick={() => setTag(tag)}
              >
                <bdi>#{tag}</bdi>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="memory-meta">
        <span>
          {t("idLabel")} <code>{m._id}</code>
        </span>
        <span>
          {t("updatedLabel")} <When at={m.updatedAt} />
        </span>
      </p>
      <EditDeleteButtons
        editName={t("editLabel", { title: m.title })}
        deleteName={t("deleteLabel", { title: m.title })}
        onEdit={props.onEdit}
        onDelete={props.onDelete}
      />
    </article>
  );
}
