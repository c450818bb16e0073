// The converter's side panel: the read-only [Total] block and the [Destinations] table with its
// '1st Dest' and '2nd Dest' columns. The 2nd Dest cell is the field the user types an airport in;
// when it is empty it shows the second destination the conversion found in the manifest, so the
// column never has weights under an empty name.

import type { DestinationTotals } from "../../../engine/types.ts";
import { useConverter } from "../stores/converter.ts";
import { useReference } from "../stores/reference.ts";
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

/** [Total] and [Destinations], with the 2nd Dest field. */
export function TotalsPanel() {
  const result = useConverter((s) => s.result);
  const secondDest = useConverter((s) => s.secondDest);
  const update = useConverter((s) => s.update);
  const stale = useConverter((s) => s.stale);
  const source = useReference((s) => s.source);
  const first = result?.ok ? result.firstDestination : null;
  const second = result?.ok ? result.secondDestination : null;
  // found in the manifest, not typed: shown in the field, replaced by what the user types
  const found = secondDest === "" ? second?.destination ?? "" : "";
  return (
    <aside className={stale ? "section totals stale" : "section totals"} aria-label="Totals">
      <div className="totals-block">
        <h2>[Total] {stale && <StaleBadge />}</h2>
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
                    ? (
                      <input
                        aria-label="2nd Dest"
                        aria-describedby={found !== "" ? "second-dest-found" : undefined}
                        className={found !== "" ? "second-dest found" : "second-dest"}
                        value={found !== "" ? found : secondDest}
                        maxLength={3}
                        autoCapitalize="characters"
                        spellCheck={false}
                        // typing replaces the airport found in the manifest
                        onFocus={(e) => found !== "" && e.target.select()}
                        onChange={(e) => update({ secondDest: e.target.value.toUpperCase() })}
                      />
                    )
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
      <p className="notice totals-source">
        Reference lists: {source === "server"
          ? "from the server"
          : source === "cache"
          ? "the last ones seen (server unreachable)"
          : source === null
          ? "loading…"
          : "built-in (server unreachable)"}
      </p>
    </aside>
  );
}
