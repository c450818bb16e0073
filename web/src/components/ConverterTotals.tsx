// The converter's side panel: the read-only [Total] block and the [Destinations] table with its
// '1st Dest' and '2nd Dest' columns. The 2nd Dest cell is the field the user types an airport in;
// when it is empty it shows the second destination the conversion found in the manifest, so the
// column never has weights under an empty name.

import type { DestinationTotals } from "../../../engine/types.ts";
import { useConverter } from "../stores/converter.ts";
import { type ReferenceSource, useReference } from "../stores/reference.ts";
import { StaleBadge } from "./ConverterStatus.tsx";

/** A figure as the panel shows it: net weights to one decimal (design 4.2: 1448.0). */
function figure(key: string, value: number | string | undefined): string {
  if (value === undefined) return "";
  return key === "netWeight" && typeof value === "number" ? value.toFixed(1) : String(value);
}

const ROWS: [string, keyof DestinationTotals][] = [
  ["Destination", "destination"],
  ["Gross weight", "grossWeight"],
  ["Net weight", "netWeight"],
  ["Tare weight", "tareWeight"],
  ["ULDs", "numberOfUlds"],
  ["Bulk Load", "bulkLoad"],
];

/** Where the reference lists in use came from, as the panel's footnote says it. */
function sourceText(source: ReferenceSource | null): string {
  return source === "server"
    ? "from the server"
    : source === "cache"
    ? "the last ones seen (server unreachable)"
    : source === null
    ? "loading…"
    : "built-in (server unreachable)";
}

/** [Total] and [Destinations], with the 2nd Dest field. */
export function TotalsPanel() {
  const stale = useConverter((s) => s.stale);
  const source = useReference((s) => s.source);
  return (
    <aside className={stale ? "section totals stale" : "section totals"} aria-label="Totals">
      <TotalBlock stale={stale} />
      <DestinationsBlock />
      <p className="notice totals-source">Reference lists: {sourceText(source)}</p>
    </aside>
  );
}

/** [Total]: the conversion's totals, '-' until a conversion succeeds. */
function TotalBlock(props: { stale: boolean }) {
  const result = useConverter((s) => s.result);
  return (
    <div className="totals-block">
      <h2>[Total] {props.stale && <StaleBadge />}</h2>
      <dl className="totals-figures">
        {([
          ["Gross weight", result?.totalGrossWeight],
          ["Net weight", result?.ok ? figure("netWeight", result.totalNetWeight) : undefined],
          ["Tare weight", result?.totalTareWeight],
          ["ULDs", result?.numberOfUlds],
          ["Bulk Load", result?.bulkLoad],
        ] as const).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-total={label}>{result?.ok ? value : "-"}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** [Destinations]: a row a figure, the 1st and 2nd Dest columns. */
function DestinationsBlock() {
  const result = useConverter((s) => s.result);
  const secondDest = useConverter((s) => s.secondDest);
  const first = result?.ok ? result.firstDestination : null;
  const second = result?.ok ? result.secondDestination : null;
  // found in the manifest, not typed: shown in the field, replaced by what the user types
  const found = secondDest === "" ? second?.destination ?? "" : "";
  return (
    <div className="totals-block">
      <h2>[Destinations]</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Figure</span>
            </th>
            <th scope="col">1st Dest</th>
            <th scope="col">2nd Dest</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([label, key]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td data-dest="1" data-row={key}>{figure(key, first?.[key])}</td>
              <td
                data-dest="2"
                data-row={key}
                className={key === "destination" ? undefined : "hl-second-cell"}
              >
                {key === "destination"
                  ? <SecondDestField found={found} typed={secondDest} />
                  : figure(key, second?.[key])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {found !== "" && (
        <p className="notice" id="second-dest-found">
          2nd Dest {found} is from the manifest; type another airport to use it instead.
        </p>
      )}
    </div>
  );
}

/** The 2nd Dest field: what the user typed, else the airport found in the manifest. */
function SecondDestField(props: { found: string; typed: string }) {
  const { found } = props;
  const update = useConverter((s) => s.update);
  return (
    <input
      aria-label="2nd Dest"
      aria-describedby={found !== "" ? "second-dest-found" : undefined}
      className={found !== "" ? "second-dest found" : "second-dest"}
      value={found !== "" ? found : props.typed}
      maxLength={3}
      autoCapitalize="characters"
      spellCheck={false}
      // typing replaces the airport found in the manifest
      onFocus={(e) => found !== "" && e.target.select()}
      onChange={(e) => update({ secondDest: e.target.value.toUpperCase() })}
    />
  );
}
