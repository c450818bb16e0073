// The flight's ULDs as one table (design 4.7): a row per ULD across the messages, in the order
// the UWS (or the FFM) lists them, then the NOTOC's, the CPM's and the UCM's others. A ULD found
// only in the UCM shows the destination its UCM item gives.

import type { EngineText } from "../messages/texts.ts";
import { type CodeLists, groupSide, isListed } from "../ntm/uws_match.ts";
import type { UwsReading } from "../ntm/uws_lines.ts";
import type { FlightRead } from "./read.ts";
import { sayFlight } from "./texts.ts";
import type { FlightUld } from "./types.ts";

/** The table's rows and the notes reading them gave (codes outside the lists). */
export interface FlightTable {
  ulds: FlightUld[];
  notes: EngineText[];
  /** Per ULD, the destination each message gives (message name, airport), for the findings. */
  destinations: Map<string, [string, string][]>;
}

/** The UWS of the check: the pasted one, else the one the converter made from the FFM. */
export function uwsOf(read: FlightRead, codes: ReadonlySet<string>): UwsReading | null {
  if (read.uws !== null || read.ffm === null) return read.uws;
  const c = read.ffm.conversion;
  return {
    flight: null,
    ulds: c.ulds.map((u, i) => ({
      uldId: u.id,
      offset: -1,
      destination: u.destination,
      gross: u.grossWeight,
      codes: u.codes.filter((code) => codes.has(code)),
      line: i + 1,
    })),
    bulk: [],
  };
}

function emptyRow(uldId: string): FlightUld {
  return {
    uldId,
    destination: "",
    ffmCargoWeight: null,
    uwsGross: null,
    codes: { ffm: null, uws: null, ntm: null },
    ntmPosition: null,
    cpm: null,
    ucm: null,
  };
}

/** Builds the table of a flight's ULDs from its messages as read. */
export function flightTable(
  read: FlightRead,
  uws: UwsReading | null,
  lists: CodeLists,
): FlightTable {
  const rows = new Map<string, FlightUld>();
  const destinations = new Map<string, [string, string][]>();
  const notes = new Map<string, EngineText>();
  const row = (id: string) => {
    let r = rows.get(id);
    if (r === undefined) rows.set(id, r = emptyRow(id));
    return r;
  };
  const destination = (id: string, message: string, airport: string) => {
    if (airport === "") return;
    const seen = destinations.get(id) ?? [];
    seen.push([message, airport]);
    destinations.set(id, seen);
    row(id).destination ||= airport;
  };
  const note = (uld: string, code: string) => {
    const said = sayFlight("flight:unlisted_code", { uld, code });
    if (!notes.has(said.message)) notes.set(said.message, said);
  };

  for (const u of uws?.ulds ?? []) {
    const r = row(u.uldId);
    r.uwsGross ??= u.gross;
    r.codes.uws ??= [];
    for (const code of u.codes) {
      if (!isListed(lists, code)) note(u.uldId, code);
      else if (!r.codes.uws.includes(code)) r.codes.uws.push(code);
    }
    destination(u.uldId, "UWS", u.destination);
  }
  const ffm = read.ffm;
  for (const u of ffm?.conversion.ulds ?? []) {
    const r = row(u.id);
    r.ffmCargoWeight = u.cargoWeight;
    r.codes.ffm = ffm?.uldCodes.get(u.id) ?? [];
    destination(u.id, "FFM", u.destination);
  }
  if (read.ntm !== null) {
    const items = read.ntm.items.filter((i) => i.uldId !== "");
    for (const n of groupSide(items, lists).values()) {
      row(n.uldId).codes.ntm = n.codes;
      for (const code of n.others) note(n.uldId, code);
    }
    for (const i of items) {
      row(i.uldId).ntmPosition ??= i.position;
      destination(i.uldId, "NOTOC", i.destination);
    }
  }
  for (const [id, cpm] of read.cpm ?? []) {
    row(id).cpm = cpm;
    destination(id, "CPM", cpm.destination);
  }
  for (const [id, item] of read.ucm ?? []) {
    // a ULD only the UCM names shows the destination its item gives (no finding: no other says)
    const r = row(id);
    r.ucm = item.side;
    r.destination ||= item.destination;
  }
  return { ulds: [...rows.values()], notes: [...notes.values()], destinations };
}
