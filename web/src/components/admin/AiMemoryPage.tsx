// /apps/admin-apps/ai-memory: the AI Memory Database (spec 2.13): notes kept in this browser,
// filtered by type or by tag (a tag wins), added, edited, deleted and exported as JSON.

import { useEffect, useState } from "react";
import { useAiMemory } from "../../stores/ai_memory.ts";
import { type Memory, MEMORY_TYPES, type MemoryType, tagKey } from "../../stores/ai_memory_db.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { AdminFrame } from "./AdminFrame.tsx";
import { AiMemoryForm } from "./AiMemoryForm.tsx";
import { downloadFile } from "../download.ts";
import { When } from "../When.tsx";
import "./admin_tools.css";

/** The AI Memory screen. */
export function AiMemoryPage() {
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    void useAiMemory.getState().open();
  }, []);
  return (
    <AdminFrame title="AI Memory Database" subtitle="Project notes kept in this browser">
      <div className="admin-tools">
        <MemoryToolbar adding={adding} onAdd={() => setAdding(true)} />
        <MemoryStatusLine />
        {adding && (
          <section className="section" aria-labelledby="memory-add-title">
            <h2 id="memory-add-title">New memory</h2>
            <AiMemoryForm onDone={() => setAdding(false)} />
          </section>
        )}
        <MemoryList />
      </div>
    </AdminFrame>
  );
}

function MemoryToolbar(props: { adding: boolean; onAdd: () => void }) {
  const type = useAiMemory((s) => s.type);
  const tag = useAiMemory((s) => s.tag);
  const { setType, setTag, exportAll } = useAiMemory.getState();
  return (
    <section className="section" aria-label="Filter and export">
      <div className="toolbar-row">
        <label className="grow">
          Type
          <select value={type} onChange={(e) => setType(e.target.value as MemoryType | "")}>
            <option value="">All Types</option>
            {MEMORY_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </label>
        <label className="grow">
          Tag filter
          <input
            type="search"
            value={tag}
            placeholder="Filter by tag..."
            onChange={(e) => setTag(e.target.value)}
          />
        </label>
        <button type="button" disabled={props.adding} onClick={props.onAdd}>Add Memory</button>
        <button
          type="button"
          className="primary"
          onClick={async () => {
            const file = await exportAll();
            if (file !== null) downloadFile(file.name, file.content, "application/json");
          }}
        >
          Export All
        </button>
      </div>
      {tag.trim() !== "" && type !== "" && (
        <p className="notice">The tag filter is in use, so the type filter is set aside.</p>
      )}
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
  const memories = useAiMemory((s) => s.memories);
  const loading = useAiMemory((s) => s.loading);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Memory | null>(null);
  if (loading) return <p className="loading" role="status">Loading memories...</p>;
  if (memories.length === 0) return <NoMemories />;
  return (
    <>
      <p className="notice">
        {memories.length} {memories.length === 1 ? "memory" : "memories"}, newest update first
        {memories.length >= 50 ? " (the 50 newest)" : ""}
      </p>
      <ul className="memory-list" aria-label="Memories">
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
          title="Delete Memory"
          text={`Delete the memory '${deleting.title}'? This cannot be undone.`}
          confirmLabel="Delete"
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
  const total = useAiMemory((s) => s.total);
  const type = useAiMemory((s) => s.type);
  const tag = useAiMemory((s) => tagKey(s.tag));
  if (total === 0 || (tag === "" && type === "")) {
    return (
      <p className="empty" role="status">
        No memories found. Check project-context.json in the root.
      </p>
    );
  }
  const { setTag, setType } = useAiMemory.getState();
  return (
    <div className="empty" role="status">
      <p>
        {tag !== "" ? `No memories match the tag '#${tag}'.` : `No memories of the type '${type}'.`}
      </p>
      <button
        type="button"
        onClick={() => {
          setTag("");
          setType("");
        }}
      >
        Show all memories
      </button>
    </div>
  );
}

function MemoryCard(props: { memory: Memory; onEdit: () => void; onDelete: () => void }) {
  const m = props.memory;
  const setTag = useAiMemory((s) => s.setTag);
  return (
    <article className="list-card memory-card" aria-label={m.title}>
      <div className="memory-head">
        <h3>{m.title}</h3>
        <span className={`type-badge ${m.type}`}>{m.type}</span>
      </div>
      <p className="memory-content">{m.content}</p>
      {m.tags.length > 0 && (
        <ul className="tag-chips" aria-label="Tags">
          {m.tags.map((t) => (
            <li key={t}>
              <button
                type="button"
                aria-label={`Show memories tagged ${t}`}
                onClick={() => setTag(t)}
              >
                #{t}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="memory-meta">
        <span>
          ID: <code>{m._id}</code>
        </span>
        <span>
          Updated: <When at={m.updatedAt} />
        </span>
      </p>
      <div className="actions">
        <button type="button" aria-label={`Edit ${m.title}`} onClick={props.onEdit}>Edit</button>
        <button type="button" aria-label={`Delete ${m.title}`} onClick={props.onDelete}>
          Delete
        </button>
      </div>
    </article>
  );
}
