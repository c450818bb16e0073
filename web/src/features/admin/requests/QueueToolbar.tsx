// A request queue's search (code or name) and station filter. They live in the page's address
// (?search, ?station), so that Back and a shared link keep them; typing waits a moment before the
// address changes, so the queue is asked once per pause, not per key.

import { useEffect, useId, useState } from "react";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { type QueueSearch, validateQueueSearch } from "./request_rules.ts";
import { useStations } from "./stations.ts";
import { ADM_QUEUES } from "./texts/adm_queues.ts";
import { COMMON } from "../../../i18n/areas/common.ts";
import { useT } from "../../../i18n/i18n.ts";

/** Milliseconds of quiet after typing before the address (and the queue) follows. */
const TYPING_PAUSE = 300;

/** The queue's search and station from the address. */
export function useQueueSearch(): { search: string; station: string } {
  const where = validateQueueSearch(useSearch({ strict: false }) as Record<string, unknown>);
  return { search: where.search ?? "", station: where.station ?? "" };
}

/** The search box and, for those who see every station, the station picker. */
export function QueueToolbar(props: { title: string; allStations: boolean }) {
  const t = useT(ADM_QUEUES);
  const common = useT(COMMON);
  const where = useQueueSearch();
  const navigate = useNavigate();
  const [search, setSearch] = useState(where.search);
  const station = where.station;

  // Back and Forward change the address: the boxes follow
  useEffect(() => setSearch(where.search), [where.search]);

  const go = (next: QueueSearch) =>
    void navigate({
      to: ".",
      replace: true,
      search: (prev: Record<string, unknown>) =>
        validateQueueSearch({ ...validateQueueSearch(prev), ...next }),
    });

  useEffect(() => {
    if (search.trim() === where.search) return;
    const timer = setTimeout(() => go({ search }), TYPING_PAUSE);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <div
      className="queue-toolbar"
      role="search"
      aria-label={t("searchQueue", { title: props.title })}
    >
      <label className="queue-search">
        <span>{common("search")}</span>
        <input
          type="search"
          value={search}
          maxLength={100}
          placeholder={t("searchPlaceholder")}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") go({ search });
          }}
        />
      </label>
      {props.allStations && <StationPicker value={station} onPick={(v) => go({ station: v })} />}
    </div>
  );
}

/** The station picker: the stations there are (the user list's index), and a station the address
 * names that no user has, so that the select shows what the queue is filtered by. */
function StationPicker(props: { value: string; onPick: (station: string) => void }) {
  const t = useT(ADM_QUEUES);
  const stations = useStations((s) => s.stations);
  const load = useStations((s) => s.load);
  const id = useId();
  useEffect(() => void load(), [load]);
  const names = props.value === "" || stations.includes(props.value)
    ? stations
    : [...stations, props.value].sort();
  // labelled by id, not by wrapping: a wrapping label would add the chosen option to the name
  return (
    <div className="queue-station">
      <label htmlFor={id}>{t("station")}</label>
      <select id={id} value={props.value} onChange={(e) => props.onPick(e.target.value)}>
        <option value="">{t("allStations")}</option>
        {names.map((s) => <option key={s} value={s}>{s}</option>)}
      </select>
    </div>
  );
}
