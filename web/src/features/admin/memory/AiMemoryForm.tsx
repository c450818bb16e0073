// The add and edit form of a memory: type, title, content and comma-separated tags.

import { type FormEvent, useEffect, useRef, useState } from "react";
import { MEMORY_TYPE_LABELS, useAiMemory } from "./ai_memory.ts";
import { type Memory, MEMORY_TYPES, type MemoryType } from "./ai_memory_db.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { TOOLS_MEMORY } from "./texts/tools_memory.ts";
import { useT } from "../../../i18n/i18n.ts";

/** Props of the memory form: the memory to edit, or none to add one. */
export interface AiMemoryFormProps {
  memory?: Memory;
  onDone: () => void;
}

/** Adds a memory, or edits `memory`; Escape or Cancel closes it. */
export function AiMemoryForm(props: AiMemoryFormProps) {
  const { memory } = props;
  const t = useT(TOOLS_MEMORY);
  const common = useT(COMMON);
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
      aria-label={memory ? t("editLabel", { title: memory.title }) : t("addForm")}
      noValidate
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === "Escape") props.onDone();
      }}
    >
      <label>
        {t("type")}
        <select value={type} onChange={(e) => setType(e.target.value as MemoryType)}>
          {MEMORY_TYPES.map((m) => <option key={m} value={m}>{t(MEMORY_TYPE_LABELS[m])}</option>)}
        </select>
      </label>
      <label>
        {t("titleField")}
        <input
          ref={first}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <label className="wide">
        {t("contentField")}
        <textarea rows={4} value={content} onChange={(e) => setContent(e.target.value)} />
      </label>
      <label className="wide">
        {t("tagsField")}
        <input
          value={tags}
          placeholder={t("tagsPlaceholder")}
          aria-describedby={`memory-tags-help-${id}`}
          onChange={(e) => setTags(e.target.value)}
        />
      </label>
      <p id={`memory-tags-help-${id}`} className="notice wide">{t("tagsHelp")}</p>
      <div className="actions wide">
        <button type="button" onClick={props.onDone}>{common("cancel")}</button>
        <button type="submit" className="primary" disabled={busy}>
          {memory ? t("saveChanges") : t("addMemory")}
        </button>
      </div>
    </form>
  );
}
