// The extractor's three lists (MS, Rented, Foreign) with their Copy buttons. Duplicates and
// four-digit numbers are marked by colour and by a text flag, so the marks do not rest on colour.

import { useMemo } from "react";
import type { UldEntry } from "../../../engine/types.ts";
import { type ListKind, listOf, LISTS, useExtractor } from "../stores/extractor.ts";
import { ExtractorMessage } from "./ExtractorMessage.tsx";

/** Rows drawn per list: a 5 MB message holds tens of thousands; Copy and Export take them all. */
const ROW_LIMIT = 1000;

/** The three lists, in one column of the screen. */
export function ExtractorLists() {
  return (
    <section className="section extractor-lists" aria-label="ULD lists">
      {LISTS.map((l) => <UldList key={l.kind} kind={l.kind} title={l.title} />)}
      <p className="notice extractor-legend">
        <Flag kind="duplicate" /> the same ULD number more than once · <Flag kind="four-digit" />
        {" "}
        a four-digit serial · <Flag kind="invalid" /> an unknown ULD type
      </p>
    </section>
  );
}

const FLAGS = {
  duplicate: { short: "DUP", long: "duplicate" },
  "four-digit": { short: "4D", long: "four-digit number" },
  invalid: { short: "INV", long: "invalid ULD number" },
} as const;

function Flag(props: { kind: keyof typeof FLAGS }) {
  const flag = FLAGS[props.kind];
  return (
    <span className={`extractor-flag ${props.kind}`} title={flag.long}>
      <span aria-hidden="true">{flag.short}</span>
      <span className="extractor-sr-only">{flag.long}</span>
    </span>
  );
}

function rowClass(u: UldEntry): string | undefined {
  const names = [
    u.isDuplicate ? "duplicate" : "",
    u.isFourDigit ? "four-digit" : "",
    u.isValid ? "" : "invalid",
  ].filter((n) => n !== "");
  return names.length > 0 ? names.join(" ") : undefined;
}

function UldList(props: { kind: ListKind; title: string }) {
  const result = useExtractor((s) => s.result);
  const copyList = useExtractor((s) => s.copyList);
  const ulds = useMemo(() => listOf(result, props.kind), [result, props.kind]);
  const id = `extractor-list-${props.kind.toLowerCase()}`;
  const shown = ulds.length > ROW_LIMIT ? ulds.slice(0, ROW_LIMIT) : ulds;
  return (
    <div className="extractor-list">
      <div className="extractor-list-head">
        <h2 id={id}>
          {props.title} <span className="extractor-count">({ulds.length})</span>
        </h2>
        <button
          type="button"
          aria-label={`Copy ${props.title}`}
          onClick={() => void copyList(props.kind)}
        >
          Copy
        </button>
      </div>
      <div className="extractor-scroll">
        <table className="extractor-table" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">ULD</th>
              <th scope="col">B/C/X</th>
              <th scope="col">Dest.</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((u, i) => (
              <tr key={i} className={rowClass(u)}>
                <td>
                  <span className="extractor-uld">{u.uldNumber}</span>
                  {u.isDuplicate && <Flag kind="duplicate" />}
                  {u.isFourDigit && <Flag kind="four-digit" />}
                  {!u.isValid && <Flag kind="invalid" />}
                </td>
                <td>{u.loadType}</td>
                <td>{u.destination}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {ulds.length === 0 && <p className="notice">No ULDs</p>}
      {ulds.length > ROW_LIMIT && (
        <p className="notice">
          Showing the first {ROW_LIMIT} of {ulds.length}; Copy and Export take all of them.
        </p>
      )}
      <ExtractorMessage source={props.kind} />
    </div>
  );
}
