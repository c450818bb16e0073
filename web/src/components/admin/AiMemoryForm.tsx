// The add and edit form of a memory: type, title, content and comma-separated tags.

import { type FormEvent, useEffect, useRef, useState } from "react";
import { useAiMemory } from "../../stores/ai_memory.ts";
import { type Memory, MEMORY_TYPES, type MemoryType } from "../../stores/ai_memory_db.ts";

/** Props of the memory form: the memory to edit, or none to add one. */
export interface AiMemoryFormProps {
  memory?: Memory;
  onDone: () => void;
}

/** Adds a memory, or edits `memory`; Escape or Cancel closes it. */
export function AiMemoryForm(props: AiMemoryFormProps) {
  const { memory } = props;
  const [type, setType] = useState<MemoryType>(memory?.type ?? "note");
  const [title, setTitle] = useState(memory?.title ?? "");
  const [content, setContent] = useState(memory?.content ?? "");
  const [tags, setTags] = useState(memory?.tags.join(", ") ?? "");
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const id = memory?._id ?? "new";
  useEffect(() => first.current?.focus(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const saved = await useAiMemory.getState().save({
      ...(memory ? { _id: memory._id } : {}),
      type,
      title,
      content,
      tags: tags.split(","),
    });
    setBusy(false);
    if (saved) props.onDone();
  }

  return (
    <form
      className="memory-form"
      aria-label={memory ? `Edit ${memory.title}` : "Add a memory"}
      noValidate
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === "Escape") props.onDone();
      }}
    >
      <label>
        Type
        <select value={type} onChange={(e) => setType(e.target.value as MemoryType)}>
          {MEMORY_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
        </select>
      </label>
      <label>
        Title
        <input
          ref={first}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <label className="wide">
        Content
        <textarea rows={4} value={content} onChange={(e) => setContent(e.target.value)} />
      </label>
      <label className="wide">
        Tags (comma separated)
        <input
          value={tags}
          placeholder="e.g. settings, security"
          aria-describedby={`memory-tags-help-${id}`}
          onChange={(e) => setTags(e.target.value)}
        />
      </label>
      <p id={`memory-tags-help-${id}`} className="notice wide">
        Tags are kept in lower case; the tag filter matches a whole tag.
      </p>
      <div className="actions wide">
        <button type="button" onClick={props.onDone}>Cancel</button>
        <button type="submit" className="primary" disabled={busy}>
          {memory ? "Save Changes" : "Add Memory"}
        </button>
      </div>
    </form>
  );
}
